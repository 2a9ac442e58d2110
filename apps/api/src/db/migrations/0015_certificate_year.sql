-- The school year an attestation is about (a former student may ask for a past one), and the
-- revoked request a re-issue comes from (decision 111). The requests of before this migration were
-- made in the current year.
DROP INDEX "certificate_requests_one_pending_idx";--> statement-breakpoint
ALTER TABLE "certificate_requests" ADD COLUMN "annee_id" integer;--> statement-breakpoint
ALTER TABLE "certificate_requests" ADD COLUMN "reemise_de" integer;--> statement-breakpoint
ALTER TABLE "certificate_requests" ADD CONSTRAINT "certificate_requests_annee_id_annees_scolaires_id_fk" FOREIGN KEY ("annee_id") REFERENCES "public"."annees_scolaires"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_requests" ADD CONSTRAINT "certificate_requests_reemise_de_certificate_requests_id_fk" FOREIGN KEY ("reemise_de") REFERENCES "public"."certificate_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certificate_requests_one_pending_idx" ON "certificate_requests" USING btree ("etudiant_id","type",coalesce("niveau", ''),"langues",coalesce("annee_id", 0)) WHERE "certificate_requests"."status" = 'En Cours';--> statement-breakpoint
UPDATE "certificate_requests" SET "annee_id" = current_school_year_id() WHERE "annee_id" IS NULL;
