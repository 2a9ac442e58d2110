/** Pure rules of the student documents (planning, course support, orientation). */
import { ACADEMY_TIME_ZONE } from "../time-zone.ts";

const SIZE_UNITS = ["Bytes", "KB", "MB", "GB", "TB"] as const;

/**
 * A size in bytes as docs/spec/student-portal.md section 9 shows it: powers of 1024, units Bytes to TB, at
 * most 2 decimals (`0 Bytes`, `512 Bytes`, `1.5 KB`, `2.35 MB`). Beyond TB it stays in TB.
 */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return "0 Bytes";
  const unit = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), SIZE_UNITS.length - 1);
  const value = Number.parseFloat((bytes / 1024 ** unit).toFixed(2));
  return `${value} ${SIZE_UNITS[unit]}`;
}

/** Month and year of an instant in French (`septembre 2025`), in the academy's time zone. */
export function formatMonthYear(instant: string | Date): string {
  const date = typeof instant === "string" ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) return "";
  return MONTH_YEAR.format(date);
}

const MONTH_YEAR = new Intl.DateTimeFormat("fr-FR", { timeZone: ACADEMY_TIME_ZONE, month: "long", year: "numeric" });

/** The last segment of a file URL or path: the `{filename}` of the download routes (docs/spec/student-portal.md section 7). */
export function fileNameOf(urlOrPath: string): string {
  const withoutQuery = urlOrPath.split(/[?#]/)[0] ?? "";
  return withoutQuery.slice(withoutQuery.lastIndexOf("/") + 1);
}

/** Download routes of the three document kinds. */
export const DOCUMENT_DOWNLOADS = {
  planning: "/api/planifications/download",
  course: "/api/documents/download",
  orientation: "/api/orientations/download",
} as const;

/** French texts of the document screens, quoted from docs/spec/student-portal.md where it gives them. */
export const DOCUMENT_TEXTS = {
  planningEmptyForCentre: "Aucun planning disponible pour votre centre et filière pour le moment.",
  planningEmpty: "Aucun planning disponible pour le moment.",
  planningFetchFailed: "Failed to fetch data",
  unsuccessfulResponse: "API returned unsuccessful response",
  downloadAlert: "Erreur lors du téléchargement du fichier: ",
  expectedPdf: "Expected PDF but got ",
  courseTitle: "Support des Cours",
  courseEmpty: "Aucun document disponible pour le moment",
  courseSubjectEmpty: "Aucun document disponible pour cette matière",
  courseLoadError: "Erreur lors du chargement",
  courseFetchFailed: "Erreur lors de la récupération des données",
  courseListed: "Documents récupérés avec succès.",
  courseDownloadAlert: "Download error: ",
  invalidFilePath: "Invalid file path",
  fileNotFoundOnServer: "File not found on server",
  viewPdf: "Voir le PDF",
  fileNotFound: "Fichier introuvable.",
} as const;
