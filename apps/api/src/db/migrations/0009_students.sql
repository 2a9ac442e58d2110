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
ALTER TABLE "centres" ADD COLUMN "telephone" text;--> statement-breakpoint
ALTER TABLE "centres" ADD COLUMN "lien_carte" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_login_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "student_imports" ADD CONSTRAINT "student_imports_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_invitations" ADD CONSTRAINT "student_invitations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "student_imports_staff_idx" ON "student_imports" USING btree ("staff_id");--> statement-breakpoint
CREATE INDEX "student_invitations_user_idx" ON "student_invitations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "etudiants_centre_idx" ON "etudiants" USING btree ("centre_id");--> statement-breakpoint
CREATE INDEX "etudiants_option_idx" ON "etudiants" USING btree ("option_id");--> statement-breakpoint
CREATE INDEX "etudiants_filiere_idx" ON "etudiants" USING btree ("filiere_id");--> statement-breakpoint
CREATE INDEX "etudiants_nom_prenom_idx" ON "etudiants" USING btree ("nom","prenom");