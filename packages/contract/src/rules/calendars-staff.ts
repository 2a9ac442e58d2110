/**
 * Constants of the back-office's calendars (docs/spec/back-office.md section 5), apart from
 * their zod schemas (schemas/calendars-staff.ts) so that a screen can show them without
 * loading zod before the form needs it.
 */

export const CALENDAR_STAFF_MESSAGES = {
  nomRequired: "Le nom est requis.",
  nomTooLong: "Le nom ne doit pas dépasser 200 caractères.",
  lieuRequired: "Le lieu est requis.",
  lieuTooLong: "Le lieu ne doit pas dépasser 200 caractères.",
  descriptionTooLong: "La description ne doit pas dépasser 5000 caractères.",
  dateInvalid: "Saisissez une date valide (AAAA-MM-JJ).",
  timeInvalid: "Saisissez une heure valide (HH:MM).",
  endBeforeStart: "L'heure de fin doit être après l'heure de début.",
  endDateBeforeStart: "La date de fin doit être le jour de début ou après.",
  rangeTooLong: "Une fermeture ne peut pas dépasser 366 jours.",
  typeInvalid: "Choisissez un type d'événement.",
  categorieInvalid: "Choisissez une catégorie.",
  centresRequired: "Choisissez au moins un centre, ou « Tous les centres ».",
  centreUnknown: "Ce centre n'existe pas.",
  yearInvalid: "Choisissez une année scolaire entre 2000 et 2100.",
  eventNotFound: "Événement introuvable.",
  holidayNotFound: "Jour férié introuvable.",
  notReligious: "Seule la date d'une fête religieuse se confirme.",
  afficheMissing: "Choisissez une image pour l'affiche.",
} as const;

/** The fields of an extracurricular event that the staff edit (form and journal alike). */
export const STAFF_EVENT_FIELDS = [
  "nom",
  "date",
  "heure_debut",
  "heure_fin",
  "lieu",
  "description",
  "type",
  "tous_centres",
  "centre_ids",
] as const;

/** What a row of `/gestion/jours-feries` is: generated holidays, then the academy's own closures. */
export const HOLIDAY_KINDS = ["national", "international", "religieux", "vacances", "fermeture"] as const;
export type HolidayKind = (typeof HOLIDAY_KINDS)[number];
export const HOLIDAY_KIND_LABELS: Record<HolidayKind, string> = {
  national: "Fête nationale",
  international: "Jour férié international",
  religieux: "Fête religieuse",
  vacances: "Vacances",
  fermeture: "Fermeture d'un centre",
};
/** The kinds the staff add themselves; the others are generated for each school year. */
export const CLOSURE_KINDS = ["vacances", "fermeture"] as const;

export const HOLIDAY_DATE_STATUSES = ["prevue", "confirmee"] as const;
export type HolidayDateStatus = (typeof HOLIDAY_DATE_STATUSES)[number];
export const HOLIDAY_DATE_STATUS_LABELS: Record<HolidayDateStatus, string> = {
  prevue: "Date prévue",
  confirmee: "Date confirmée",
};
