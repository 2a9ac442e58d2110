import { z } from "zod";
import { PUBLISHED_YEAR_MESSAGES } from "../rules/published-years.ts";
import { SCHOOL_YEAR_STATUSES } from "../rules/school-years.ts";

/**
 * The school year of a published item (plannings, notifications, events), on each row of the
 * back-office's publishing lists, and their *Année* filter (docs/spec/school-year-and-data.md
 * section 2).
 */
export const publishedYear = z.object({
  id: z.number().int(),
  /** `2026-2027`. */
  label: z.string(),
  /** A row of a year that is not `en_cours` is read-only (its writes answer 409). */
  statut: z.enum(SCHOOL_YEAR_STATUSES),
});
export type PublishedYear = z.infer<typeof publishedYear>;

const unknownYear = PUBLISHED_YEAR_MESSAGES.unknownYear;

/**
 * `annee`: a year's id (as `GET /api/gestion/annees` and `GET /api/gestion/referentiel/annees`
 * give it) or its label (`2025-2026`); absent, the current year.
 */
export const yearFilter = z.preprocess(
  (value) => (value === "" ? undefined : typeof value === "string" && /^\d{1,10}$/.test(value) ? Number(value) : value),
  z
    .union(
      [
        z.number().int().positive().max(2_147_483_647),
        z
          .string()
          .regex(/^\d{4}-\d{4}$/)
          .refine((label) => Number(label.slice(5)) === Number(label.slice(0, 4)) + 1),
      ],
      { error: unknownYear },
    )
    .optional(),
);

/** `GET /api/gestion/referentiel/annees`: every school year, newest first, for the *Année* pickers of any staff member. */
export const schoolYearOption = publishedYear;
export type SchoolYearOption = z.infer<typeof schoolYearOption>;
export const schoolYearOptionsResponse = z.object({ data: z.array(schoolYearOption) });
export type SchoolYearOptionsResponse = z.infer<typeof schoolYearOptionsResponse>;
