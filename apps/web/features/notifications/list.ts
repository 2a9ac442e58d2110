import {
  isViewedBy,
  NOTIFICATION_TEXT,
  type Notification,
  type NotificationListResponse,
  type StudentData,
} from "@puerta/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "../../lib/api.ts";
import { useStudentData } from "../../lib/session.ts";

/**
 * The student's notification list and its unread count: what the header's badge reads on every
 * student page, so it is part of the app's file (vite.config.ts). The rest of the feature's
 * calls (a notification, marking read) are in api.ts and come with the notification pages.
 */

export const LIST_KEY = ["notifications", "list"] as const;

async function fetchList({ signal }: { signal: AbortSignal }): Promise<Notification[]> {
  const body = await apiJson<Partial<NotificationListResponse> | null>("/api/notifications", { signal });
  if (!body?.success || !Array.isArray(body.data)) throw new Error(NOTIFICATION_TEXT.listFailed);
  return body.data;
}

export const notificationListQuery = queryOptions({
  queryKey: LIST_KEY,
  queryFn: fetchList,
  // The navigation badge reads this list on every page: half a minute spares a fetch per click.
  staleTime: 30_000,
});

export const isRead = (notification: Notification, student: StudentData | null | undefined) =>
  student != null && isViewedBy(notification.viewed_by, student.id);

export function useNotifications() {
  // Who reads them (GET /api/user, lib/session.ts): until known, the list is not shown, so that
  // no read notification flashes as "Nouveau".
  const student = useStudentData();
  // The server sends only the notifications addressed to the student, newest first: it is the
  // one judge of the audience (decision 025), the list is shown as it comes.
  const query = useQuery(notificationListQuery);
  if (student === undefined && query.isSuccess)
    return { ...query, data: undefined, isPending: true as const, isSuccess: false as const, student };
  return { ...query, student };
}

/**
 * The unread count, shared app-wide through the query cache: every screen that shows it
 * reads the same list, so opening a notification updates the title and the navigation at once.
 */
export function useUnreadNotificationCount(enabled: boolean): number {
  const student = useStudentData();
  const { data } = useQuery({
    ...notificationListQuery,
    enabled,
    select: (all) => all.filter((n) => !isRead(n, student)).length,
  });
  return enabled && student !== undefined ? (data ?? 0) : 0;
}
