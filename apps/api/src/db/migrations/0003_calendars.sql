CREATE TABLE "calendar_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"secret_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "calendar_subscriptions_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "calendar_subscriptions_secret_hash_unique" UNIQUE("secret_hash")
);
--> statement-breakpoint
CREATE TABLE "jours_feries" (
	"id" serial PRIMARY KEY NOT NULL,
	"nom" text NOT NULL,
	"jour" date NOT NULL,
	"description" text,
	"ferme_tous" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parascolaires" (
	"id" serial PRIMARY KEY NOT NULL,
	"nom_evenement" text NOT NULL,
	"jour_evenement" date NOT NULL,
	"lieu" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"affiche_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calendar_subscriptions" ADD CONSTRAINT "calendar_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jours_feries_jour_idx" ON "jours_feries" USING btree ("jour");--> statement-breakpoint
CREATE INDEX "parascolaires_jour_idx" ON "parascolaires" USING btree ("jour_evenement");