CREATE TABLE "cours_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"matiere_id" integer NOT NULL,
	"niveau_id" integer,
	"titre" text NOT NULL,
	"description" text,
	"type_fichier" text DEFAULT 'pdf' NOT NULL,
	"file_name" text NOT NULL,
	"file_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "matieres" (
	"id" serial PRIMARY KEY NOT NULL,
	"nom" text NOT NULL,
	"description" text,
	CONSTRAINT "matieres_nom_unique" UNIQUE("nom")
);
--> statement-breakpoint
CREATE TABLE "niveaux" (
	"id" serial PRIMARY KEY NOT NULL,
	"matiere_id" integer NOT NULL,
	"nom" text NOT NULL,
	"ordre" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orientation_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"titre" text NOT NULL,
	"description" text,
	"type_fichier" text DEFAULT 'pdf' NOT NULL,
	"file_name" text NOT NULL,
	"file_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "planifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"titre" text NOT NULL,
	"description" text,
	"centre_id" integer NOT NULL,
	"option_id" integer,
	"semaine_debut" date,
	"semaine_fin" date,
	"actif" boolean DEFAULT true NOT NULL,
	"type_fichier" text DEFAULT 'pdf' NOT NULL,
	"file_name" text NOT NULL,
	"file_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cours_documents" ADD CONSTRAINT "cours_documents_matiere_id_matieres_id_fk" FOREIGN KEY ("matiere_id") REFERENCES "public"."matieres"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cours_documents" ADD CONSTRAINT "cours_documents_niveau_id_niveaux_id_fk" FOREIGN KEY ("niveau_id") REFERENCES "public"."niveaux"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cours_documents" ADD CONSTRAINT "cours_documents_file_key_stored_files_key_fk" FOREIGN KEY ("file_key") REFERENCES "public"."stored_files"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "niveaux" ADD CONSTRAINT "niveaux_matiere_id_matieres_id_fk" FOREIGN KEY ("matiere_id") REFERENCES "public"."matieres"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orientation_documents" ADD CONSTRAINT "orientation_documents_file_key_stored_files_key_fk" FOREIGN KEY ("file_key") REFERENCES "public"."stored_files"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planifications" ADD CONSTRAINT "planifications_centre_id_centres_id_fk" FOREIGN KEY ("centre_id") REFERENCES "public"."centres"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planifications" ADD CONSTRAINT "planifications_option_id_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."options"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planifications" ADD CONSTRAINT "planifications_file_key_stored_files_key_fk" FOREIGN KEY ("file_key") REFERENCES "public"."stored_files"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cours_documents_file_name_unique" ON "cours_documents" USING btree ("file_name");--> statement-breakpoint
CREATE INDEX "cours_documents_matiere_idx" ON "cours_documents" USING btree ("matiere_id");--> statement-breakpoint
CREATE UNIQUE INDEX "niveaux_matiere_nom_unique" ON "niveaux" USING btree ("matiere_id","nom");--> statement-breakpoint
CREATE UNIQUE INDEX "orientation_documents_file_name_unique" ON "orientation_documents" USING btree ("file_name");--> statement-breakpoint
CREATE UNIQUE INDEX "planifications_file_name_unique" ON "planifications" USING btree ("file_name");--> statement-breakpoint
CREATE INDEX "planifications_centre_idx" ON "planifications" USING btree ("centre_id");