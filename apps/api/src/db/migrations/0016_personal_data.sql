-- Personal data under law 09-08 (docs/spec/school-year-and-data.md section 4, decision 112): the
-- retention periods (one row, written by the first PATCH; until then the defaults below), the purge
-- runs, the access and erasure requests handled, and the journal's one allowed change.
CREATE TABLE "demandes_donnees" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"etudiant_id" integer NOT NULL,
	"staff_id" integer,
	"motif" text,
	"empreinte" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "demandes_donnees_type_check" CHECK ("demandes_donnees"."type" in ('acces', 'effacement', 'purge'))
);
--> statement-breakpoint
CREATE TABLE "purges" (
	"id" serial PRIMARY KEY NOT NULL,
	"declenchement" text NOT NULL,
	"staff_id" integer,
	"statut" text DEFAULT 'en_cours' NOT NULL,
	"nombres" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "purges_declenchement_check" CHECK ("purges"."declenchement" in ('nuit', 'manuel')),
	CONSTRAINT "purges_statut_check" CHECK ("purges"."statut" in ('en_cours', 'terminee', 'echouee'))
);
--> statement-breakpoint
CREATE TABLE "conservation" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"anciens_eleves_mois" integer DEFAULT 36 NOT NULL,
	"invitations_mois" integer DEFAULT 12 NOT NULL,
	"messages_mois" integer DEFAULT 24 NOT NULL,
	"traces_mois" integer DEFAULT 12 NOT NULL,
	"emails_envoyes_mois" integer DEFAULT 1 NOT NULL,
	"journal_mois" integer DEFAULT 60 NOT NULL,
	"cndp_numero" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conservation_one_row" CHECK ("conservation"."id" = 1),
	CONSTRAINT "conservation_months" CHECK (least("conservation"."anciens_eleves_mois", "conservation"."invitations_mois", "conservation"."messages_mois", "conservation"."traces_mois", "conservation"."emails_envoyes_mois", "conservation"."journal_mois") >= 0)
);
--> statement-breakpoint
ALTER TABLE "demandes_donnees" ADD CONSTRAINT "demandes_donnees_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purges" ADD CONSTRAINT "purges_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- The journal stays append-only (migration 0008) for everything but the pseudonymisation of law
-- 09-08 (decision 112): only audit_log_pseudonymise() below may change an entry, and only its
-- personal fields (summary, changes, ip, staff_name); the event itself (when, who by id, what,
-- on which element) never changes. A plain UPDATE, DELETE or TRUNCATE is still refused.
CREATE OR REPLACE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'UPDATE' AND current_setting('puerta.pseudonymisation', true) = 'on'
		AND NEW.id = OLD.id AND NEW.at = OLD.at AND NEW.action = OLD.action AND NEW.entity = OLD.entity
		AND NEW.entity_id IS NOT DISTINCT FROM OLD.entity_id AND NEW.staff_id IS NOT DISTINCT FROM OLD.staff_id
		AND NEW.role IS NOT DISTINCT FROM OLD.role THEN
		RETURN NEW;
	END IF;
	RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
-- words NULL: the whole entry's personal fields become '[effacé]' (the journal's retention period);
-- otherwise each of `words` (a student's name, e-mail, CIN, phone) is replaced by '[effacé]' in the
-- summary and the changes, and the address is dropped (an erasure). Answers the entries changed.
CREATE FUNCTION audit_log_pseudonymise(entry_ids bigint[], words text[]) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
	changed integer;
	word text;
	summary_text text;
	changes_text text;
	entry record;
BEGIN
	PERFORM set_config('puerta.pseudonymisation', 'on', true);
	changed := 0;
	FOR entry IN SELECT id, summary, changes, staff_name FROM audit_log WHERE id = ANY(entry_ids) LOOP
		IF words IS NULL THEN
			UPDATE audit_log SET summary = '[effacé]', changes = NULL, ip = NULL,
				staff_name = CASE WHEN staff_name IS NULL THEN NULL ELSE '[effacé]' END
			WHERE id = entry.id AND (summary <> '[effacé]' OR changes IS NOT NULL OR ip IS NOT NULL);
		ELSE
			summary_text := entry.summary;
			changes_text := entry.changes::text;
			FOREACH word IN ARRAY words LOOP
				IF word IS NOT NULL AND length(word) > 0 THEN
					summary_text := replace(summary_text, word, '[effacé]');
					changes_text := replace(changes_text, to_json(word)::text, '"[effacé]"');
					changes_text := replace(changes_text, replace(to_json(word)::text, '"', ''), '[effacé]');
				END IF;
			END LOOP;
			UPDATE audit_log SET summary = summary_text, changes = changes_text::jsonb, ip = NULL WHERE id = entry.id;
		END IF;
		IF FOUND THEN changed := changed + 1; END IF;
	END LOOP;
	PERFORM set_config('puerta.pseudonymisation', 'off', true);
	RETURN changed;
END
$$;
