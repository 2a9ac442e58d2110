import { z } from "zod";
import { SCHOOL_YEAR_LIMITS, SCHOOL_YEAR_MESSAGES, SCHOOL_YEAR_STATUSES } from "../rules/school-years.ts";

/** `/gestion/annees` (docs/spec/school-year-and-data.md sections 1, 2 and 5). */

const id = z.coerce.number().int().positive().max(2_147_483_647);

export const schoolYearRow = z.object({
  id: z.number().int(),
  label: z.string(),
  debut: z.string(),
  fin: z.string(),
  statut: z.enum(SCHOOL_YEAR_STATUSES),
  /** Enrolled: for the current year, the students enrolled now; for a closed one, those who attended it. */
  inscrits: z.number().int(),
  /** Former students whose last year was this one. */
  anciens_eleves: z.number().int(),
});
export type SchoolYearRow = z.infer<typeof schoolYearRow>;

export const schoolYearsResponse = z.object({ data: z.array(schoolYearRow) });
export type SchoolYearsResponse = z.infer<typeof schoolYearsResponse>;

/** A continuing student's centre, option and filière for the new year, when they change. */
export const closureChange = z.object({
  etudiant_id: id,
  centre_id: id.nullable().optional(),
  option_id: id.nullable().optional(),
  filiere_id: id.nullable().optional(),
});

export const closureRequest = z.object({
  continuent: z
    .array(id, { error: SCHOOL_YEAR_MESSAGES.continuingUnknown })
    .max(SCHOOL_YEAR_LIMITS.continuingMax, SCHOOL_YEAR_MESSAGES.continuingTooMany),
  apercu: z.boolean().optional(),
  /** An addition to the spec's body: step 1's bulk change of centre, option and filière. */
  changements: z.array(closureChange).max(SCHOOL_YEAR_LIMITS.continuingMax).optional(),
});
export type ClosureRequest = z.infer<typeof closureRequest>;

export const closureResponse = z.object({
  continuent: z.number().int(),
  anciens_eleves: z.number().int(),
  /** The year that becomes (or would become) the current one. */
  nouvelle_annee: z.object({ id: z.number().int().nullable(), label: z.string() }),
});
export type ClosureResponse = z.infer<typeof closureResponse>;

/**
 * The enrolled students of a year, all at once, for step 1 of the closure (who continues): the
 * screen filters and ticks them itself. An addition beside the spec's routes.
 */
export const cohortStudent = z.object({
  id: z.number().int(),
  nom: z.string(),
  prenom: z.string(),
  numero_etudiant: z.string(),
  centre_id: z.number().int().nullable(),
  option_id: z.number().int().nullable(),
  filiere_id: z.number().int().nullable(),
});
export type CohortStudent = z.infer<typeof cohortStudent>;
export const cohortResponse = z.object({ data: z.array(cohortStudent) });
export type CohortResponse = z.infer<typeof cohortResponse>;
