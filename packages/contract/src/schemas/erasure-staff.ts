import { z } from "zod";
import { ERASURE_LIMITS, ERASURE_MESSAGES as M } from "../rules/erasure.ts";

/** `POST /api/gestion/etudiants/{id}/effacement` (docs/spec/school-year-and-data.md section 5). */
export const erasureRequest = z.object({
  motif: z
    .string({ error: M.motifRequired })
    .trim()
    .min(1, { error: M.motifRequired, abort: true })
    .max(ERASURE_LIMITS.motifMaxLength, M.motifTooLong),
});
export type ErasureRequest = z.input<typeof erasureRequest>;

export const erasureResponse = z.object({ message: z.string() });
export type ErasureResponse = z.infer<typeof erasureResponse>;

/**
 * `GET /api/gestion/etudiants/{id}/effacement` (an addition beside the spec's table): what the
 * erasure will do, for its dialog — the name to type, what is pending, and what is kept and why.
 */
export const erasurePreview = z.object({
  etudiant_id: z.number().int(),
  /** "Prénom Nom", as the student's page titles it: what the dialog asks to type. */
  nom_complet: z.string(),
  /** Certificate requests still `En Cours`: removed without being handled. */
  demandes_en_cours: z.number().int(),
  /** E-mails about the student still queued (held ones included): they will not leave. */
  emails_en_attente: z.number().int(),
  /** Among them, those held since a restore (decision 084). */
  emails_retenus: z.number().int(),
  /** What the erasure keeps on purpose, each with its reason (decision 113). */
  conserve: z.array(z.string()),
});
export type ErasurePreview = z.infer<typeof erasurePreview>;
