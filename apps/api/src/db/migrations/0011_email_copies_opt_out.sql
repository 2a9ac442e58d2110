ALTER TABLE "etudiants" ADD COLUMN "email_copies" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "unsubscribe_etudiant_id" integer;