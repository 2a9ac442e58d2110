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
ALTER TABLE "certificate_requests" ADD COLUMN "motif" text;--> statement-breakpoint
ALTER TABLE "certificate_requests" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "certificate_documents" ADD CONSTRAINT "certificate_documents_request_id_certificate_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."certificate_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_request_events" ADD CONSTRAINT "certificate_request_events_request_id_certificate_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."certificate_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "certificate_request_events_request_idx" ON "certificate_request_events" USING btree ("request_id","created_at");--> statement-breakpoint
CREATE INDEX "certificate_requests_status_idx" ON "certificate_requests" USING btree ("status","created_at");