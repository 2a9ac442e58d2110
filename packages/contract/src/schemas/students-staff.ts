import { z } from "zod";
import { normalisePhone, PHONE_MESSAGES } from "../rules/phone.ts";
import { STAFF_MESSAGES } from "../rules/staff.ts";
import {
  IMPORT_ROW_STATUSES,
  STUDENT_STAFF_LIMITS,
  STUDENT_STAFF_MESSAGES,
  STUDENT_STATUSES,
} from "../rules/students-staff.ts";
import { EMAIL_PATTERN } from "./auth.ts";
import { certificateRequest } from "./certificates.ts";
import { courseDocumentsResponse, planningListResponse } from "./documents.ts";
import { notificationListResponse } from "./notifications.ts";
import { listQuery, pageOf } from "./staff-lists.ts";

/** The back-office's students (docs/spec/back-office.md, sections 4 and 8). */

const m = STUDENT_STAFF_MESSAGES;
const L = STUDENT_STAFF_LIMITS;

const refId = (message: string) =>
  z.coerce.number({ error: message }).int(message).positive(message).max(2_147_483_647, message);

export const studentStatus = z.enum(STUDENT_STATUSES, { error: STAFF_MESSAGES.invalidFilter });

export const studentsQuery = listQuery.extend({
  centre_id: refId(STAFF_MESSAGES.invalidFilter).optional(),
  option_id: refId(STAFF_MESSAGES.invalidFilter).optional(),
  filiere_id: refId(STAFF_MESSAGES.invalidFilter).optional(),
  statut: studentStatus.optional(),
  politique: z.enum(["acceptee", "non_acceptee"], { error: STAFF_MESSAGES.invalidFilter }).optional(),
  /** Rows picked in the list (`ids=3,8,21`), e.g. to export a selection; within the other filters. */
  ids: z
    .string()
    .regex(new RegExp(`^\\d{1,10}(,\\d{1,10}){0,${L.selectionMaxIds - 1}}$`), STAFF_MESSAGES.invalidFilter)
    .transform((text) => text.split(",").map(Number))
    .refine((ids) => ids.every((id) => id >= 1 && id <= 2_147_483_647), STAFF_MESSAGES.invalidFilter)
    .optional(),
});
export type StudentsQuery = z.infer<typeof studentsQuery>;

/** The bulk actions of the list (resend invitations, deactivate). */
export const STUDENT_BULK_ACTIONS = ["invitation", "desactiver"] as const;
export type StudentBulkAction = (typeof STUDENT_BULK_ACTIONS)[number];

/**
 * A bulk action acts either on the rows picked (`ids`) or on every student the list's filters keep
 * (`all: true` with the same filters as the list), always within the caller's centres.
 */
export const studentBulkRequest = z
  .object({
    ids: z.array(refId(m.bulkSelection)).min(1, m.bulkSelection).max(L.selectionMaxIds, m.bulkTooMany).optional(),
    all: z.literal(true, { error: m.bulkSelection }).optional(),
    q: listQuery.shape.q,
    centre_id: refId(STAFF_MESSAGES.invalidFilter).optional(),
    option_id: refId(STAFF_MESSAGES.invalidFilter).optional(),
    filiere_id: refId(STAFF_MESSAGES.invalidFilter).optional(),
    statut: studentStatus.optional(),
    politique: z.enum(["acceptee", "non_acceptee"], { error: STAFF_MESSAGES.invalidFilter }).optional(),
  })
  .refine((body) => (body.ids !== undefined) !== (body.all === true), { message: m.bulkSelection, path: ["ids"] });
export type StudentBulkRequest = z.input<typeof studentBulkRequest>;
export type StudentBulk = z.output<typeof studentBulkRequest>;

export const studentBulkResponse = z.object({
  /** Students the action changed, and those it left as they were (already deactivated, already active…). */
  done: z.number().int(),
  skipped: z.number().int(),
  message: z.string(),
});
export type StudentBulkResponse = z.infer<typeof studentBulkResponse>;

const named = z.object({ id: z.number().int(), nom: z.string() }).nullable();

/** What the pedagogie may read of a student: names and centre, nothing to reach them by. */
export const studentName = z.object({
  id: z.number().int(),
  nom: z.string(),
  prenom: z.string(),
  centre: named,
});
export type StudentName = z.infer<typeof studentName>;

export const staffStudent = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  nom: z.string(),
  prenom: z.string(),
  email: z.string(),
  telephone: z.string().nullable(),
  cin: z.string().nullable(),
  numero_etudiant: z.string(),
  centre: named,
  option: named,
  filiere: named,
  statut: studentStatus,
  /** The latest policy version the student accepted, and whether it is the one in force. */
  politique_version: z.number().int().nullable(),
  politique_acceptee: z.boolean(),
  last_login_at: z.string().nullable(),
  created_at: z.string(),
});
export type StaffStudent = z.infer<typeof staffStudent>;

export const staffStudentsPage = pageOf(staffStudent);
export const studentNamesPage = pageOf(studentName);
/** Direction and secretariat get the first shape, the pedagogie the second. */
export const studentsPageResponse = z.union([staffStudentsPage, studentNamesPage]);
export const studentResponse = z.union([staffStudent, studentName]);

const text = (max: number, required?: string) => {
  const base = z.string({ error: required ?? m.invalidText }).trim();
  return required
    ? base.min(1, { error: required, abort: true }).max(max, m.tooLong(max))
    : base.max(max, m.tooLong(max));
};

/** Empty optional text reads as "none". */
const optionalText = (max: number) =>
  z
    .union([text(max), z.null()])
    .optional()
    .transform((value) => (value === "" ? null : value));

/** A phone in any usual Moroccan spelling, stored as E.164 (rules/phone.ts); empty reads as "none". */
const optionalPhone = optionalText(L.phoneMaxLength).transform((value, ctx) => {
  if (value === null || value === undefined) return value;
  const phone = normalisePhone(value);
  if (phone === null) {
    ctx.addIssue({ code: "custom", message: PHONE_MESSAGES.invalid });
    return z.NEVER;
  }
  return phone;
});

export const studentEmailField = z
  .string({ error: m.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, { error: m.emailRequired, abort: true })
  .max(L.emailMaxLength, { error: m.emailInvalid, abort: true })
  .regex(EMAIL_PATTERN, m.emailInvalid);

const optionalRef = (message: string) =>
  z
    .union([z.number({ error: message }).int(message).positive(message).max(2_147_483_647, message), z.null()], {
      error: message,
    })
    .optional();

export const studentCreateRequest = z.object({
  nom: text(L.nameMaxLength, m.nomRequired),
  prenom: text(L.nameMaxLength, m.prenomRequired),
  email: studentEmailField,
  telephone: optionalPhone,
  cin: optionalText(L.cinMaxLength),
  numero_etudiant: optionalText(L.studentNumberMaxLength),
  centre_id: z
    .number({ error: m.centreRequired })
    .int(m.centreUnknown)
    .positive(m.centreUnknown)
    .max(2_147_483_647, m.centreUnknown),
  option_id: optionalRef(m.optionUnknown),
  filiere_id: optionalRef(m.filiereUnknown),
});
export type StudentCreateRequest = z.input<typeof studentCreateRequest>;
export type StudentCreate = z.output<typeof studentCreateRequest>;

export const studentUpdateRequest = studentCreateRequest.partial();
export type StudentUpdateRequest = z.input<typeof studentUpdateRequest>;
export type StudentUpdate = z.output<typeof studentUpdateRequest>;

export const studentActionResponse = z.object({ student: staffStudent, message: z.string() });

// ---------------------------------------------------------------- the student's page

export const studentDetail = z.object({
  student: staffStudent,
  demandes: z.array(certificateRequest),
  /** The notifications the student's list shows (the same query), and whether they opened each. */
  notifications: z.array(
    z.object({ id: z.number().int(), titre: z.string(), created_at: z.string(), lue: z.boolean() }),
  ),
  acceptations: z.array(z.object({ version: z.number().int(), accepted_at: z.string() })),
});
export type StudentDetail = z.infer<typeof studentDetail>;

/** "Voir comme l'étudiant": the three lists the student area would show them, as it answers them. */
export const studentPreview = z.object({
  planning: planningListResponse.shape.data,
  documents: courseDocumentsResponse,
  notifications: notificationListResponse.shape.data,
});
export type StudentPreview = z.infer<typeof studentPreview>;

// ---------------------------------------------------------------- import

export const importRow = z.object({
  line: z.number().int(),
  status: z.enum(IMPORT_ROW_STATUSES),
  nom: z.string(),
  prenom: z.string(),
  email: z.string(),
  errors: z.array(z.object({ column: z.string(), message: z.string() })),
  changes: z.record(z.string(), z.object({ before: z.string().nullable(), after: z.string().nullable() })).optional(),
});
export type ImportRow = z.infer<typeof importRow>;

export const importPreviewResponse = z.object({
  import_id: z.string(),
  rows: z.array(importRow),
  counts: z.record(z.enum(IMPORT_ROW_STATUSES), z.number().int()),
});
export type ImportPreviewResponse = z.infer<typeof importPreviewResponse>;

export const importIdParam = z.object({
  import_id: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, m.importUnknown),
});

export const importConfirmRequest = z.object({
  send_invitations: z.boolean({ error: m.invalidChoice }).default(false),
});
export type ImportConfirmRequest = z.input<typeof importConfirmRequest>;

export const importConfirmResponse = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  errors: z.number().int(),
  invitations: z.number().int(),
  message: z.string(),
});
export type ImportConfirmResponse = z.infer<typeof importConfirmResponse>;

// ---------------------------------------------------------------- reference data for pickers

export const studentReferenceData = z.object({
  centres: z.array(z.object({ id: z.number().int(), nom: z.string() })),
  options: z.array(z.object({ id: z.number().int(), nom: z.string(), filiere_id: z.number().int().nullable() })),
  filieres: z.array(z.object({ id: z.number().int(), nom: z.string() })),
});
export type StudentReferenceData = z.infer<typeof studentReferenceData>;
