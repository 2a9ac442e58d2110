ALTER TABLE "idempotency_keys" ADD COLUMN "owner" text;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "attempt" text;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "effect_at" timestamp with time zone;--> statement-breakpoint
-- Keys in flight before this migration: nobody can tell whether their effect committed, so they
-- keep the cautious answer (409 "réponse perdue") rather than being retried (decision 108).
UPDATE "idempotency_keys" SET "effect_at" = "created_at" WHERE "status_code" IS NULL;
