import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { centres } from "./academy.ts";
import { singleUseLink } from "./columns.ts";

/**
 * The academy's staff (docs/spec/back-office.md section 1): accounts of their own, apart from students.
 * `password_hash` is null until the invitation is accepted; the TOTP secret is kept encrypted
 * (AES-256-GCM, key derived from APP_SECRET) and counts as enrolled only once a code confirmed it.
 */
export const staffUsers = pgTable(
  "staff_users",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    /** Stored lower-cased. */
    email: text("email").notNull(),
    role: text("role").notNull(),
    passwordHash: text("password_hash"),
    totpSecretEncrypted: text("totp_secret_encrypted"),
    totpEnrolled: boolean("totp_enrolled").notNull().default(false),
    /** The time step of the last accepted code: the same code is never accepted twice. */
    totpLastStep: bigint("totp_last_step", { mode: "number" }),
    deactivatedAt: timestamp("deactivated_at", { withTimezone: true }),
    lastLoginAt: timestamp("last_login_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("staff_users_email_unique").on(t.email),
    check("staff_users_role_check", sql`${t.role} in ('direction', 'secretariat', 'pedagogie')`),
  ],
);

/** The centres of a secretariat account (the other roles cover every centre and have none here). */
export const staffUserCentres = pgTable(
  "staff_user_centres",
  {
    staffId: integer("staff_id")
      .notNull()
      .references(() => staffUsers.id, { onDelete: "cascade" }),
    centreId: integer("centre_id")
      .notNull()
      .references(() => centres.id),
  },
  (t) => [primaryKey({ columns: [t.staffId, t.centreId] })],
);

/** Single-use recovery codes; only a keyed hash of each is kept. */
export const staffRecoveryCodes = pgTable(
  "staff_recovery_codes",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    staffId: integer("staff_id")
      .notNull()
      .references(() => staffUsers.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("staff_recovery_codes_staff_idx").on(t.staffId)],
);

/** Signed-in staff: the cookie holds a random id, the database its SHA-256. */
export const staffSessions = pgTable(
  "staff_sessions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    tokenHash: text("token_hash").notNull().unique(),
    staffId: integer("staff_id")
      .notNull()
      .references(() => staffUsers.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("staff_sessions_staff_idx").on(t.staffId)],
);

/** Between the password and the second factor: what the short-lived pending cookie points to. */
export const staffLoginChallenges = pgTable(
  "staff_login_challenges",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    tokenHash: text("token_hash").notNull().unique(),
    staffId: integer("staff_id")
      .notNull()
      .references(() => staffUsers.id, { onDelete: "cascade" }),
    /** The client IP of the password step, which the lockout key of the second step reuses. */
    ip: text("ip").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("staff_login_challenges_staff_idx").on(t.staffId)],
);

/** Invitation links (single use, 7 days); only the SHA-256 of the token is kept. */
export const staffInvitations = pgTable(
  "staff_invitations",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    staffId: integer("staff_id")
      .notNull()
      .references(() => staffUsers.id, { onDelete: "cascade" }),
    ...singleUseLink(),
  },
  (t) => [index("staff_invitations_staff_idx").on(t.staffId)],
);

/** "Mot de passe oublié" links of staff (the students' rules: 60 minutes, single use, hashed). */
export const staffPasswordResets = pgTable(
  "staff_password_resets",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    staffId: integer("staff_id")
      .notNull()
      .references(() => staffUsers.id, { onDelete: "cascade" }),
    ...singleUseLink(),
  },
  (t) => [index("staff_password_resets_staff_idx").on(t.staffId)],
);

/**
 * The audit log (docs/spec/back-office.md section 7): append-only. A trigger (migration 0008) refuses
 * UPDATE, DELETE and TRUNCATE. The name and role are copied so that an entry reads the same later.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    staffId: integer("staff_id").references(() => staffUsers.id),
    staffName: text("staff_name"),
    role: text("role"),
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entityId: text("entity_id"),
    summary: text("summary").notNull(),
    changes: jsonb("changes").$type<Record<string, { before: unknown; after: unknown }>>(),
    ip: text("ip"),
  },
  (t) => [index("audit_log_at_idx").on(t.at), index("audit_log_staff_idx").on(t.staffId, t.at)],
);

/**
 * "Retirer" (docs/spec/back-office.md section 5, modules/trash/kind.ts): set while the row is in
 * the restore bin; student queries leave such rows out.
 */
export const withdrawal = () => ({
  withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
  withdrawnBy: integer("withdrawn_by").references(() => staffUsers.id, { onDelete: "set null" }),
});
