import { z } from "zod";
import {
  DATA_REQUEST_TYPES,
  PERSONAL_DATA_MESSAGES as M,
  PURGE_STATUSES,
  PURGE_TRIGGERS,
  RETENTION_KEYS,
  RETENTION_LIMITS,
} from "../rules/retention.ts";

/** `/gestion/donnees-personnelles` (docs/spec/school-year-and-data.md sections 4 and 5, decision 114). */

const months = z
  .number({ error: M.monthsInvalid })
  .int({ error: M.monthsInvalid })
  .min(0, { error: M.monthsInvalid })
  .max(RETENTION_LIMITS.monthsMax, { error: M.monthsTooLarge });

export const retentionSettings = z.object({
  anciens_eleves_mois: z.number().int(),
  invitations_mois: z.number().int(),
  messages_mois: z.number().int(),
  traces_mois: z.number().int(),
  emails_envoyes_mois: z.number().int(),
  journal_mois: z.number().int(),
  cndp_numero: z.string().nullable(),
});
export type RetentionSettings = z.infer<typeof retentionSettings>;

/** Any of the fields; `cndp_numero` trimmed, an empty one is null. */
export const retentionPatch = z.strictObject({
  anciens_eleves_mois: months.optional(),
  invitations_mois: months.optional(),
  messages_mois: months.optional(),
  traces_mois: months.optional(),
  emails_envoyes_mois: months.optional(),
  journal_mois: months.optional(),
  cndp_numero: z
    .string({ error: M.cndpInvalid })
    .trim()
    .max(RETENTION_LIMITS.cndpMax, { error: M.cndpTooLong })
    .transform((text) => (text === "" ? null : text))
    .nullable()
    .optional(),
});
export type RetentionPatch = z.input<typeof retentionPatch>;

export const purgeRequest = z.strictObject({ apercu: z.boolean().optional() });
export type PurgeRequest = z.infer<typeof purgeRequest>;

export const purgeCategory = z.object({ categorie: z.enum(RETENTION_KEYS), nombre: z.number().int() });
export const purgeResponse = z.object({ categories: z.array(purgeCategory) });
export type PurgeResponse = z.infer<typeof purgeResponse>;

/** The purge runs, newest first: an addition beside the spec's routes, for the screen's history and progress. */
export const purgeRun = z.object({
  id: z.number().int(),
  declenchement: z.enum(PURGE_TRIGGERS),
  statut: z.enum(PURGE_STATUSES),
  staff_name: z.string().nullable(),
  nombres: z.record(z.string(), z.number().int()),
  started_at: z.string(),
  finished_at: z.string().nullable(),
});
export type PurgeRun = z.infer<typeof purgeRun>;
export const purgeRunsResponse = z.object({ data: z.array(purgeRun) });
export type PurgeRunsResponse = z.infer<typeof purgeRunsResponse>;

/** The access and erasure requests handled (demandes_donnees), newest first. */
export const dataRequestRow = z.object({
  id: z.number().int(),
  type: z.enum(DATA_REQUEST_TYPES),
  etudiant_id: z.number().int(),
  staff_name: z.string().nullable(),
  motif: z.string().nullable(),
  created_at: z.string(),
});
export type DataRequestRow = z.infer<typeof dataRequestRow>;
export const dataRequestsResponse = z.object({ data: z.array(dataRequestRow) });
export type DataRequestsResponse = z.infer<typeof dataRequestsResponse>;
