import {
  type MarkAllViewedResponse,
  type MarkViewedResponse,
  NOTIFICATION_TEXT,
  type Notification,
  type NotificationDetailResponse,
} from "@puerta/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, apiJson } from "../../lib/api.ts";
import { LIST_KEY } from "./list.ts";

export { isRead, notificationListQuery, useNotifications, useUnreadNotificationCount } from "./list.ts";

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
    // Shown at once from the list when it is already loaded; the server's copy follows.
    initialData: () => queryClient.getQueryData<Notification[]>(LIST_KEY)?.find((n) => n.id === id),
    initialDataUpdatedAt: () => queryClient.getQueryState(LIST_KEY)?.dataUpdatedAt,
  });
}

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
      const list = queryClient.getQueryData<Notification[]>(LIST_KEY);
      const detail = queryClient.getQueryData<Notification>(detailKey(id));
      if (list) {
        queryClient.setQueryData<Notification[]>(
          LIST_KEY,
          list.map((n) => (n.id === id ? withReader(n, studentId) : n)),
        );
      }
      if (detail) queryClient.setQueryData<Notification>(detailKey(id), withReader(detail, studentId));
      return { list, detail };
    },
    onError: (_error, { id }, snapshot) => {
      if (snapshot?.list) queryClient.setQueryData(LIST_KEY, snapshot.list);
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
      const list = queryClient.getQueryData<Notification[]>(LIST_KEY);
      if (list)
        queryClient.setQueryData<Notification[]>(
          LIST_KEY,
          list.map((n) => withReader(n, studentId)),
        );
      return { list };
    },
    onError: (_error, _variables, snapshot) => {
      if (snapshot?.list) queryClient.setQueryData(LIST_KEY, snapshot.list);
    },
    // Details cached before the call still say unread: they are read again when opened.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["notifications", "detail"] }),
  });
}
