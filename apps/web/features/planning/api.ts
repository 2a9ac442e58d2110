import { DOCUMENT_TEXTS, type Planning } from "@puerta/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { ApiError, apiJson } from "../../lib/api.ts";

export const planningsQuery = queryOptions({
  queryKey: ["planifications"] as const,
  staleTime: 60_000,
  queryFn: async ({ signal }): Promise<Planning[]> => {
    let body: { success?: boolean; data?: Planning[] };
    try {
      body = await apiJson("/api/planifications", { signal });
    } catch (error) {
      // docs/spec/student-portal.md section 8: a non-OK answer reads 'Failed to fetch data'.
      if (error instanceof ApiError) throw new Error(DOCUMENT_TEXTS.planningFetchFailed);
      throw error;
    }
    if (!body?.success || !Array.isArray(body.data)) throw new Error(DOCUMENT_TEXTS.unsuccessfulResponse);
    return body.data;
  },
});

export const usePlannings = () => useQuery(planningsQuery);

export type CentreGroup = { centre: Planning["centre"]; plannings: Planning[] };

/** Plannings grouped by centre, in the server's order (centre name, then newest week first). */
export function groupByCentre(plannings: Planning[]): CentreGroup[] {
  const groups = new Map<number, CentreGroup>();
  for (const planning of plannings) {
    const group = groups.get(planning.centre.id) ?? { centre: planning.centre, plannings: [] };
    group.plannings.push(planning);
    groups.set(planning.centre.id, group);
  }
  return [...groups.values()];
}
