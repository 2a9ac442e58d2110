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
ALTER TABLE "jours_feries_centres" ADD CONSTRAINT "jours_feries_centres_jour_ferie_id_jours_feries_id_fk" FOREIGN KEY ("jour_ferie_id") REFERENCES "public"."jours_feries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jours_feries_centres" ADD CONSTRAINT "jours_feries_centres_centre_id_centres_id_fk" FOREIGN KEY ("centre_id") REFERENCES "public"."centres"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parascolaire_centres" ADD CONSTRAINT "parascolaire_centres_parascolaire_id_parascolaires_id_fk" FOREIGN KEY ("parascolaire_id") REFERENCES "public"."parascolaires"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parascolaire_centres" ADD CONSTRAINT "parascolaire_centres_centre_id_centres_id_fk" FOREIGN KEY ("centre_id") REFERENCES "public"."centres"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jours_feries" ADD CONSTRAINT "jours_feries_withdrawn_by_staff_users_id_fk" FOREIGN KEY ("withdrawn_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parascolaires" ADD CONSTRAINT "parascolaires_withdrawn_by_staff_users_id_fk" FOREIGN KEY ("withdrawn_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "jours_feries_cle_annee_idx" ON "jours_feries" USING btree ("cle","annee_scolaire") WHERE "jours_feries"."cle" is not null;--> statement-breakpoint
-- custom SQL (keep when regenerating)
-- Holidays seeded before this migration: their school year, their category and, for the
-- religious ones, 'prevue' (docs/spec/back-office.md section 5); the rules of
-- packages/contract/src/rules/calendars.ts (holidayCategory) read from the name.
UPDATE "jours_feries" SET "annee_scolaire" = CASE WHEN extract(month FROM "jour") >= 9 THEN extract(year FROM "jour")::int ELSE extract(year FROM "jour")::int - 1 END WHERE "annee_scolaire" IS NULL;--> statement-breakpoint
UPDATE "jours_feries" SET "categorie" = 'religieux', "statut_date" = 'prevue' WHERE "nom" ~* '(a[iï]d|h[ée]girien|ramadan)' OR "description" ~* 'religieux';--> statement-breakpoint
UPDATE "jours_feries" SET "categorie" = 'international' WHERE "categorie" = 'national' AND ("nom" ~* '(travail|international)' OR "description" ~* 'international');
