import { bigserial, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Every e-mail the app sends is first a row here: a worker delivers it, retrying with
 * backoff, so a message survives an SMTP outage or a restart. `leased_until` is the claim of
 * the process that is sending it right now; another process skips the row until it passes.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** pending → sent, or failed once the attempts are used up. */
    status: text("status", { enum: ["pending", "sent", "failed"] })
      .notNull()
      .default("pending"),
    toAddress: text("to_address").notNull(),
    replyTo: text("reply_to"),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body"),
    /** Fixed when queued, so a retry after a half-finished send carries the same Message-ID. */
    messageId: text("message_id").notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    leasedUntil: timestamp("leased_until", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** A notification copy's recipient: the message carries List-Unsubscribe for them (RFC 8058). */
    unsubscribeEtudiantId: integer("unsubscribe_etudiant_id"),
  },
  (t) => [index("mail_outbox_due_idx").on(t.status, t.nextAttemptAt)],
);
