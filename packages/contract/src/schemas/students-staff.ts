import { z } from "zod";
import { calendarDay } from "../rules/calendars.ts";
import { dayParts } from "../rules/dates.ts";
import { normalisePhone, PHONE_MESSAGES } from "../rules/phone.ts";
import { LEAVING_REASONS, SCHOOL_STATUSES, SCHOOL_YEAR_STATUSES } from "../rules/school-years.ts";
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
export const schoolStatus = z.enum(SCHOOL_STATUSES, { error: STAFF_MESSAGES.invalidFilter });

/**
 * A cohort as the list's URL names it: its year's label, `2026-2027`, read as the year it starts
 * (2026). A well-formed label of a year that does not exist keeps no student.
 */
export const promotionFilter = z
  .string({ error: STAFF_MESSAGES.invalidFilter })
  .regex(/^\d{4}-\d{4}$/, STAFF_MESSAGES.invalidFilter)
  .refine((label) => Number(label.slice(5)) === Number(label.slice(0, 4)) + 1, STAFF_MESSAGES.invalidFilter)
  .transform((label) => Number(label.slice(0, 4)));

/**
 * The filters of the list, of its exports and of a bulk action's "every student the filters keep".
 * With none of `promotion`, `statut_scolaire` and `ids`, the list keeps the current year's
 * enrolled students (docs/spec/school-year-and-data.md section 1).
 */
const studentFilters = {
  centre_id: refId(STAFF_MESSAGES.invalidFilter).optional(),
  option_id: refId(STAFF_MESSAGES.invalidFilter).optional(),
  filiere_id: refId(STAFF_MESSAGES.invalidFilter).optional(),
  statut: studentStatus.optional(),
  politique: z.enum(["acceptee", "non_acceptee"], { error: STAFF_MESSAGES.invalidFilter }).optional(),
  promotion: promotionFilter.optional(),
  statut_scolaire: schoolStatus.optional(),
};

export const studentsQuery = listQuery.extend({
  ...studentFilters,
  /** Rows picked in the list (`ids=3,8,21`), e.g. to export a selection; within the other filters. */
  ids: z
    .string()
    .regex(new RegExp(`^\\d{1,10}(,\\d{1,10}){0,${L.selectionMaxIds - 1}}$`), STAFF_MESSAGES.invalidFilter)
    .transform((text) => text.split(",").map(Number))
    .refine((ids) => ids.every((id) => id >= 1 && id <= 2_147_483_647), STAFF_MESSAGES.invalidFilter)
    .optional(),
});
export type StudentsQuery = z.infer<typeof studentsQuery>;

/**
 * The bulk actions of the list: resend invitations, deactivate and reactivate accounts, and the
 * school year's (docs/spec/school-year-and-data.md section 1): mark as former students, enrol
 * former students again in the current year.
 */
export const STUDENT_BULK_ACTIONS = ["invitation", "desactiver", "reactiver", "ancien_eleve", "reinscrire"] as const;
export type StudentBulkAction = (typeof STUDENT_BULK_ACTIONS)[number];
/** Those whose body is the selection alone; `ancien_eleve` adds a reason and a day (`studentLeavingRequest`). */
export const STUDENT_SELECTION_ACTIONS = ["invitation", "desactiver", "reactiver", "reinscrire"] as const;
export type StudentSelectionAction = (typeof STUDENT_SELECTION_ACTIONS)[number];

const bulkSelection = z.object({
  ids: z.array(refId(m.bulkSelection)).min(1, m.bulkSelection).max(L.selectionMaxIds, m.bulkTooMany).optional(),
  all: z.literal(true, { error: m.bulkSelection }).optional(),
  q: listQuery.shape.q,
  ...studentFilters,
});
const oneWayOfChoosing = (body: { ids?: unknown; all?: true }) => (body.ids !== undefined) !== (body.all === true);

/**
 * A bulk action acts either on the rows picked (`ids`) or on every student the list's filters keep
 * (`all: true` with the same filters as the list), always within the caller's centres.
 */
export const studentBulkRequest = bulkSelection.refine(oneWayOfChoosing, { message: m.bulkSelection, path: ["ids"] });
export type StudentBulkRequest = z.input<typeof studentBulkRequest>;
export type StudentBulk = z.output<typeof studentBulkRequest>;

/** A calendar day `YYYY-MM-DD` that exists (no 30 February). */
function isCalendarDay(day: string): boolean {
  const parts = /^\d{4}-\d{2}-\d{2}$/.test(day) ? dayParts(day) : null;
  if (!parts) return false;
  const date = new Date(Date.UTC(parts.year, parts.month - 1, parts.day));
  return date.getUTCMonth() === parts.month - 1 && date.getUTCDate() === parts.day;
}

/**
 * The day a student left: a real day, not after today in Casablanca (the server checks it again
 * with its own clock, and that it falls within the student's cohort year).
 */
export const leavingDay = z
  .string({ error: m.leavingDateRequired })
  .trim()
  .min(1, { error: m.leavingDateRequired, abort: true })
  .refine(isCalendarDay, { error: m.leavingDateInvalid, abort: true })
  .refine((day) => day <= calendarDay(new Date()), m.leavingDateFuture);

/** "Marquer comme ancien élève": the selection, why they left and when. */
export const studentLeavingRequest = bulkSelection
  .extend({
    motif: z.enum(LEAVING_REASONS, { error: m.leavingReasonRequired }),
    sorti_le: leavingDay,
  })
  .refine(oneWayOfChoosing, { message: m.bulkSelection, path: ["ids"] });
export type StudentLeavingRequest = z.input<typeof studentLeavingRequest>;
export type StudentLeaving = z.output<typeof studentLeavingRequest>;

/** The cohorts the list's *Promotion* filter offers: every school year, newest first. */
export const studentPromotionsResponse = z.object({
  data: z.array(z.object({ id: z.number().int(), label: z.string(), statut: z.enum(SCHOOL_YEAR_STATUSES) })),
});
export type StudentPromotionsResponse = z.infer<typeof studentPromotionsResponse>;

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
  /** The cohort: the label of the year the student is (or was last) enrolled in, `2026-2027`. */
  promotion: z.string(),
  /** Beside the account's status: enrolled, or a former student since `sorti_le` for `motif_sortie`. */
  statut_scolaire: z.enum(SCHOOL_STATUSES),
  sorti_le: z.string().nullable(),
  motif_sortie: z.enum(LEAVING_REASONS).nullable(),
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
