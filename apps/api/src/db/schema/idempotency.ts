import { index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Idempotency keys of writes that create or send (lib/idempotency.ts, decisions 087 and 108): one
 * row per caller and key, written before the effect; the answer is kept once it succeeded, so the
 * same request again is answered from here and does nothing more. Purged after a day.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    /** Who sent it: `etudiant:{user id}`, `personnel:{staff id}` or `ip:{address}` (public routes). */
    caller: text("caller").notNull(),
    key: text("key").notNull(),
    /** SHA-256 of the method, the path and the body (an upload's: its parts as read, files included). */
    fingerprint: text("fingerprint").notNull(),
    /** Null while the first request is in flight (or if its process died before answering). */
    statusCode: integer("status_code"),
    contentType: text("content_type"),
    responseBody: text("response_body"),
    /** The process holding the attempt in flight (its instance id); null once none does. */
    owner: text("owner"),
    /** The attempt in flight: only its own effect may mark the key, only it may settle it. */
    attempt: text("attempt"),
    /** Renewed by the owner while it works: past it, an owner on another process is taken as dead. */
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    /** Set in the SAME transaction as the handler's effect: the effect committed (decision 108). */
    effectAt: timestamp("effect_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.caller, t.key] }), index("idempotency_keys_created_idx").on(t.createdAt)],
);
