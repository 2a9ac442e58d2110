import { z } from "zod";
import {
  CERTIFICATE_STATUS,
  CERTIFICATE_TYPES,
  LANGUAGE_LEVELS,
  CERTIFICATE_STAFF_TEXT as T,
} from "../rules/certificates.ts";
import { listQuery, pageOf } from "./staff-lists.ts";

/** Certificate requests handled by the office: `/api/gestion/demandes` (docs/spec/back-office.md sections 6 and 8). */

export const CERTIFICATE_STATUSES = [
  CERTIFICATE_STATUS.pending,
  CERTIFICATE_STATUS.ready,
  CERTIFICATE_STATUS.refused,
] as const;

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, T.dateInvalid)
  .refine((d) => !Number.isNaN(Date.parse(d)), T.dateInvalid);

export const certificateStaffQuery = listQuery.extend({
  status: z.enum(CERTIFICATE_STATUSES, { error: T.statusInvalid }).optional(),
  type: z.enum(CERTIFICATE_TYPES, { error: "Le type doit être « scolaire » ou « langue »." }).optional(),
  niveau: z.enum(LANGUAGE_LEVELS, { error: "Le niveau doit être B1 ou B2." }).optional(),
  centre_id: z.coerce
    .number({ error: T.centreInvalid })
    .int(T.centreInvalid)
    .positive(T.centreInvalid)
    .max(2_147_483_647, T.centreInvalid)
    .optional(),
  /** Requests made on or after this day, and on or before `au` (Africa/Casablanca days). */
  du: day.optional(),
  au: day.optional(),
});
export type CertificateStaffQuery = z.infer<typeof certificateStaffQuery>;

export const certificateStaffDocument = z.object({
  numero: z.string(),
  verification_url: z.string(),
  issued_at: z.string(),
  revoked_at: z.string().nullable(),
  revoked_reason: z.string().nullable(),
});

export const certificateStaffItem = z.object({
  id: z.number().int(),
  etudiant_id: z.number().int(),
  student_id: z.string(),
  nom: z.string(),
  prenom: z.string(),
  cin: z.string().nullable(),
  email: z.string().nullable(),
  option: z.string().nullable(),
  centre_id: z.number().int().nullable(),
  centre: z.string().nullable(),
  type: z.string(),
  niveau: z.string().nullable(),
  langues: z.array(z.string()),
  status: z.string(),
  motif: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string().nullable(),
  document: certificateStaffDocument.nullable(),
  /** The school year the attestation is about ("2025-2026"); null on requests made before years were recorded. */
  annee: z.string().nullable(),
  /**
   * Rectification (docs/spec/school-year-and-data.md section 4): the student's record when the
   * request's name or CIN differs from it (each null when it is the same), else null.
   */
  dossier: z.object({ nom: z.string().nullable(), cin: z.string().nullable() }).nullable(),
  /** The revoked request this one was issued again from, and the request that issued this one again. */
  reemise_de: z.number().int().nullable(),
  reemise: z.number().int().nullable(),
});
export type CertificateStaffItem = z.infer<typeof certificateStaffItem>;

export const certificateStaffPage = pageOf(certificateStaffItem);

export const certificateHistoryEntry = z.object({
  from_status: z.string().nullable(),
  to_status: z.string(),
  motif: z.string().nullable(),
  staff_name: z.string().nullable(),
  created_at: z.string(),
});
export type CertificateHistoryEntry = z.infer<typeof certificateHistoryEntry>;

export const certificateStaffDetail = certificateStaffItem.extend({ history: z.array(certificateHistoryEntry) });
export type CertificateStaffDetail = z.infer<typeof certificateStaffDetail>;

const motifField = (required: string) => z.string({ error: required }).trim().max(500, T.motifTooLong);

/** PATCH /api/gestion/demandes/{id}: `Disponible`, or `Refuser` with its reason. */
export const certificateStatusChange = z
  .object({
    status: z.enum([CERTIFICATE_STATUS.ready, CERTIFICATE_STATUS.refused], { error: T.statusInvalid }),
    motif: motifField(T.motifRequired).nullish(),
  })
  .superRefine((body, ctx) => {
    if (body.status === CERTIFICATE_STATUS.refused && !body.motif) {
      ctx.addIssue({ code: "custom", path: ["motif"], message: T.motifRequired });
    }
  });
export type CertificateStatusChange = z.infer<typeof certificateStatusChange>;
export type CertificateStatusChangeInput = z.input<typeof certificateStatusChange>;

/** POST /api/gestion/demandes/{id}/revoquer (direction). */
export const certificateRevocation = z.object({
  motif: motifField(T.revocationMotifRequired).min(1, T.revocationMotifRequired),
});
export type CertificateRevocation = z.infer<typeof certificateRevocation>;

/** GET/PATCH /api/gestion/demandes/signataire: who signs the attestations (direction). */
export const certificateSignatory = z.object({
  name: z.string({ error: T.signatoryNameRequired }).trim().min(1, T.signatoryNameRequired).max(120, T.fieldTooLong),
  title: z.string({ error: T.signatoryTitleRequired }).trim().min(1, T.signatoryTitleRequired).max(120, T.fieldTooLong),
});
export type CertificateSignatory = z.infer<typeof certificateSignatory>;
