import { date, integer, pgTable, serial, text, timestamp, unique } from "drizzle-orm/pg-core";
import { users } from "./academy.ts";

/** Each published version of the non-refund policy; the highest version is in force. */
export const policies = pgTable("policies", {
  id: serial("id").primaryKey(),
  version: integer("version").notNull().unique(),
  title: text("title").notNull(),
  content: text("content").notNull(),
  effectiveDate: date("effective_date", { mode: "string" }).notNull(),
  lastUpdated: timestamp("last_updated", { withTimezone: true }).notNull().defaultNow(),
});

export const policyAcceptances = pgTable(
  "policy_acceptances",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    policyId: integer("policy_id")
      .notNull()
      .references(() => policies.id),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }).notNull().defaultNow(),
    ip: text("ip").notNull(),
    userAgent: text("user_agent").notNull(),
  },
  (t) => [unique("policy_acceptances_user_policy_unique").on(t.userId, t.policyId)],
);
