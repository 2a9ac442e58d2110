import {
  CALENDAR_TEXTS,
  type CalendarHoliday,
  HOLIDAY_STATS_DEFAULTS,
  type HolidayRecord,
  type HolidayStats,
  LIMITS,
  toCalendarHoliday,
} from "@puerta/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { apiJson } from "../../../lib/api.ts";

/** docs/spec/student-portal.md section 4: holidays and their stats are kept 5 minutes; a fetch in flight is shared. */
const STALE_MS = LIMITS.cacheSeconds * 1000;

export const holidaysQuery = queryOptions({
  queryKey: ["jours-feries", "list"] as const,
  staleTime: STALE_MS,
  queryFn: async ({ signal }): Promise<CalendarHoliday[]> => {
    let body: { success?: boolean; data?: HolidayRecord[]; message?: string };
    try {
      body = await apiJson("/api/jours-feries", { signal });
    } catch (error) {
      if (error instanceof Error && error.name === "AbortError") throw error;
      // docs/spec/student-portal.md section 8: a non-OK status reads 'Erreur de connexion: {message}'.
      throw new Error(CALENDAR_TEXTS.connectionError(error instanceof Error ? error.message : String(error)));
    }
    // An unsuccessful answer uses its own message or 'Failed to fetch holidays'.
    if (!body?.success || !Array.isArray(body.data)) throw new Error(body?.message || CALENDAR_TEXTS.holidaysFailed);
    return body.data.map(toCalendarHoliday);
  },
});

export const holidayStatsQuery = queryOptions({
  queryKey: ["jours-feries", "stats"] as const,
  staleTime: STALE_MS,
  queryFn: async ({ signal }): Promise<HolidayStats> => {
    const body = await apiJson<{ success?: boolean; data?: Partial<HolidayStats> }>("/api/jours-feries/statistics", {
      signal,
    });
    if (!body?.success || !body.data) throw new Error("Failed to fetch holiday statistics");
    return {
      total: body.data.total ?? 0,
      centres_fermes: body.data.centres_fermes ?? HOLIDAY_STATS_DEFAULTS.centres_fermes,
      congé_tous: body.data.congé_tous ?? HOLIDAY_STATS_DEFAULTS.congé_tous,
    };
  },
});

export function useHolidays() {
  const holidays = useQuery(holidaysQuery);
  const stats = useQuery(holidayStatsQuery);
  // docs/spec/student-portal.md section 8: a stats failure is only logged; the band falls back to the defaults of section 9.
  useEffect(() => {
    if (stats.error) console.warn("Statistiques des jours fériés indisponibles :", stats.error.message);
  }, [stats.error]);
  const summary: HolidayStats | undefined =
    stats.data ?? (holidays.data ? { total: holidays.data.length, ...HOLIDAY_STATS_DEFAULTS } : undefined);
  return { holidays, stats, summary };
}
