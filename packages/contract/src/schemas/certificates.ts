import { z } from "zod";
import {
  CERTIFICATE_LANGUAGES,
  CERTIFICATE_TYPES,
  LANGUAGE_LEVELS,
  normaliseLanguages,
  CERTIFICATE_TEXT as T,
} from "../rules/certificates.ts";

/**
 * POST /api/demandes (docs/spec/student-portal.md section 3). The identity fields are part of what the client sends
 * but the server never reads them: it takes them from the authenticated student.
 */
export const certificateRequestBody = z
  .object({
    student_id: z.unknown().optional(),
    nom: z.unknown().optional(),
    prenom: z.unknown().optional(),
    cin: z.unknown().optional(),
    option: z.unknown().optional(),
    centre_id: z.unknown().optional(),
    type: z.enum(CERTIFICATE_TYPES, { error: T.typeInvalid }),
    niveau: z.enum(LANGUAGE_LEVELS, { error: T.levelRequired }).nullish(),
    langues: z
      .array(z.enum(CERTIFICATE_LANGUAGES, { error: T.languagesInvalid }), { error: T.languagesInvalid })
      .max(CERTIFICATE_LANGUAGES.length * 2, T.languagesInvalid)
      .nullish(),
    /**
     * The school year the attestation is about, among the years the student attended
     * (`GET /api/demandes/annees`); absent: the current year, or a former student's last one.
     */
    annee_id: z
      .number({ error: T.yearInvalid })
      .int(T.yearInvalid)
      .positive(T.yearInvalid)
      .max(2_147_483_647, T.yearInvalid)
      .nullish(),
  })
  .superRefine((body, ctx) => {
    const langues = body.langues ?? [];
    if (body.type === "langue") {
      if (!body.niveau) ctx.addIssue({ code: "custom", path: ["niveau"], message: T.levelRequired });
      if (langues.length > 0) ctx.addIssue({ code: "custom", path: ["langues"], message: T.languagesNotAllowed });
    } else {
      if (body.niveau) ctx.addIssue({ code: "custom", path: ["niveau"], message: T.levelNotAllowed });
      if (langues.length === 0) ctx.addIssue({ code: "custom", path: ["langues"], message: T.languagesRequired });
    }
  })
  .transform((body) => ({
    type: body.type,
    niveau: body.type === "langue" ? (body.niveau ?? null) : null,
    langues: body.type === "scolaire" ? normaliseLanguages(body.langues ?? []) : [],
    annee_id: body.annee_id ?? null,
  }));
export type CertificateRequestInput = z.input<typeof certificateRequestBody>;
export type CertificateRequestBody = z.output<typeof certificateRequestBody>;

/** A request as the history shows it (docs/spec/student-portal.md section 3: id, type, niveau, langues, status, created_at). */
export const certificateRequest = z.object({
  id: z.number().int(),
  type: z.string(),
  niveau: z.string().nullable(),
  langues: z.array(z.string()),
  status: z.string(),
  created_at: z.string(),
  /** The reason of a refusal, shown to the student (docs/spec/back-office.md section 6); absent otherwise. */
  motif: z.string().optional(),
  /** Once the attestation exists (docs/spec/back-office.md section 6). */
  document: z.object({ numero: z.string(), verification_url: z.string() }).optional(),
  /** Its attestation was revoked by the direction: when, and the reason shown to the student. */
  revocation: z.object({ revoquee_le: z.string(), motif: z.string() }).optional(),
  /** The school year it is about ("2025-2026"); absent on requests made before years were recorded. */
  annee: z.string().optional(),
});
export type CertificateRequest = z.infer<typeof certificateRequest>;

export const certificateListResponse = z.object({ success: z.literal(true), data: z.array(certificateRequest) });
/** A year the student may ask an attestation for (a row of their enrolments): `GET /api/demandes/annees`. */
export const certificateYear = z.object({
  id: z.number().int(),
  label: z.string(),
  /** The year in progress (an attestation about it is in the present tense). */
  en_cours: z.boolean(),
});
export type CertificateYear = z.infer<typeof certificateYear>;

/** The years attended, newest first, and the one a request is about when it names none. */
export const certificateYearsResponse = z.object({
  success: z.literal(true),
  data: z.array(certificateYear),
  default_id: z.number().int().nullable(),
});
export type CertificateYearsResponse = z.infer<typeof certificateYearsResponse>;

export const certificateCreatedResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: certificateRequest,
});

/** GET /api/attestations/{code}: public, and nothing about the holder beyond this (docs/spec/back-office.md section 6). */
export const certificateVerification = z.discriminatedUnion("status", [
  z.object({
    status: z.literal("valide"),
    type: z.string(),
    titre: z.string(),
    titulaire: z.string(),
    date_emission: z.string(),
    numero: z.string(),
    /** The school year the attestation is about ("2025-2026"). */
    annee: z.string(),
  }),
  z.object({ status: z.literal("revoquee"), revoquee_le: z.string() }),
]);
export type CertificateVerification = z.infer<typeof certificateVerification>;
