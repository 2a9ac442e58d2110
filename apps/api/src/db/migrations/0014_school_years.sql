-- School years and cohorts (docs/spec/school-year-and-data.md sections 1-3, decision 111).
--
-- current_school_year_id(): the year `en_cours`, the default of every row that belongs to a year
-- (students' cohort, plannings, notifications, events), so no writer has to name it. On a
-- database without any year it creates the one of today (1 September - 31 August, Casablanca
-- time: PostgreSQL's clock here, only for that very first year; closing a year names the next
-- one itself). Lazy rather than inserted by this migration, so that an empty database stays empty
-- (a restore refuses a target that holds rows).
CREATE TABLE "annees_scolaires" (
	"id" serial PRIMARY KEY NOT NULL,
	"debut_annee" integer NOT NULL,
	"statut" text NOT NULL,
	"cloturee_le" timestamp with time zone,
	CONSTRAINT "annees_scolaires_debut_annee_unique" UNIQUE("debut_annee"),
	CONSTRAINT "annees_scolaires_statut_check" CHECK ("annees_scolaires"."statut" in ('en_cours', 'a_venir', 'cloturee'))
);
--> statement-breakpoint
CREATE FUNCTION current_school_year_id() RETURNS integer LANGUAGE plpgsql VOLATILE AS $$
DECLARE
	found integer;
BEGIN
	SELECT id INTO found FROM annees_scolaires WHERE statut = 'en_cours';
	IF found IS NULL THEN
		INSERT INTO annees_scolaires (debut_annee, statut)
		SELECT (extract(year FROM t.local) - CASE WHEN extract(month FROM t.local) >= 9 THEN 0 ELSE 1 END)::integer, 'en_cours'
		FROM (SELECT now() AT TIME ZONE 'Africa/Casablanca' AS local) AS t
		ON CONFLICT DO NOTHING;
		SELECT id INTO found FROM annees_scolaires WHERE statut = 'en_cours';
	END IF;
	RETURN found;
END
$$;
--> statement-breakpoint
CREATE TABLE "inscriptions" (
	"etudiant_id" integer NOT NULL,
	"annee_id" integer NOT NULL,
	"centre_id" integer,
	"option_id" integer,
	"filiere_id" integer,
	CONSTRAINT "inscriptions_etudiant_id_annee_id_pk" PRIMARY KEY("etudiant_id","annee_id")
);
--> statement-breakpoint
ALTER TABLE "etudiants" ADD COLUMN "promotion_id" integer DEFAULT current_school_year_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "etudiants" ADD COLUMN "statut_scolaire" text DEFAULT 'inscrit' NOT NULL;--> statement-breakpoint
ALTER TABLE "etudiants" ADD COLUMN "sorti_le" date;--> statement-breakpoint
ALTER TABLE "etudiants" ADD COLUMN "motif_sortie" text;--> statement-breakpoint
ALTER TABLE "parascolaires" ADD COLUMN "annee_id" integer DEFAULT current_school_year_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "planifications" ADD COLUMN "annee_id" integer DEFAULT current_school_year_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "annee_id" integer DEFAULT current_school_year_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "inscriptions" ADD CONSTRAINT "inscriptions_etudiant_id_etudiants_id_fk" FOREIGN KEY ("etudiant_id") REFERENCES "public"."etudiants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inscriptions" ADD CONSTRAINT "inscriptions_annee_id_annees_scolaires_id_fk" FOREIGN KEY ("annee_id") REFERENCES "public"."annees_scolaires"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inscriptions" ADD CONSTRAINT "inscriptions_centre_id_centres_id_fk" FOREIGN KEY ("centre_id") REFERENCES "public"."centres"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inscriptions" ADD CONSTRAINT "inscriptions_option_id_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."options"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inscriptions" ADD CONSTRAINT "inscriptions_filiere_id_filieres_id_fk" FOREIGN KEY ("filiere_id") REFERENCES "public"."filieres"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "annees_scolaires_une_en_cours" ON "annees_scolaires" USING btree ("statut") WHERE "annees_scolaires"."statut" = 'en_cours';--> statement-breakpoint
CREATE INDEX "inscriptions_annee_idx" ON "inscriptions" USING btree ("annee_id");--> statement-breakpoint
ALTER TABLE "etudiants" ADD CONSTRAINT "etudiants_promotion_id_annees_scolaires_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."annees_scolaires"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parascolaires" ADD CONSTRAINT "parascolaires_annee_id_annees_scolaires_id_fk" FOREIGN KEY ("annee_id") REFERENCES "public"."annees_scolaires"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planifications" ADD CONSTRAINT "planifications_annee_id_annees_scolaires_id_fk" FOREIGN KEY ("annee_id") REFERENCES "public"."annees_scolaires"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_annee_id_annees_scolaires_id_fk" FOREIGN KEY ("annee_id") REFERENCES "public"."annees_scolaires"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "etudiants_promotion_statut_idx" ON "etudiants" USING btree ("promotion_id","statut_scolaire");--> statement-breakpoint
CREATE INDEX "parascolaires_annee_idx" ON "parascolaires" USING btree ("annee_id");--> statement-breakpoint
CREATE INDEX "planifications_annee_idx" ON "planifications" USING btree ("annee_id");--> statement-breakpoint
CREATE INDEX "notifications_annee_idx" ON "notifications" USING btree ("annee_id");--> statement-breakpoint
ALTER TABLE "etudiants" ADD CONSTRAINT "etudiants_statut_scolaire_check" CHECK ("etudiants"."statut_scolaire" in ('inscrit', 'ancien_eleve'));--> statement-breakpoint
ALTER TABLE "etudiants" ADD CONSTRAINT "etudiants_sortie_check" CHECK (("etudiants"."statut_scolaire" = 'inscrit' and "etudiants"."sorti_le" is null and "etudiants"."motif_sortie" is null) or ("etudiants"."statut_scolaire" = 'ancien_eleve' and "etudiants"."sorti_le" is not null and "etudiants"."motif_sortie" in ('fin_de_formation', 'abandon', 'transfert')));
--> statement-breakpoint
-- Every year a student attended (inscriptions): the row of their cohort follows the student as
-- any writer (creation, import, edit, closing a year) changes them, kept by the database.
CREATE FUNCTION inscriptions_follow_etudiant() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO inscriptions (etudiant_id, annee_id, centre_id, option_id, filiere_id)
	VALUES (NEW.id, NEW.promotion_id, NEW.centre_id, NEW.option_id, NEW.filiere_id)
	ON CONFLICT (etudiant_id, annee_id) DO UPDATE SET
		centre_id = EXCLUDED.centre_id, option_id = EXCLUDED.option_id, filiere_id = EXCLUDED.filiere_id;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER inscriptions_follow_etudiant AFTER INSERT OR UPDATE OF promotion_id, centre_id, option_id, filiere_id
	ON etudiants FOR EACH ROW EXECUTE FUNCTION inscriptions_follow_etudiant();
--> statement-breakpoint
-- The students of before this migration: enrolled in the current year, where they are now.
INSERT INTO inscriptions (etudiant_id, annee_id, centre_id, option_id, filiere_id)
SELECT id, promotion_id, centre_id, option_id, filiere_id FROM etudiants;
