import { ACADEMY_TIME_ZONE } from "../time-zone.ts";
import type { AUDIENCE_TYPES } from "./notifications.ts";

/** Back-office notifications and restore bin (docs/spec/back-office.md section 5): words and limits, no zod. */

export const NOTIFICATION_PRIORITIES = ["high", "medium", "normal"] as const;
export type NotificationPriority = (typeof NOTIFICATION_PRIORITIES)[number];
export const NOTIFICATION_PRIORITY_LABELS: Record<NotificationPriority, string> = {
  high: "Haute",
  medium: "Moyenne",
  normal: "Normale",
};

export const NOTIFICATION_STATES = ["brouillon", "programmee", "publiee", "retiree"] as const;
export type NotificationState = (typeof NOTIFICATION_STATES)[number];
export const NOTIFICATION_STATE_LABELS: Record<NotificationState, string> = {
  brouillon: "Brouillon",
  programmee: "Programmée",
  publiee: "Publiée",
  retiree: "Retirée",
};

export const AUDIENCE_TYPE_LABELS: Record<(typeof AUDIENCE_TYPES)[number], string> = {
  tous: "Tous les étudiants",
  centre: "Centres",
  option: "Options",
  filiere: "Filières",
  etudiant_specifique: "Étudiants précis",
};

/** The sender students read: the staff member's name, or the academy's "Administration". */
export const SENDER_MODES = ["moi", "administration"] as const;
export const ADMINISTRATION_SENDER = "Administration";

/** "maintenant" publishes at once, "programmee" at `publish_at`, "brouillon" keeps it for later. */
export const PUBLICATION_MODES = ["maintenant", "programmee", "brouillon"] as const;

export const NOTIFICATION_STAFF_LIMITS = {
  titreMax: 200,
  messageMax: 5000,
  linkMax: 2000,
  audienceIdsMax: 5000,
} as const;

export const NOTIFICATION_STAFF_MESSAGES = {
  titreRequired: "Le titre est requis.",
  titreTooLong: `Le titre ne doit pas dépasser ${NOTIFICATION_STAFF_LIMITS.titreMax} caractères.`,
  messageRequired: "Le message est requis.",
  messageTooLong: `Le message ne doit pas dépasser ${NOTIFICATION_STAFF_LIMITS.messageMax} caractères.`,
  priority: "Choisissez une priorité.",
  link: "Le lien doit être une adresse web complète (https://…).",
  audienceType: "Choisissez une audience.",
  audienceIds: "Choisissez au moins un destinataire.",
  audienceIdsTooMany: `Au plus ${NOTIFICATION_STAFF_LIMITS.audienceIdsMax} destinataires peuvent être choisis un à un.`,
  audienceUnknown: "Un destinataire choisi n'existe pas.",
  noRecipientDeactivated: (n: number) =>
    n === 1
      ? "le seul étudiant concerné a un compte désactivé."
      : `les ${n} étudiants concernés ont un compte désactivé.`,
  noRecipientCentre: "aucun étudiant n'est inscrit dans ces centres.",
  noRecipientOption: "aucun étudiant ne suit ces options.",
  noRecipientFiliere: "aucun étudiant n'est inscrit dans ces filières.",
  noRecipientNarrowed: "aucun étudiant de ces centres ne correspond à ce choix.",
  noRecipientStudents: "aucun étudiant choisi.",
  noRecipientNobody: "aucun étudiant n'est inscrit.",
  sender: "Choisissez l'expéditeur.",
  publication: "Choisissez quand publier.",
  publishAtRequired: "Indiquez la date et l'heure de publication.",
  publishAtInvalid: "La date et l'heure de publication ne sont pas valides.",
  publishAtPast: "La date de publication doit être dans le futur.",
  alreadyPublished:
    "Cette notification est déjà publiée : elle ne peut plus être programmée ni redevenir un brouillon.",
  withdrawn: "Cette notification est retirée : restaurez-la depuis la corbeille pour la modifier.",
  alreadyWithdrawn: "Cette notification est déjà retirée.",
  notFound: "Notification non trouvée",
} as const;

export const NOTIFICATION_READ_FILTERS = ["lue", "non_lue"] as const;

// ---------------------------------------------------------------- restore bin

export const TRASH_KINDS = [
  "plannings",
  "supports",
  "orientation",
  "parascolaire",
  "jours-feries",
  "notifications",
] as const;
export type TrashKindName = (typeof TRASH_KINDS)[number];
/** Withdrawn items are purged this many days after "Retirer". */
export const TRASH_RETENTION_DAYS = 30;

// ---------------------------------------------------------------- publication time

/** A date and time as typed in a `datetime-local` field, read in Africa/Casablanca. */
export const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

const parts = new Intl.DateTimeFormat("en-US", {
  timeZone: ACADEMY_TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
});

/** The academy's wall-clock time of an instant, as `YYYY-MM-DDTHH:mm`. */
export function toAcademyLocal(instant: Date): string {
  const get = (type: string) => parts.formatToParts(instant).find((p) => p.type === type)?.value ?? "00";
  return `${get("year")}-${get("month")}-${get("day")}T${get("hour")}:${get("minute")}`;
}

/**
 * The instant of a `YYYY-MM-DDTHH:mm` typed by staff in Casablanca (a `datetime-local` field),
 * or null when no such wall-clock time exists (30 February, a time skipped by a clock change).
 */
export function fromAcademyLocal(local: string): Date | null {
  if (!LOCAL_DATE_TIME.test(local)) return null;
  const [date = "", time = ""] = local.split("T");
  const [y, mo, d] = date.split("-").map(Number) as [number, number, number];
  const [h, mi] = time.split(":").map(Number) as [number, number];
  const guess = Date.UTC(y, mo - 1, d, h, mi);
  // Two passes settle the offset, even across a change of the academy's offset.
  let instant = guess;
  for (let i = 0; i < 2; i++) {
    const shown = toAcademyLocal(new Date(instant));
    const [sd = "", st = ""] = shown.split("T");
    const [sy, smo, sdd] = sd.split("-").map(Number) as [number, number, number];
    const [sh, smi] = st.split(":").map(Number) as [number, number];
    instant += guess - Date.UTC(sy, smo - 1, sdd, sh, smi);
  }
  return toAcademyLocal(new Date(instant)) === local ? new Date(instant) : null;
}
