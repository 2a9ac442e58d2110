import { z } from "zod";

/** An audience id list as sent on the wire: a JSON-encoded list, a single id, or null. */
const idList = z.union([z.string(), z.number().int()]).nullable();

/** docs/spec/student-portal.md section 3. `viewed_by` only ever holds the caller's own id, when they have read it. */
export const notification = z.object({
  id: z.number().int(),
  titre: z.string(),
  message: z.string(),
  created_at: z.string(),
  type_destinataire: z.string(),
  etudiant_ids: idList,
  option_ids: idList,
  centre_ids: idList,
  filiere_ids: idList,
  viewed_by: z.array(z.number().int()),
  statut: z.string(),
  sender: z.string().nullable(),
  priority: z.string().nullable(),
  photo: z.string().nullable(),
  link: z.string().nullable(),
});
export type Notification = z.infer<typeof notification>;

export const notificationListResponse = z.object({ success: z.literal(true), data: z.array(notification) });
export const notificationDetailResponse = z.object({ success: z.literal(true), data: notification });
export type NotificationListResponse = z.infer<typeof notificationListResponse>;

/** The most `limit` may ask for: far more than any student's list, a bound on one answer. */
export const NOTIFICATION_LIMIT_MAX = 10_000;

/**
 * GET /api/notifications takes an optional `limit` (an addition to docs/spec/student-portal.md
 * section 3; without it, the answer is the list as specified).
 */
export const notificationListParams = z.object({
  limit: z.coerce
    .number({ error: "La limite doit être un nombre entier." })
    .int({ error: "La limite doit être un nombre entier." })
    .min(1, { error: `La limite doit être comprise entre 1 et ${NOTIFICATION_LIMIT_MAX}.` })
    .max(NOTIFICATION_LIMIT_MAX, { error: `La limite doit être comprise entre 1 et ${NOTIFICATION_LIMIT_MAX}.` })
    .optional(),
});

/**
 * GET /api/notifications?limit=N: the N newest, with how many the list holds in all (`total`)
 * and how many of them the caller has not read (`unread`): a first screen and the header's
 * count, without sending the whole history.
 */
export const notificationScreenResponse = notificationListResponse.extend({
  total: z.number().int().nonnegative(),
  unread: z.number().int().nonnegative(),
});
export type NotificationScreenResponse = z.infer<typeof notificationScreenResponse>;
export type NotificationDetailResponse = z.infer<typeof notificationDetailResponse>;

/** `etudiant_id` is accepted for compatibility and ignored: the server records the caller. */
export const markViewedRequest = z.object({ etudiant_id: z.unknown().optional() }).nullish();
export const markViewedResponse = z.object({ success: z.literal(true) });
export type MarkViewedResponse = z.infer<typeof markViewedResponse>;

/**
 * POST /api/notifications/read-all: every notification addressed to the caller recorded as read
 * (none of the request's fields is read). `marked`: how many were unread until then.
 */
export const markAllViewedResponse = z.object({ success: z.literal(true), marked: z.number().int().nonnegative() });
export type MarkAllViewedResponse = z.infer<typeof markAllViewedResponse>;
