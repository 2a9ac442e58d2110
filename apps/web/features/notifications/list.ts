import {
  isViewedBy,
  NOTIFICATION_TEXT,
  NOTIFICATIONS_PER_SCREEN,
  type Notification,
  type NotificationScreenResponse,
  type StudentData,
} from "@puerta/contract";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "../../lib/api.ts";
import { useStudentData } from "../../lib/session.ts";

/**
 * The student's newest notifications and the counts of the whole list: what the header's badge
 * reads on every student page, so it is part of the app's file (vite.config.ts). The rest of the
 * feature's calls (a notification, marking read) are in api.ts and come with the notification pages.
 */

/** The prefix of every screen of the list: what marking read updates and invalidates. */
export const LIST_KEY = ["notifications", "list"] as const;

/** The `limit` newest notifications, with how many the list holds (`total`) and how many are unread. */
export type NotificationScreen = { notifications: Notification[]; total: number; unread: number };

async function fetchScreen(limit: number, signal: AbortSignal): Promise<NotificationScreen> {
  const body = await apiJson<Partial<NotificationScreenResponse> | null>(`/api/notifications?limit=${limit}`, {
    signal,
  });
  if (!body?.success || !Array.isArray(body.data) || typeof body.total !== "number" || typeof body.unread !== "number")
    throw new Error(NOTIFICATION_TEXT.listFailed);
  return { notifications: body.data, total: body.total, unread: body.unread };
}

/**
 * The list's first `limit` (one screen unless the student asked for older ones): the server
 * renders one screen and counts the rest, instead of sending the whole history (decision 104).
 */
export const notificationListQuery = (limit: number = NOTIFICATIONS_PER_SCREEN) =>
  queryOptions({
    queryKey: [...LIST_KEY, limit] as const,
    queryFn: ({ signal }) => fetchScreen(limit, signal),
    // The navigation badge reads the first screen on every page: half a minute spares a fetch per click.
    staleTime: 30_000,
  });

export const isRead = (notification: Notification, student: StudentData | null | undefined) =>
  student != null && isViewedBy(notification.viewed_by, student.id);

/** The `limit` newest; while a longer screen loads, the shorter one stays on show. */
export function useNotifications(limit: number = NOTIFICATIONS_PER_SCREEN) {
  // Who reads them (GET /api/user, lib/session.ts): until known, the list is not shown, so that
  // no read notification flashes as "Nouveau".
  const student = useStudentData();
  // The server sends only the notifications addressed to the student, newest first: it is the
  // one judge of the audience (decision 025), the list is shown as it comes.
  const query = useQuery({ ...notificationListQuery(limit), placeholderData: keepPreviousData });
  if (student === undefined && query.isSuccess)
    return { ...query, data: undefined, isPending: true as const, isSuccess: false as const, student };
  return { ...query, student };
}

/**
 * The unread count, counted by the server over the whole list and shared app-wide through the
 * query cache: opening a notification updates the title and the navigation at once.
 */
export function useUnreadNotificationCount(enabled: boolean): number {
  const { data } = useQuery({ ...notificationListQuery(), enabled, select: (screen) => screen.unread });
  return enabled ? (data ?? 0) : 0;
}
