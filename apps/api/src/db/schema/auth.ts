import { bigserial, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./academy.ts";

/** Sanctum-style personal access tokens: only the SHA-256 of the secret part is kept. */
export const accessTokens = pgTable(
  "personal_access_tokens",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    name: text("name").notNull().default("web"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("personal_access_tokens_user_idx").on(t.userId)],
);

/**
 * Counters behind login lockouts and rate limits, shared by every API process.
 * `key` names the scope and subject, e.g. `login:<hash of email>:<ip>`.
 */
export const throttles = pgTable("throttles", {
  key: text("key").primaryKey(),
  hits: integer("hits").notNull().default(0),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
  lockouts: integer("lockouts").notNull().default(0),
  lastLockoutAt: timestamp("last_lockout_at", { withTimezone: true }),
});

/** Captcha payloads already accepted once; a replay finds its id here. */
export const spentCaptchas = pgTable(
  "spent_captchas",
  {
    id: text("id").primaryKey(),
    spentAt: timestamp("spent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("spent_captchas_spent_at_idx").on(t.spentAt)],
);
