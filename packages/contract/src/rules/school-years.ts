import { schoolYearStarting } from "./calendars.ts";

/**
 * School years, cohorts and former students (docs/spec/school-year-and-data.md sections 1-3,
 * decision 111): the words and rules both sides need.
 */
export const SCHOOL_YEAR_STATUSES = ["en_cours", "a_venir", "cloturee"] as const;
export type SchoolYearStatus = (typeof SCHOOL_YEAR_STATUSES)[number];

export const SCHOOL_YEAR_STATUS_LABELS: Record<SchoolYearStatus, string> = {
  en_cours: "En cours",
  a_venir: "À venir",
  cloturee: "Clôturée",
};

/** The school status beside the account status (Actif, Invitation envoyée, Désactivé). */
export const SCHOOL_STATUSES = ["inscrit", "ancien_eleve"] as const;
export type SchoolStatus = (typeof SCHOOL_STATUSES)[number];

export const SCHOOL_STATUS_LABELS: Record<SchoolStatus, string> = {
  inscrit: "Inscrit",
  ancien_eleve: "Ancien élève",
};

/** Why a former student left. Closing a year gives `fin_de_formation` to everyone who does not continue. */
export const LEAVING_REASONS = ["fin_de_formation", "abandon", "transfert"] as const;
export type LeavingReason = (typeof LEAVING_REASONS)[number];

export const LEAVING_REASON_LABELS: Record<LeavingReason, string> = {
  fin_de_formation: "Fin de formation",
  abandon: "Abandon",
  transfert: "Transfert",
};

/** `2026` → `"2026-2027"`. */
export const schoolYearLabel = (startYear: number) => schoolYearStarting(startYear).label;

/** The day a closing year's leavers are recorded as leaving: the closing day, or the year's last day once it is over. */
export function leavingDayOfClosure(startYear: number, today: string): string {
  const { last } = schoolYearStarting(startYear);
  return today < last ? today : last;
}

export const SCHOOL_YEAR_MESSAGES = {
  alreadyClosed: (label: string) => `L'année ${label} est déjà clôturée.`,
  notCurrent: (label: string) => `Seule l'année en cours peut être clôturée ; ${label} ne l'est pas.`,
  unknownYear: "Cette année scolaire n'existe pas.",
  continuingUnknown: "Certains étudiants choisis ne sont pas inscrits dans l'année clôturée.",
  continuingTooMany: "Trop d'étudiants choisis en une fois.",
  closed: (label: string, next: string) => `L'année ${label} est clôturée ; ${next} est maintenant en cours.`,
  formerStudentArea:
    "Votre formation à l'académie est terminée : votre espace donne accès à vos attestations, à votre profil et à votre mot de passe.",
  formerStudentForbidden: "Votre formation est terminée : cette partie de l'espace étudiant n'est plus accessible.",
  /** The short page a former student sees on another student page (docs/spec/school-year-and-data.md section 3). */
  formerStudentPageTitle: "Votre formation est terminée",
  formerStudentPageLink: "Voir mes attestations",
} as const;

/**
 * The student pages a former student keeps (docs/spec/school-year-and-data.md section 3): their
 * attestations, /profile and the password. Any other student page shows the short page above.
 */
export const FORMER_STUDENT_PAGES = ["/demande-attestation", "/profile", "/modifier-mot-de-passe"] as const;

export const SCHOOL_YEAR_LIMITS = {
  /** Students named one by one as continuing into the next year (the three centres' whole year fits). */
  continuingMax: 20_000,
} as const;
