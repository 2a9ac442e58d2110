CREATE TABLE "jours_feries_centres" (
	"jour_ferie_id" integer NOT NULL,
	"centre_id" integer NOT NULL,
	CONSTRAINT "jours_feries_centres_jour_ferie_id_centre_id_pk" PRIMARY KEY("jour_ferie_id","centre_id")
);
--> statement-breakpoint
CREATE TABLE "parascolaire_centres" (
	"parascolaire_id" integer NOT NULL,
	"centre_id" integer NOT NULL,
	CONSTRAINT "parascolaire_centres_parascolaire_id_centre_id_pk" PRIMARY KEY("parascolaire_id","centre_id")
);
--> statement-breakpoint
CREATE TABLE "certificate_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"numero" text NOT NULL,
	"code" text NOT NULL,
	"holder_name" text NOT NULL,
	"title" text NOT NULL,
	"signatory_name" text NOT NULL,
	"signatory_title" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"file_key" text,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text,
	"revoked_by" integer,
	CONSTRAINT "certificate_documents_request_id_unique" UNIQUE("request_id"),
	CONSTRAINT "certificate_documents_numero_unique" UNIQUE("numero"),
	CONSTRAINT "certificate_documents_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "certificate_number_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "certificate_request_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"motif" text,
	"staff_id" integer,
	"staff_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "certificate_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"signatory_name" text NOT NULL,
	"signatory_title" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "contact_replies" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"message_id" bigint NOT NULL,
	"staff_id" integer,
	"staff_name" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"mail_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_password_resets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "staff_password_resets_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "student_imports" (
	"id" text PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"rows" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "student_invitations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "student_invitations_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "password_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "policies" ALTER COLUMN "version" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "centres" ADD COLUMN "telephone" text;--> statement-breakpoint
ALTER TABLE "centres" ADD COLUMN "lien_carte" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_login_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "jours_feries" ADD COLUMN "categorie" text DEFAULT 'national' NOT NULL;--> statement-breakpoint
ALTER TABLE "jours_feries" ADD COLUMN "jour_fin" date;--> statement-breakpoint
ALTER TABLE "jours_feries" ADD COLUMN "statut_date" text;--> statement-breakpoint
ALTER TABLE "jours_feries" ADD COLUMN "cle" text;--> statement-breakpoint
ALTER TABLE "jours_feries" ADD COLUMN "annee_scolaire" integer;--> statement-breakpoint
ALTER TABLE "jours_feries" ADD COLUMN "sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "jours_feries" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "jours_feries" ADD COLUMN "withdrawn_by" integer;--> statement-breakpoint
ALTER TABLE "parascolaires" ADD COLUMN "type_evenement" text DEFAULT 'academic' NOT NULL;--> statement-breakpoint
ALTER TABLE "parascolaires" ADD COLUMN "heure_debut" time;--> statement-breakpoint
ALTER TABLE "parascolaires" ADD COLUMN "heure_fin" time;--> statement-breakpoint
ALTER TABLE "parascolaires" ADD COLUMN "tous_centres" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "parascolaires" ADD COLUMN "sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "parascolaires" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "parascolaires" ADD COLUMN "withdrawn_by" integer;--> statement-breakpoint
ALTER TABLE "certificate_requests" ADD COLUMN "motif" text;--> statement-breakpoint
ALTER TABLE "certificate_requests" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "handled_by" integer;--> statement-breakpoint
ALTER TABLE "cours_documents" ADD COLUMN "mois" integer;--> statement-breakpoint
ALTER TABLE "cours_documents" ADD COLUMN "annee" integer;--> statement-breakpoint
ALTER TABLE "cours_documents" ADD COLUMN "ordre" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cours_documents" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cours_documents" ADD COLUMN "withdrawn_by" integer;--> statement-breakpoint
ALTER TABLE "orientation_documents" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orientation_documents" ADD COLUMN "withdrawn_by" integer;--> statement-breakpoint
ALTER TABLE "planifications" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "planifications" ADD COLUMN "withdrawn_by" integer;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "published_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "withdrawn_by" integer;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "email_copy" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "emailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "status" text DEFAULT 'publiee' NOT NULL;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "published_by" integer;--> statement-breakpoint
ALTER TABLE "jours_feries_centres" ADD CONSTRAINT "jours_feries_centres_jour_ferie_id_jours_feries_id_fk" FOREIGN KEY ("jour_ferie_id") REFERENCES "public"."jours_feries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jours_feries_centres" ADD CONSTRAINT "jours_feries_centres_centre_id_centres_id_fk" FOREIGN KEY ("centre_id") REFERENCES "public"."centres"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parascolaire_centres" ADD CONSTRAINT "parascolaire_centres_parascolaire_id_parascolaires_id_fk" FOREIGN KEY ("parascolaire_id") REFERENCES "public"."parascolaires"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parascolaire_centres" ADD CONSTRAINT "parascolaire_centres_centre_id_centres_id_fk" FOREIGN KEY ("centre_id") REFERENCES "public"."centres"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_documents" ADD CONSTRAINT "certificate_documents_request_id_certificate_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."certificate_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_request_events" ADD CONSTRAINT "certificate_request_events_request_id_certificate_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."certificate_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_replies" ADD CONSTRAINT "contact_replies_message_id_contact_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."contact_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_replies" ADD CONSTRAINT "contact_replies_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_replies" ADD CONSTRAINT "contact_replies_mail_id_mail_outbox_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_password_resets" ADD CONSTRAINT "staff_password_resets_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_imports" ADD CONSTRAINT "student_imports_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_invitations" ADD CONSTRAINT "student_invitations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "certificate_request_events_request_idx" ON "certificate_request_events" USING btree ("request_id","created_at");--> statement-breakpoint
CREATE INDEX "contact_replies_message_idx" ON "contact_replies" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "staff_password_resets_staff_idx" ON "staff_password_resets" USING btree ("staff_id");--> statement-breakpoint
CREATE INDEX "student_imports_staff_idx" ON "student_imports" USING btree ("staff_id");--> statement-breakpoint
CREATE INDEX "student_invitations_user_idx" ON "student_invitations" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "jours_feries" ADD CONSTRAINT "jours_feries_withdrawn_by_staff_users_id_fk" FOREIGN KEY ("withdrawn_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parascolaires" ADD CONSTRAINT "parascolaires_withdrawn_by_staff_users_id_fk" FOREIGN KEY ("withdrawn_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_handled_by_staff_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cours_documents" ADD CONSTRAINT "cours_documents_withdrawn_by_staff_users_id_fk" FOREIGN KEY ("withdrawn_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orientation_documents" ADD CONSTRAINT "orientation_documents_withdrawn_by_staff_users_id_fk" FOREIGN KEY ("withdrawn_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planifications" ADD CONSTRAINT "planifications_withdrawn_by_staff_users_id_fk" FOREIGN KEY ("withdrawn_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_withdrawn_by_staff_users_id_fk" FOREIGN KEY ("withdrawn_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_created_by_staff_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_published_by_staff_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "etudiants_centre_idx" ON "etudiants" USING btree ("centre_id");--> statement-breakpoint
CREATE INDEX "etudiants_option_idx" ON "etudiants" USING btree ("option_id");--> statement-breakpoint
CREATE INDEX "etudiants_filiere_idx" ON "etudiants" USING btree ("filiere_id");--> statement-breakpoint
CREATE INDEX "etudiants_nom_prenom_idx" ON "etudiants" USING btree ("nom","prenom");--> statement-breakpoint
CREATE UNIQUE INDEX "jours_feries_cle_annee_idx" ON "jours_feries" USING btree ("cle","annee_scolaire") WHERE "jours_feries"."cle" is not null;--> statement-breakpoint
CREATE INDEX "certificate_requests_status_idx" ON "certificate_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "notifications_withdrawn_at_idx" ON "notifications" USING btree ("withdrawn_at");--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_status_check" CHECK ("policies"."status" in ('brouillon', 'publiee'));--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_published_version_check" CHECK ("policies"."status" = 'brouillon' or "policies"."version" is not null);--> statement-breakpoint
-- custom SQL (keep when regenerating)
-- Holidays seeded before this migration: their school year, their category and, for the
-- religious ones, 'prevue' (docs/spec/back-office.md section 5); the rules of
-- packages/contract/src/rules/calendars.ts (holidayCategory) read from the name.
UPDATE "jours_feries" SET "annee_scolaire" = CASE WHEN extract(month FROM "jour") >= 9 THEN extract(year FROM "jour")::int ELSE extract(year FROM "jour")::int - 1 END WHERE "annee_scolaire" IS NULL;--> statement-breakpoint
UPDATE "jours_feries" SET "categorie" = 'religieux', "statut_date" = 'prevue' WHERE "nom" ~* '(a[iï]d|h[ée]girien|ramadan)' OR "description" ~* 'religieux';--> statement-breakpoint
UPDATE "jours_feries" SET "categorie" = 'international' WHERE "categorie" = 'national' AND ("nom" ~* '(travail|international)' OR "description" ~* 'international');--> statement-breakpoint

-- Notifications already stored have no publication time: each went out when it was written.
UPDATE "notifications" SET "published_at" = "created_at";--> statement-breakpoint

-- Published versions without a publication time: their publication is their last update.
UPDATE "policies" SET "published_at" = "last_updated" WHERE "status" = 'publiee' AND "published_at" IS NULL;
