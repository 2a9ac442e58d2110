import type { DashboardResponse } from "@puerta/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { STAFF_QUERY_KEY, staffJson } from "../../../lib/staff-api.ts";

/** The keys of this screen's queries. The dashboard only reads; the other screens' writes make it stale on return. */
export const dashboardKeys = {
  all: [STAFF_QUERY_KEY, "tableau-de-bord"] as const,
};

export const dashboardApi = {
  get: (signal?: AbortSignal) => staffJson<DashboardResponse>("/api/gestion/tableau-de-bord", { signal }),
};

export const dashboardQuery = queryOptions({
  queryKey: dashboardKeys.all,
  queryFn: ({ signal }) => dashboardApi.get(signal),
});

/** The counters this person may see and the last audit entries. */
export const useDashboard = () => useQuery(dashboardQuery);
