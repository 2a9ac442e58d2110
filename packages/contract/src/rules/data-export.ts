/**
 * The access export of law 09-08 (art. 7; docs/spec/school-year-and-data.md section 4, decision
 * 112): a ZIP of every row held about a student, downloaded by the staff from the student's page or
 * by the student from /profile.
 */

export const DATA_EXPORT_LIMITS = {
  /** "Télécharger mes données": downloads a student may start in `windowSeconds`. */
  studentPerWindow: 3,
  windowSeconds: 3600,
} as const;

/** `donnees-PU-2025-0001.zip`: the student number, kept to the characters a file name takes everywhere. */
export const dataExportFileName = (studentNumber: string) =>
  `donnees-${studentNumber.replace(/[^A-Za-z0-9_-]+/g, "-").replace(/^-+|-+$/g, "") || "etudiant"}.zip`;

export const DATA_EXPORT_TEXT = {
  /** The staff's download on the student's page (direction, and the secretariat of the student's centre). */
  staffButton: "Exporter les données",
  staffHint: "ZIP de toutes les données détenues sur l'étudiant (loi 09-08, art. 7) ; l'export est inscrit au journal.",
  /** /profile. */
  studentTitle: "Mes données personnelles",
  studentButton: "Télécharger mes données",
  studentPreparing: "Préparation du fichier…",
  studentHint:
    "Un fichier ZIP avec toutes les données que l'académie détient sur vous (loi 09-08, article 7) : un fichier lisible (PDF), les mêmes données en JSON, leurs explications, votre photo et vos attestations.",
  studentFailed: "Le téléchargement n'a pas abouti. Réessayez dans un instant.",
  tooMany: (seconds: number) => {
    const minutes = Math.max(1, Math.ceil(seconds / 60));
    return `Vous avez déjà téléchargé vos données ${DATA_EXPORT_LIMITS.studentPerWindow} fois en une heure. Réessayez dans ${minutes} minute${minutes > 1 ? "s" : ""}.`;
  },
  notAStudent: "Seuls les étudiants ont des données à télécharger.",
} as const;
