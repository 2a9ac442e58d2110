ALTER TABLE "cours_documents" ADD COLUMN "mois" integer;--> statement-breakpoint
ALTER TABLE "cours_documents" ADD COLUMN "annee" integer;--> statement-breakpoint
ALTER TABLE "cours_documents" ADD COLUMN "ordre" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cours_documents" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cours_documents" ADD COLUMN "withdrawn_by" integer;--> statement-breakpoint
ALTER TABLE "orientation_documents" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orientation_documents" ADD COLUMN "withdrawn_by" integer;--> statement-breakpoint
ALTER TABLE "planifications" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "planifications" ADD COLUMN "withdrawn_by" integer;--> statement-breakpoint
ALTER TABLE "cours_documents" ADD CONSTRAINT "cours_documents_withdrawn_by_staff_users_id_fk" FOREIGN KEY ("withdrawn_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orientation_documents" ADD CONSTRAINT "orientation_documents_withdrawn_by_staff_users_id_fk" FOREIGN KEY ("withdrawn_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planifications" ADD CONSTRAINT "planifications_withdrawn_by_staff_users_id_fk" FOREIGN KEY ("withdrawn_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;