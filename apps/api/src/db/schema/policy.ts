import { sql } from "drizzle-orm";
import { check, date, integer, pgTable, serial, text, timestamp, unique } from "drizzle-orm/pg-core";
import { users } from "./academy.ts";
import { staffUsers } from "./staff.ts";

/**
 * The versions of the non-refund policy. A draft (`brouillon`, no version number yet) is edited in
 * the back-office; publishing gives it the next version number, and the highest published version
 * is in force (docs/spec/back-office.md section 6). `status` defaults to published.
 */
export const policies = pgTable(
  "policies",
  {
    id: serial("id").primaryKey(),
    version: integer("version").unique(),
    title: text("title").notNull(),
    content: text("content").notNull(),
    effectiveDate: date("effective_date", { mode: "string" }).notNull(),
    lastUpdated: timestamp("last_updated", { withTimezone: true }).notNull().defaultNow(),
    status: text("status").notNull().default("publiee"),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    publishedBy: integer("published_by").references(() => staffUsers.id),
  },
  (t) => [
    check("policies_status_check", sql`${t.status} in ('brouillon', 'publiee')`),
    check("policies_published_version_check", sql`${t.status} = 'brouillon' or ${t.version} is not null`),
  ],
);

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
