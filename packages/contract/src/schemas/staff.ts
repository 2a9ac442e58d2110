import { z } from "zod";
import { PASSWORD_MESSAGES } from "../rules/passwords.ts";
import { roleHasCentres, STAFF_ROLES } from "../rules/permissions.ts";
import {
  RECOVERY_CODE_PATTERN,
  STAFF_ACCOUNT_STATUSES,
  STAFF_LIMITS,
  STAFF_MESSAGES,
  TOTP_CODE_PATTERN,
} from "../rules/staff.ts";
import { emailField, loginRequest, user } from "./auth.ts";
import { newPasswordField } from "./passwords.ts";
import { listQuery, pageOf } from "./staff-lists.ts";

const m = STAFF_MESSAGES;

export * from "./notifications-staff.ts";
// Lists (`listQuery`, `pageOf`) live in their own file, so that a domain's staff schemas can
// build on them without importing this file, which exports theirs.
export * from "./staff-lists.ts";

// ---------------------------------------------------------------- sign-in

export const staffRole = z.enum(STAFF_ROLES, { error: m.roleRequired });

export const staffLoginRequest = loginRequest;
export type StaffLoginRequest = z.infer<typeof staffLoginRequest>;

export const staffLoginResponse = z.discriminatedUnion("step", [
  z.object({ step: z.literal("totp") }),
  z.object({ step: z.literal("enrol"), otpauth_uri: z.string(), secret: z.string() }),
]);
export type StaffLoginResponse = z.infer<typeof staffLoginResponse>;

/** A 6-digit code, or a recovery code; spaces are ignored and letters may be typed in capitals. */
export const staffTotpRequest = z.object({
  code: z
    .string({ error: m.codeRequired })
    .transform((code) => code.replace(/\s+/g, "").toLowerCase())
    .pipe(
      z
        .string()
        .min(1, { error: m.codeRequired, abort: true })
        .refine((code) => TOTP_CODE_PATTERN.test(code) || RECOVERY_CODE_PATTERN.test(code), m.codeWrong),
    ),
});
export type StaffTotpRequest = z.input<typeof staffTotpRequest>;

export const staffUser = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: staffRole,
  centre_ids: z.array(z.number().int()),
});
export type StaffUser = z.infer<typeof staffUser>;

export const staffTotpResponse = z.object({ user: staffUser, recovery_codes: z.array(z.string()).optional() });
export type StaffTotpResponse = z.infer<typeof staffTotpResponse>;

export const staffMeResponse = z.object({ user: staffUser });
export type StaffMeResponse = z.infer<typeof staffMeResponse>;

export const staffPasswordChangeRequest = z
  .object({
    current_password: z
      .string({ error: PASSWORD_MESSAGES.currentRequired })
      .min(1, PASSWORD_MESSAGES.currentRequired)
      .max(200, PASSWORD_MESSAGES.currentWrong),
    password: newPasswordField(PASSWORD_MESSAGES.newRequired),
    password_confirmation: z
      .string({ error: PASSWORD_MESSAGES.confirmationRequired })
      .min(1, PASSWORD_MESSAGES.confirmationRequired),
  })
  .refine((body) => body.password === body.password_confirmation, {
    message: PASSWORD_MESSAGES.mismatch,
    path: ["password_confirmation"],
  });
export type StaffPasswordChangeRequest = z.infer<typeof staffPasswordChangeRequest>;

// ---------------------------------------------------------------- audit log and dashboard

export const auditChanges = z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() }));

export const auditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  staff_id: z.number().int().nullable(),
  staff_name: z.string().nullable(),
  role: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  summary: z.string(),
  changes: auditChanges.nullable(),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

const DATE_MESSAGE = "La date doit être au format AAAA-MM-JJ.";
const dateFilter = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: DATE_MESSAGE, abort: true })
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), DATE_MESSAGE)
  .optional();

export const journalQuery = listQuery.extend({
  staff_id: z.coerce
    .number({ error: m.invalidFilter })
    .int(m.invalidFilter)
    .positive(m.invalidFilter)
    .max(2_147_483_647, m.invalidFilter)
    .optional(),
  entity: z.string().max(40, m.invalidFilter).optional(),
  action: z.string().max(40, m.invalidFilter).optional(),
  from: dateFilter,
  to: dateFilter,
});
export type JournalQuery = z.infer<typeof journalQuery>;

export const journalPage = pageOf(auditEntry);

export const dashboardCounter = z.object({
  key: z.string(),
  label: z.string(),
  value: z.number().int(),
  href: z.string(),
});
export type DashboardCounter = z.infer<typeof dashboardCounter>;

export const dashboardResponse = z.object({ counters: z.array(dashboardCounter), journal: z.array(auditEntry) });
export type DashboardResponse = z.infer<typeof dashboardResponse>;

export const centreOption = z.object({ id: z.number().int(), name: z.string() });
export const centresResponse = z.object({ data: z.array(centreOption) });
export type CentresResponse = z.infer<typeof centresResponse>;

// ---------------------------------------------------------------- staff accounts

export const staffAccountStatus = z.enum(STAFF_ACCOUNT_STATUSES, { error: m.invalidFilter });

export const staffAccount = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: staffRole,
  centre_ids: z.array(z.number().int()),
  statut: staffAccountStatus,
  totp_enrolled: z.boolean(),
  last_login_at: z.string().nullable(),
  created_at: z.string(),
});
export type StaffAccount = z.infer<typeof staffAccount>;

export const staffAccountsQuery = listQuery.extend({
  role: z.enum(STAFF_ROLES, { error: m.invalidFilter }).optional(),
  statut: staffAccountStatus.optional(),
});
export type StaffAccountsQuery = z.infer<typeof staffAccountsQuery>;

export const staffAccountsPage = pageOf(staffAccount);

const staffName = z
  .string({ error: m.nameRequired })
  .trim()
  .min(1, { error: m.nameRequired, abort: true })
  .max(STAFF_LIMITS.nameMaxLength, m.nameTooLong);

const centreIds = z
  .array(
    z
      .number({ error: m.centreUnknown })
      .int(m.centreUnknown)
      .positive(m.centreUnknown)
      .max(2_147_483_647, m.centreUnknown),
    {
      error: m.centreUnknown,
    },
  )
  .max(50, m.centreUnknown);

export const staffAccountCreateRequest = z
  .object({ name: staffName, email: emailField, role: staffRole, centre_ids: centreIds.default([]) })
  .refine((body) => !roleHasCentres(body.role) || body.centre_ids.length > 0, {
    message: m.centresRequired,
    path: ["centre_ids"],
  });
export type StaffAccountCreateRequest = z.input<typeof staffAccountCreateRequest>;

/** The server checks the centres of a secretary against the account's role once both are known. */
export const staffAccountUpdateRequest = z.object({
  name: staffName.optional(),
  role: staffRole.optional(),
  centre_ids: centreIds.optional(),
});
export type StaffAccountUpdateRequest = z.input<typeof staffAccountUpdateRequest>;

// ---------------------------------------------------------------- activation

export const activationQuery = z.object({
  token: z
    .string({ error: m.activationTokenMissing })
    .trim()
    .min(1, m.activationTokenMissing)
    .max(200, m.activationInvalid),
});

/** The token decides the account: a staff member's or a student's invitation (docs/spec/back-office.md section 8). */
export const activationInfo = z.object({ kind: z.enum(["staff", "student"]), name: z.string(), email: z.string() });
export type ActivationInfo = z.infer<typeof activationInfo>;

// The activation form is a student page too (/activer-compte): its schema is in passwords.ts.

/**
 * A student is signed in at once, as `/api/session` signs them in: the session is the HttpOnly
 * cookie of the answer, never a token in its body (decision 110); a staff member then signs in
 * with a second factor.
 */
export const activationResponse = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("staff"), next: z.string() }),
  z.object({ kind: z.literal("student"), next: z.string(), user }),
]);
export type ActivationResponse = z.infer<typeof activationResponse>;
export * from "./certificates-staff.ts";
export * from "./erasure-staff.ts";
export * from "./inbox-policy-staff.ts";
export * from "./published-years-staff.ts";
export * from "./referentiel-staff.ts";
export * from "./retention-staff.ts";
export * from "./school-years-staff.ts";
export * from "./students-staff.ts";
