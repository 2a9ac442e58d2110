import { bigserial, index, integer, pgTable } from "drizzle-orm/pg-core";
import { users } from "./academy.ts";
import { singleUseLink } from "./columns.ts";

/** Password reset links: only the SHA-256 of the token is kept; a row is spent once. */
export const passwordResets = pgTable(
  "password_resets",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    ...singleUseLink(),
  },
  (t) => [index("password_resets_user_idx").on(t.userId)],
);
