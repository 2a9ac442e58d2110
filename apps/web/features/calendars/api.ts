import type { CalendarSubscription } from "@puerta/contract";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../lib/api.ts";

/*
 * The student's iCalendar subscription link, shared by both calendar pages ("Ajouter à mon
 * agenda"); each page's own data is in events/api.ts and holidays/api.ts.
 */

const PATH = "/api/calendar/subscription";

async function call(method: "GET" | "POST" | "DELETE", signal?: AbortSignal): Promise<CalendarSubscription> {
  const body = await apiJson<{ success?: boolean; data?: CalendarSubscription }>(PATH, { method, signal });
  if (!body?.success || !body.data) throw new Error("Réponse du serveur invalide");
  return body.data;
}

/** Kept for the whole visit: a refetch would drop the link shown once at creation. */
export const calendarSubscriptionQuery = queryOptions({
  queryKey: ["calendar-subscription"] as const,
  queryFn: ({ signal }) => call("GET", signal),
  staleTime: Number.POSITIVE_INFINITY,
});

/**
 * A new link (the old one stops working) or none: the answer is what the dialog shows, stored
 * without a second read (which would not carry the new link). `onChanged` is the dialog's.
 */
function useChangeSubscription(method: "POST" | "DELETE", onChanged: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(method),
    onSuccess: (data) => {
      queryClient.setQueryData(calendarSubscriptionQuery.queryKey, data);
      onChanged();
    },
  });
}

export const useRegenerateSubscription = (onChanged: () => void) => useChangeSubscription("POST", onChanged);
export const useRevokeSubscription = (onChanged: () => void) => useChangeSubscription("DELETE", onChanged);
