/**
 * Notification rules both sides apply: who a notification is addressed to (spec section 5),
 * how its audience id lists are read (section 3), and the relative time and priority labels
 * the screens show (section 2).
 */

export const AUDIENCE_TYPES = ["etudiant_specifique", "option", "centre", "filiere", "tous"] as const;
export type AudienceType = (typeof AUDIENCE_TYPES)[number];

export const NOTIFICATION_STATUSES = ["envoye", "echec"] as const;

export const NOTIFICATION_TEXT = {
  title: "Notifications",
  unread: "Nouveau",
  details: "Voir détails",
  empty: "Aucune notification",
  retry: "Réessayer",
  listFailed: "Failed to fetch notifications",
  listError: "Error fetching notifications. Please try again later.",
  detailFailed: "Failed to fetch notification details",
  detailError: "Error fetching notification. Please try again later.",
  notFoundTitle: "Notification non trouvée",
  notFoundText: "Cette notification n'existe pas ou a été supprimée.",
  moreDetails: "Voir plus de détails →",
  back: "Retour aux notifications",
  justNow: "À l'instant",
} as const;

/**
 * Reads an audience id list in any of the forms section 3 allows: a JSON-encoded list
 * (`"[1,2]"`, `'["1","2"]'`), a single id (`"3"` or `3`), an array, or nothing.
 * Anything that is not a positive integer id is dropped.
 */
export function parseIdList(value: unknown): number[] {
  let raw: unknown = value;
  if (typeof raw === "string") {
    const text = raw.trim();
    if (text === "") return [];
    try {
      raw = JSON.parse(text);
    } catch {
      return [];
    }
  }
  const items = Array.isArray(raw) ? raw : [raw];
  const ids: number[] = [];
  for (const item of items) {
    const id = typeof item === "string" && /^\s*\d+\s*$/.test(item) ? Number(item) : item;
    if (typeof id === "number" && Number.isSafeInteger(id) && id > 0 && !ids.includes(id)) ids.push(id);
  }
  return ids;
}

/** The audience fields of a notification, in the wire form of section 3. */
export type NotificationAudience = {
  type_destinataire: string;
  etudiant_ids?: unknown;
  option_ids?: unknown;
  centre_ids?: unknown;
  filiere_ids?: unknown;
};

/** What the audience rule needs to know about a student. */
export type AudienceMember = {
  id: number;
  option_id: number | null;
  centre_id: number | null;
  filiere_id: number | null;
};

const includes = (list: unknown, id: number | null) => id !== null && parseIdList(list).includes(id);

/** Spec section 5: whether a notification is shown to a student. An unknown type is shown. */
export function isAddressedTo(notification: NotificationAudience, student: AudienceMember): boolean {
  switch (notification.type_destinataire) {
    case "etudiant_specifique":
      return includes(notification.etudiant_ids, student.id);
    case "option":
      return includes(notification.option_ids, student.option_id);
    case "centre":
      return includes(notification.centre_ids, student.centre_id);
    case "filiere":
      return includes(notification.filiere_ids, student.filiere_id);
    default:
      return true;
  }
}

/** Read when the student's id is in `viewed_by` (spec section 4). */
export function isViewedBy(viewedBy: unknown, studentId: number): boolean {
  return parseIdList(viewedBy).includes(studentId);
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const ago = (n: number, unit: string) => `Il y a ${n} ${unit}${n > 1 ? "s" : ""}`;

/** 'Il y a N jour(s)/heure(s)/minute(s)' or 'À l'instant'; a date in the future reads as now. */
export function relativeTime(date: string | Date, now: Date = new Date()): string {
  const time = typeof date === "string" ? Date.parse(date) : date.getTime();
  if (Number.isNaN(time)) return "";
  const elapsed = now.getTime() - time;
  if (elapsed >= DAY) return ago(Math.floor(elapsed / DAY), "jour");
  if (elapsed >= HOUR) return ago(Math.floor(elapsed / HOUR), "heure");
  if (elapsed >= MINUTE) return ago(Math.floor(elapsed / MINUTE), "minute");
  return NOTIFICATION_TEXT.justNow;
}

export type PriorityLevel = "high" | "medium" | "normal";

/** Spec section 2: high 'Priorité élevée', medium 'Priorité moyenne', anything else 'Priorité normale'. */
export function priorityBadge(priority: string | null | undefined): { level: PriorityLevel; label: string } {
  if (priority === "high") return { level: "high", label: "Priorité élevée" };
  if (priority === "medium") return { level: "medium", label: "Priorité moyenne" };
  return { level: "normal", label: "Priorité normale" };
}

/** An external link is only followed when it is an absolute http(s) URL. */
export function safeExternalLink(link: string | null | undefined): string | null {
  if (!link) return null;
  try {
    const url = new URL(link.trim());
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}
