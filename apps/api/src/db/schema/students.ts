import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./academy.ts";
import { singleUseLink } from "./columns.ts";
import { staffUsers } from "./staff.ts";

/** A student's invitation links (single use, 7 days); only the SHA-256 of the token is kept. */
export const studentInvitations = pgTable(
  "student_invitations",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    ...singleUseLink(),
  },
  (t) => [index("student_invitations_user_idx").on(t.userId)],
);

/**
 * A parsed import file waiting for "Importer N lignes" (docs/spec/back-office.md section 4): the preview
 * writes no student, only this row, owned by the staff member who uploaded it, for an hour.
 */
export const studentImports = pgTable(
  "student_imports",
  {
    id: text("id").primaryKey(),
    staffId: integer("staff_id")
      .notNull()
      .references(() => staffUsers.id, { onDelete: "cascade" }),
    rows: jsonb("rows").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  },
  (t) => [index("student_imports_staff_idx").on(t.staffId)],
);
