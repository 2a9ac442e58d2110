/**
 * Notification rules of the screens (docs/spec/student-portal.md): how the id lists of section 3
 * are read, and the relative time and priority labels of section 2. Who a notification is
 * addressed to (section 5) is judged by the API's query alone
 * (apps/api/src/modules/notifications/queries.ts, decision 025): a student only ever receives
 * their own notifications.
 */

export const AUDIENCE_TYPES = ["etudiant_specifique", "option", "centre", "filiere", "tous"] as const;
export type AudienceType = (typeof AUDIENCE_TYPES)[number];

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
  markAllRead: "Tout marquer comme lu",
  markAllFailed: "Les notifications n'ont pas pu être marquées comme lues. Réessayez.",
  showOlder: "Afficher les notifications plus anciennes",
  olderFailed: "Les notifications plus anciennes n'ont pas pu être chargées. Réessayez.",
  shownOf: (shown: number, total: number) => `${shown} notifications affichées sur ${total}`,
} as const;

/**
 * How many notifications the list shows at first, and adds per "Afficher les notifications
 * plus anciennes": a screen or two on a phone. An academy that writes every day would otherwise
 * send a student a page of hundreds of cards, rendered on the server for each visit (decision 102).
 */
export const NOTIFICATIONS_PER_SCREEN = 20;

/**
 * Reads an audience id list in any of the forms docs/spec/student-portal.md section 3 allows: a JSON-encoded list
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

/** Read when the student's id is in `viewed_by` (docs/spec/student-portal.md section 4). */
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

/** docs/spec/student-portal.md section 2: high 'Priorité élevée', medium 'Priorité moyenne', anything else 'Priorité normale'. */
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
