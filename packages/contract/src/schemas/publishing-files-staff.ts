import { z } from "zod";
import { PUBLISHING_TEXT } from "../rules/publishing-files.ts";
import { publishedYear, yearFilter } from "./published-years-staff.ts";
import { listQuery, pageOf } from "./staff.ts";

/**
 * The back-office's file-bearing publishing (docs/spec/back-office.md section 5): plannings,
 * course documents ("supports"), orientation documents. Create requests are multipart: their
 * text fields arrive as strings, so each field here also accepts its form spelling ("12",
 * "true", "" for none); the web checks the same schemas with typed values.
 */

const t = PUBLISHING_TEXT;

/** A form's "" is "nothing chosen". */
const blankToUndefined = (value: unknown) => (value === "" ? undefined : value);
const blankToNull = (value: unknown) => (value === "" ? null : value);
const numeric = (value: unknown) => {
  if (typeof value !== "string") return value;
  const text = value.trim();
  return /^\d{1,10}$/.test(text) ? Number(text) : value;
};

const id = (message: string) =>
  z.preprocess(numeric, z.number({ error: message }).int(message).positive(message).max(2_147_483_647, message));

const titre = z
  .string({ error: t.titleRequired })
  .trim()
  .min(1, { error: t.titleRequired, abort: true })
  .max(200, t.titleTooLong);

const description = z.preprocess(
  blankToNull,
  z.string({ error: t.descriptionTooLong }).trim().max(2000, t.descriptionTooLong).nullable(),
);

const isoDate = z.preprocess(
  blankToNull,
  z
    .string({ error: t.weekInvalid })
    .regex(/^\d{4}-\d{2}-\d{2}$/, t.weekInvalid)
    .refine(
      (value) =>
        !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
        new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
      t.weekInvalid,
    )
    .nullable(),
);

const flag = z.preprocess(
  (value) =>
    value === "true" || value === "1" || value === "on" ? true : value === "false" || value === "0" ? false : value,
  z.boolean({ error: t.actifInvalid }),
);

// ---------------------------------------------------------------- plannings

/** `null` (or "" / "toutes" in a form): "Toutes les options". */
const optionId = z.preprocess(
  (value) => (value === "" || value === "toutes" ? null : numeric(value)),
  z
    .number({ error: t.optionUnknown })
    .int(t.optionUnknown)
    .positive(t.optionUnknown)
    .max(2_147_483_647, t.optionUnknown)
    .nullable(),
);

const planningFieldShape = {
  titre,
  description: description.optional(),
  centre_id: id(t.centreRequired),
  option_id: optionId.optional(),
  semaine_debut: isoDate.optional(),
  semaine_fin: isoDate.optional(),
  actif: flag.optional(),
};

const weeksInOrder = (body: { semaine_debut?: string | null; semaine_fin?: string | null }) =>
  !body.semaine_debut || !body.semaine_fin || body.semaine_fin >= body.semaine_debut;

/** The fields sent with each PDF of a new planning. */
export const planningCreateFields = z
  .object(planningFieldShape)
  .refine(weeksInOrder, { message: t.weekOrder, path: ["semaine_fin"] });
export type PlanningCreateFields = z.input<typeof planningCreateFields>;

/** PATCH: any of the fields; the server checks the weeks' order once merged with the row. */
export const planningUpdateRequest = z
  .object({ ...planningFieldShape, titre: titre.optional(), centre_id: id(t.centreRequired).optional() })
  .refine(weeksInOrder, { message: t.weekOrder, path: ["semaine_fin"] });
export type PlanningUpdateRequest = z.input<typeof planningUpdateRequest>;

export const planningsQuery = listQuery.extend({
  centre_id: z.preprocess(blankToUndefined, id(t.filterInvalid).optional()),
  /** An option's id, or `toutes` for the plannings of every option. */
  option_id: z.preprocess(
    blankToUndefined,
    z.union([z.literal("toutes"), id(t.filterInvalid)], { error: t.filterInvalid }).optional(),
  ),
  actif: z.preprocess(blankToUndefined, z.enum(["oui", "non"], { error: t.filterInvalid }).optional()),
  /** The school year (id or label); absent, the current one. */
  annee: yearFilter,
});
export type PlanningsQuery = z.input<typeof planningsQuery>;

const named = z.object({ id: z.number().int(), nom: z.string() });

/** A staff file link: `fichier_url` is the back-office's own download of the PDF. */
const fileFields = {
  file_name: z.string(),
  taille_fichier: z.number().int().nonnegative(),
  fichier_url: z.string(),
  created_at: z.string(),
};

export const staffPlanning = z.object({
  id: z.number().int(),
  titre: z.string(),
  description: z.string().nullable(),
  centre: named,
  option: named.nullable(),
  semaine_debut: z.string().nullable(),
  semaine_fin: z.string().nullable(),
  actif: z.boolean(),
  ...fileFields,
  /** The year it is published for: a closed year's planning is read-only. */
  annee: publishedYear,
});
export type StaffPlanning = z.infer<typeof staffPlanning>;
export const staffPlanningsPage = pageOf(staffPlanning);

/** What the planning form offers: the caller's centres (a secretary's own only) and the options. */
export const planningChoices = z.object({ centres: z.array(named), options: z.array(named) });
export type PlanningChoices = z.infer<typeof planningChoices>;

// ---------------------------------------------------------------- supports

const month = z.preprocess(
  numeric,
  z.number({ error: t.moisRequired }).int(t.moisRequired).min(1, t.moisRequired).max(12, t.moisRequired),
);
const year = z.preprocess(
  numeric,
  z.number({ error: t.anneeRequired }).int(t.anneeRequired).min(2000, t.anneeRequired).max(2100, t.anneeRequired),
);
const niveauId = z.preprocess(
  (value) => (value === "" || value === "aucun" ? null : numeric(value)),
  z
    .number({ error: t.niveauUnknown })
    .int(t.niveauUnknown)
    .positive(t.niveauUnknown)
    .max(2_147_483_647, t.niveauUnknown)
    .nullable(),
);

export const courseDocumentCreateFields = z.object({
  titre,
  description: description.optional(),
  matiere_id: id(t.matiereRequired),
  niveau_id: niveauId.optional(),
  mois: month,
  annee: year,
});
export type CourseDocumentCreateFields = z.input<typeof courseDocumentCreateFields>;

export const courseDocumentUpdateRequest = z.object({
  titre: titre.optional(),
  description: description.optional(),
  mois: month.optional(),
  annee: year.optional(),
});
export type CourseDocumentUpdateRequest = z.input<typeof courseDocumentUpdateRequest>;

/** The new order of every document of one subject (and level): their ids, first to last. */
export const courseDocumentsOrderRequest = z.object({
  matiere_id: id(t.matiereRequired),
  niveau_id: niveauId,
  ids: z.array(id(t.orderInvalid), { error: t.orderInvalid }).min(1, t.orderInvalid).max(1000, t.orderInvalid),
});
export type CourseDocumentsOrderRequest = z.input<typeof courseDocumentsOrderRequest>;

export const courseDocumentsQuery = listQuery.extend({
  matiere_id: z.preprocess(blankToUndefined, id(t.filterInvalid).optional()),
  /** A level's id, or `aucun` for the documents of a subject without levels. */
  niveau_id: z.preprocess(
    blankToUndefined,
    z.union([z.literal("aucun"), id(t.filterInvalid)], { error: t.filterInvalid }).optional(),
  ),
});
export type CourseDocumentsQuery = z.input<typeof courseDocumentsQuery>;

export const staffCourseDocument = z.object({
  id: z.number().int(),
  matiere: named,
  niveau: named.nullable(),
  titre: z.string(),
  description: z.string().nullable(),
  mois: z.number().int().nullable(),
  annee: z.number().int().nullable(),
  ordre: z.number().int(),
  ...fileFields,
});
export type StaffCourseDocument = z.infer<typeof staffCourseDocument>;
export const staffCourseDocumentsPage = pageOf(staffCourseDocument);

export const supportSubjects = z.object({
  matieres: z.array(named.extend({ niveaux: z.array(named), documents: z.number().int() })),
});
export type SupportSubjects = z.infer<typeof supportSubjects>;

// ---------------------------------------------------------------- orientation

export const orientationCreateFields = z.object({ titre, description: description.optional() });
export type OrientationCreateFields = z.input<typeof orientationCreateFields>;

export const orientationUpdateRequest = z.object({ titre: titre.optional(), description: description.optional() });
export type OrientationUpdateRequest = z.input<typeof orientationUpdateRequest>;

export const orientationQuery = listQuery;
export type OrientationQuery = z.input<typeof orientationQuery>;

export const staffOrientationDocument = z.object({
  id: z.number().int(),
  titre: z.string(),
  description: z.string().nullable(),
  ...fileFields,
});
export type StaffOrientationDocument = z.infer<typeof staffOrientationDocument>;
export const staffOrientationPage = pageOf(staffOrientationDocument);
