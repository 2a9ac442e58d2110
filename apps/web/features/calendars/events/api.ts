import {
  CALENDAR_TEXTS,
  type CalendarEvent,
  type EventRecord,
  type EventStats,
  LIMITS,
  toCalendarEvent,
} from "@puerta/contract";
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { ApiError, apiJson } from "../../../lib/api.ts";

/** docs/spec/student-portal.md section 4: events and their stats are kept 5 minutes; a fetch in flight is shared. */
const STALE_MS = LIMITS.cacheSeconds * 1000;

export const EVENTS_KEY = ["parascolaires", "list"] as const;
const STATS_KEY = ["parascolaires", "stats"] as const;
const detailKey = (id: number) => ["parascolaires", "detail", id] as const;

/** docs/spec/student-portal.md section 8: a failed events fetch reads 'Erreur de connexion: {message}'. */
function connectionError(error: unknown): Error {
  if (error instanceof Error && error.name === "AbortError") return error;
  return new Error(CALENDAR_TEXTS.connectionError(error instanceof Error ? error.message : String(error)));
}

export const eventsQuery = queryOptions({
  queryKey: EVENTS_KEY,
  staleTime: STALE_MS,
  queryFn: async ({ signal }): Promise<CalendarEvent[]> => {
    let body: { success?: boolean; data?: EventRecord[]; message?: string };
    try {
      body = await apiJson("/api/parascolaires", { signal });
    } catch (error) {
      throw connectionError(error);
    }
    if (!body?.success || !Array.isArray(body.data)) {
      throw new Error(body?.message || "API returned unsuccessful response");
    }
    return body.data.map(toCalendarEvent);
  },
});

export const eventStatsQuery = queryOptions({
  queryKey: STATS_KEY,
  staleTime: STALE_MS,
  queryFn: async ({ signal }): Promise<EventStats> => {
    const body = await apiJson<{ success?: boolean; data?: EventStats }>("/api/parascolaires-stats", { signal });
    if (!body?.success || !body.data) throw new Error("API returned unsuccessful response");
    return body.data;
  },
});

export function useEvents() {
  const events = useQuery(eventsQuery);
  const stats = useQuery(eventStatsQuery);
  // docs/spec/student-portal.md section 8: a stats failure is only logged; the list still shows.
  useEffect(() => {
    if (stats.error) console.warn("Statistiques des événements indisponibles :", stats.error.message);
  }, [stats.error]);
  return { events, stats };
}

/** The event does not exist (404) or its id is not one (422). */
export class EventNotFound extends Error {}

/**
 * One event: from the navigation state when the calendar opened it, else from the list
 * already in memory, else from the API (a reload or a shared link).
 */
/** One event by id; EventNotFound when there is none. */
export const eventQuery = (id: number) =>
  queryOptions({
    queryKey: detailKey(id),
    staleTime: STALE_MS,
    queryFn: async ({ signal }): Promise<CalendarEvent> => {
      try {
        const body = await apiJson<{ success?: boolean; data?: EventRecord }>(`/api/parascolaires/${id}`, { signal });
        if (!body?.success || !body.data) throw new EventNotFound();
        return toCalendarEvent(body.data);
      } catch (error) {
        if (error instanceof EventNotFound) throw error;
        if (error instanceof ApiError && (error.status === 404 || error.status === 422)) throw new EventNotFound();
        throw connectionError(error);
      }
    },
    retry: (count, error) => !(error instanceof EventNotFound) && count < 1,
  });

/** The id of /parascolaire/{id}, or null when it cannot be one. */
export const eventIdOf = (raw: string | undefined) => (raw && /^\d{1,10}$/.test(raw) ? Number(raw) : null);

export function useEvent(id: number | null, fromState: CalendarEvent | undefined) {
  const queryClient = useQueryClient();
  return useQuery({
    ...eventQuery(id ?? 0),
    enabled: id !== null,
    initialData: () =>
      (fromState?.id === id ? fromState : undefined) ??
      queryClient.getQueryData<CalendarEvent[]>(EVENTS_KEY)?.find((event) => event.id === id),
    initialDataUpdatedAt: () => queryClient.getQueryState(EVENTS_KEY)?.dataUpdatedAt,
  });
}
