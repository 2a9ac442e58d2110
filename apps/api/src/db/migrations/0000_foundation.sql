CREATE TABLE "centres" (
	"id" serial PRIMARY KEY NOT NULL,
	"nom" text NOT NULL,
	"adresse" text DEFAULT '' NOT NULL,
	CONSTRAINT "centres_nom_unique" UNIQUE("nom")
);
--> statement-breakpoint
CREATE TABLE "etudiants" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"student_id" text NOT NULL,
	"nom" text NOT NULL,
	"prenom" text NOT NULL,
	"email" text NOT NULL,
	"telephone_etudiant" text,
	"cin_etudiant" text,
	"centre_id" integer,
	"option_id" integer,
	"filiere_id" integer,
	"profile_image" text,
	CONSTRAINT "etudiants_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "etudiants_student_id_unique" UNIQUE("student_id")
);
--> statement-breakpoint
CREATE TABLE "filieres" (
	"id" serial PRIMARY KEY NOT NULL,
	"nom" text NOT NULL,
	CONSTRAINT "filieres_nom_unique" UNIQUE("nom")
);
--> statement-breakpoint
CREATE TABLE "options" (
	"id" serial PRIMARY KEY NOT NULL,
	"nom" text NOT NULL,
	"filiere_id" integer,
	CONSTRAINT "options_nom_unique" UNIQUE("nom")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "personal_access_tokens" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"name" text DEFAULT 'web' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spent_captchas" (
	"id" text PRIMARY KEY NOT NULL,
	"spent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "throttles" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	"lockouts" integer DEFAULT 0 NOT NULL,
	"last_lockout_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "policies" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"effective_date" date NOT NULL,
	"last_updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "policies_version_unique" UNIQUE("version")
);
--> statement-breakpoint
CREATE TABLE "policy_acceptances" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"policy_id" integer NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text NOT NULL,
	"user_agent" text NOT NULL,
	CONSTRAINT "policy_acceptances_user_policy_unique" UNIQUE("user_id","policy_id")
);
--> statement-breakpoint
ALTER TABLE "etudiants" ADD CONSTRAINT "etudiants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "etudiants" ADD CONSTRAINT "etudiants_centre_id_centres_id_fk" FOREIGN KEY ("centre_id") REFERENCES "public"."centres"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "etudiants" ADD CONSTRAINT "etudiants_option_id_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."options"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "etudiants" ADD CONSTRAINT "etudiants_filiere_id_filieres_id_fk" FOREIGN KEY ("filiere_id") REFERENCES "public"."filieres"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "options" ADD CONSTRAINT "options_filiere_id_filieres_id_fk" FOREIGN KEY ("filiere_id") REFERENCES "public"."filieres"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personal_access_tokens" ADD CONSTRAINT "personal_access_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_acceptances" ADD CONSTRAINT "policy_acceptances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_acceptances" ADD CONSTRAINT "policy_acceptances_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "personal_access_tokens_user_idx" ON "personal_access_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "spent_captchas_spent_at_idx" ON "spent_captchas" USING btree ("spent_at");