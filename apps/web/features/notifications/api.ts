import {
  isViewedBy,
  type MarkAllViewedResponse,
  type MarkViewedResponse,
  NOTIFICATION_TEXT,
  type Notification,
  type NotificationDetailResponse,
} from "@puerta/contract";
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, apiJson } from "../../lib/api.ts";
import { LIST_KEY, type NotificationScreen } from "./list.ts";

export {
  isRead,
  type NotificationScreen,
  notificationListQuery,
  useNotifications,
  useUnreadNotificationCount,
} from "./list.ts";

const detailKey = (id: number) => ["notifications", "detail", id] as const;

/** Thrown for a notification that does not exist or is not addressed to the student. */
export class NotificationNotFound extends Error {}

/** One notification addressed to the student; NotificationNotFound otherwise. */
export const notificationQuery = (id: number) =>
  queryOptions({
    queryKey: detailKey(id),
    queryFn: async ({ signal }) => {
      try {
        const body = await apiJson<Partial<NotificationDetailResponse> | null>(`/api/notifications/${id}`, {
          signal,
        });
        if (!body?.success || !body.data) throw new Error(NOTIFICATION_TEXT.detailFailed);
        return body.data;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) throw new NotificationNotFound();
        throw error;
      }
    },
    staleTime: 30_000,
  });

export const isNotificationId = (id: number) => Number.isSafeInteger(id) && id > 0;

export function useNotification(id: number) {
  const queryClient = useQueryClient();
  return useQuery({
    ...notificationQuery(id),
    enabled: isNotificationId(id),
    // Shown at once from a screen of the list already loaded; the server's copy follows.
    initialData: () => fromTheList(queryClient, id)?.notification,
    initialDataUpdatedAt: () => fromTheList(queryClient, id)?.updatedAt,
  });
}

/** The notification as a loaded screen of the list has it, and when that screen was loaded. */
function fromTheList(queryClient: QueryClient, id: number) {
  for (const [key, screen] of queryClient.getQueriesData<NotificationScreen>({ queryKey: LIST_KEY })) {
    const notification = screen?.notifications.find((n) => n.id === id);
    if (notification) return { notification, updatedAt: queryClient.getQueryState(key)?.dataUpdatedAt };
  }
  return undefined;
}

type ListSnapshot = ReturnType<QueryClient["getQueriesData"]>;

/** Every loaded screen of the list changed by `change`; what they were, to put back on failure. */
function changeTheList(queryClient: QueryClient, change: (screen: NotificationScreen) => NotificationScreen) {
  const snapshot: ListSnapshot = queryClient.getQueriesData<NotificationScreen>({ queryKey: LIST_KEY });
  queryClient.setQueriesData<NotificationScreen>({ queryKey: LIST_KEY }, (screen) => screen && change(screen));
  return snapshot;
}

const putBack = (queryClient: QueryClient, snapshot: ListSnapshot | undefined) => {
  for (const [key, screen] of snapshot ?? []) queryClient.setQueryData(key, screen);
};

const withReader = (n: Notification, studentId: number): Notification =>
  n.viewed_by.includes(studentId) ? n : { ...n, viewed_by: [...n.viewed_by, studentId] };

/**
 * Marks a notification read at once (optimistic, in the list and the detail), then tells
 * the server; the local change is undone when the server refuses or cannot be reached.
 */
export function useMarkViewed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, studentId }: { id: number; studentId: number }) => {
      const body = await apiJson<Partial<MarkViewedResponse> | null>(`/api/notifications/${id}/mark-viewed`, {
        method: "POST",
        body: { etudiant_id: studentId },
      });
      if (!body?.success) throw new Error(NOTIFICATION_TEXT.detailFailed);
    },
    onMutate: async ({ id, studentId }) => {
      await queryClient.cancelQueries({ queryKey: ["notifications"] });
      const detail = queryClient.getQueryData<Notification>(detailKey(id));
      const known = detail ?? fromTheList(queryClient, id)?.notification;
      // Counted off once, and only when it was unread: the server counts the same.
      const wasUnread = known !== undefined && !isViewedBy(known.viewed_by, studentId);
      const list = changeTheList(queryClient, (screen) => ({
        ...screen,
        notifications: screen.notifications.map((n) => (n.id === id ? withReader(n, studentId) : n)),
        unread: wasUnread ? Math.max(0, screen.unread - 1) : screen.unread,
      }));
      if (detail) queryClient.setQueryData<Notification>(detailKey(id), withReader(detail, studentId));
      return { list, detail };
    },
    onError: (_error, { id }, snapshot) => {
      putBack(queryClient, snapshot?.list);
      if (snapshot?.detail) queryClient.setQueryData(detailKey(id), snapshot.detail);
    },
  });
}

/**
 * "Tout marquer comme lu": every notification of the list read at once (optimistic), in one
 * call the server applies to the same list; undone when the server refuses or cannot be reached.
 */
export function useMarkAllViewed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (_reader: { studentId: number }) => {
      const body = await apiJson<Partial<MarkAllViewedResponse> | null>("/api/notifications/read-all", {
        method: "POST",
      });
      if (!body?.success) throw new Error(NOTIFICATION_TEXT.markAllFailed);
    },
    onMutate: async ({ studentId }) => {
      await queryClient.cancelQueries({ queryKey: ["notifications"] });
      const list = changeTheList(queryClient, (screen) => ({
        ...screen,
        notifications: screen.notifications.map((n) => withReader(n, studentId)),
        unread: 0,
      }));
      return { list };
    },
    onError: (_error, _variables, snapshot) => putBack(queryClient, snapshot?.list),
    // Details cached before the call still say unread: they are read again when opened.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["notifications", "detail"] }),
  });
}
