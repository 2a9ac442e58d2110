import { z } from "zod";
import { namedRef } from "./common.ts";

/**
 * docs/spec/student-portal.md section 3, Planning. `taille_fichier` (bytes) is added so the screen shows the real size
 * instead of the random placeholder of docs/spec/student-portal.md section 2 (docs/decisions/003-real-file-sizes.md).
 */
export const planning = z.object({
  id: z.number().int(),
  titre: z.string(),
  fichier_path: z.string(),
  fichier_url: z.string(),
  type_fichier: z.string(),
  semaine_debut: z.string().nullable(),
  semaine_fin: z.string().nullable(),
  description: z.string().nullable(),
  actif: z.boolean(),
  option: namedRef.nullable(),
  centre: namedRef.extend({ adresse: z.string() }),
  taille_fichier: z.number().int().nonnegative(),
});
export type Planning = z.infer<typeof planning>;
export const planningListResponse = z.object({ success: z.literal(true), data: z.array(planning) });

/** docs/spec/student-portal.md section 3, Document (course support). `niveau_id` says which level it belongs to, if any. */
export const courseDocument = z.object({
  id: z.number().int(),
  matiere_id: z.number().int(),
  niveau_id: z.number().int().nullable(),
  titre: z.string(),
  description: z.string().nullable(),
  fichier_path: z.string(),
  type_fichier: z.string(),
  taille_fichier: z.number().int().nonnegative(),
  created_at: z.string(),
});
export type CourseDocument = z.infer<typeof courseDocument>;

export const courseLevel = z.object({ id: z.number().int(), nom: z.string(), ordre: z.number().int() });
export type CourseLevel = z.infer<typeof courseLevel>;

export const subjectWithLevels = z.object({
  id: z.number().int(),
  nom: z.string(),
  description: z.string().nullable(),
  niveaux: z.array(courseLevel),
});
export type SubjectWithLevels = z.infer<typeof subjectWithLevels>;

export const subjectWithoutLevels = z.object({
  id: z.number().int(),
  nom: z.string(),
  description: z.string().nullable(),
  cours: z.array(courseDocument),
});
export type SubjectWithoutLevels = z.infer<typeof subjectWithoutLevels>;

export const courseDocuments = z.object({
  matieres_avec_niveaux: z.array(subjectWithLevels),
  matieres_sans_niveaux: z.array(subjectWithoutLevels),
  /** Level id (as a string key) to that level's documents. */
  cours_par_niveau: z.record(z.string(), z.array(courseDocument)),
});
export type CourseDocuments = z.infer<typeof courseDocuments>;
export const courseDocumentsResponse = z.object({
  success: z.literal(true),
  data: courseDocuments,
  message: z.string(),
});

/** docs/spec/student-portal.md section 3, Orientation document. */
export const orientationDocument = z.object({
  id: z.number().int(),
  titre: z.string(),
  description: z.string().nullable(),
  fichier_url: z.string(),
  type_fichier: z.string(),
  taille_fichier_formatee: z.string(),
});
export type OrientationDocument = z.infer<typeof orientationDocument>;
export const orientationListResponse = z.object({ success: z.literal(true), data: z.array(orientationDocument) });
