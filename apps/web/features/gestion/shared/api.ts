import type { CentresResponse, SchoolYearOptionsResponse } from "@puerta/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { STAFF_QUERY_KEY, staffJson } from "../../../lib/staff-api.ts";

/** The centres, for pickers and for showing names instead of ids (any staff member). */
export const centresQuery = queryOptions({
  queryKey: [STAFF_QUERY_KEY, "centres"],
  queryFn: ({ signal }) => staffJson<CentresResponse>("/api/gestion/referentiel/centres", { signal }),
  staleTime: 5 * 60_000,
});

/** Centre names by id; empty while loading. */
export function useCentreNames(): Map<number, string> {
  const { data } = useQuery(centresQuery);
  return new Map((data?.data ?? []).map((centre) => [centre.id, centre.name]));
}

/** "Ain Sebaa, Zenith", or "Tous les centres" for an account that is not bound to centres. */
export function centresLabel(ids: readonly number[], names: Map<number, string>): string {
  if (ids.length === 0) return "Tous les centres";
  return ids.map((id) => names.get(id) ?? `Centre ${id}`).join(", ");
}

/**
 * The school years, newest first, for the *Année* filter of the publishing lists (any staff
 * member; docs/spec/school-year-and-data.md section 2).
 */
export const schoolYearsQuery = queryOptions({
  queryKey: [STAFF_QUERY_KEY, "annees-liste"],
  queryFn: ({ signal }) => staffJson<SchoolYearOptionsResponse>("/api/gestion/referentiel/annees", { signal }),
  staleTime: 5 * 60_000,
});

export const useSchoolYears = (enabled = true) => useQuery({ ...schoolYearsQuery, enabled });
