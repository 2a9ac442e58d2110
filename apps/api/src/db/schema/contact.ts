import { bigint, bigserial, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { mailOutbox } from "./mail.ts";
import { staffUsers } from "./staff.ts";

/**
 * Messages sent through the public contact form, kept even if the e-mail to the academy fails.
 * The back-office's inbox (docs/spec/back-office.md section 6) marks them read and handled.
 */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    nom: text("nom").notNull(),
    email: text("email").notNull(),
    telephone: text("telephone").notNull(),
    sujet: text("sujet").notNull(),
    message: text("message").notNull(),
    ip: text("ip").notNull(),
    mailId: bigint("mail_id", { mode: "number" }).references(() => mailOutbox.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** First opened by a staff member. */
    readAt: timestamp("read_at", { withTimezone: true }),
    /** `Traité` since then; null is `Nouveau`. */
    handledAt: timestamp("handled_at", { withTimezone: true }),
    handledBy: integer("handled_by").references(() => staffUsers.id),
  },
  (t) => [index("contact_messages_created_idx").on(t.createdAt)],
);

/** The staff's e-mailed answers to a contact message, shown as a thread under it. */
export const contactReplies = pgTable(
  "contact_replies",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    messageId: bigint("message_id", { mode: "number" })
      .notNull()
      .references(() => contactMessages.id, { onDelete: "cascade" }),
    staffId: integer("staff_id").references(() => staffUsers.id),
    /** Copied, so that the thread reads the same after a rename. */
    staffName: text("staff_name").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    mailId: bigint("mail_id", { mode: "number" }).references(() => mailOutbox.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("contact_replies_message_idx").on(t.messageId)],
);
