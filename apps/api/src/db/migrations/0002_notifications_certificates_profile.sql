CREATE TABLE "notification_reads" (
	"notification_id" integer NOT NULL,
	"etudiant_id" integer NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_reads_etudiant_id_notification_id_pk" PRIMARY KEY("etudiant_id","notification_id")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"titre" text NOT NULL,
	"message" text NOT NULL,
	"type_destinataire" text NOT NULL,
	"etudiant_ids" integer[] DEFAULT '{}' NOT NULL,
	"option_ids" integer[] DEFAULT '{}' NOT NULL,
	"centre_ids" integer[] DEFAULT '{}' NOT NULL,
	"filiere_ids" integer[] DEFAULT '{}' NOT NULL,
	"statut" text DEFAULT 'envoye' NOT NULL,
	"sender" text,
	"priority" text,
	"photo_key" text,
	"photo_content_type" text,
	"link" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "certificate_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"etudiant_id" integer NOT NULL,
	"student_id" text NOT NULL,
	"nom" text NOT NULL,
	"prenom" text NOT NULL,
	"cin" text,
	"option" text,
	"centre_id" integer,
	"type" text NOT NULL,
	"niveau" text,
	"langues" text[] DEFAULT '{}' NOT NULL,
	"status" text DEFAULT 'En Cours' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profile_photos" (
	"etudiant_id" integer PRIMARY KEY NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_reads" ADD CONSTRAINT "notification_reads_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_reads" ADD CONSTRAINT "notification_reads_etudiant_id_etudiants_id_fk" FOREIGN KEY ("etudiant_id") REFERENCES "public"."etudiants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_requests" ADD CONSTRAINT "certificate_requests_etudiant_id_etudiants_id_fk" FOREIGN KEY ("etudiant_id") REFERENCES "public"."etudiants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_photos" ADD CONSTRAINT "profile_photos_etudiant_id_etudiants_id_fk" FOREIGN KEY ("etudiant_id") REFERENCES "public"."etudiants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_created_at_idx" ON "notifications" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "certificate_requests_etudiant_idx" ON "certificate_requests" USING btree ("etudiant_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "certificate_requests_one_pending_idx" ON "certificate_requests" USING btree ("etudiant_id","type",coalesce("niveau", ''),"langues") WHERE "certificate_requests"."status" = 'En Cours';