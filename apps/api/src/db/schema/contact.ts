import { bigint, bigserial, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { mailOutbox } from "./mail.ts";

/** Messages sent through the public contact form, kept even if the e-mail to the academy fails. */
export const contactMessages = pgTable("contact_messages", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  nom: text("nom").notNull(),
  email: text("email").notNull(),
  telephone: text("telephone").notNull(),
  sujet: text("sujet").notNull(),
  message: text("message").notNull(),
  ip: text("ip").notNull(),
  mailId: bigint("mail_id", { mode: "number" }).references(() => mailOutbox.id, { onDelete: "set null" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
