import type { Page, PlanningChoices, PlanningUpdateRequest, StaffPlanning } from "@puerta/contract";
import { type ListParams, listApiParams } from "../../../lib/list-params.ts";
import { queryString, STAFF_QUERY_KEY, staffJson } from "../../../lib/staff-api.ts";

/** Every query about plannings starts with this key: a write refreshes them all. */
export const PLANNINGS_KEY = [STAFF_QUERY_KEY, "plannings"] as const;
export const PLANNINGS_URL = "/api/gestion/plannings";

export const planningsApi = {
  list: (params: ListParams, signal?: AbortSignal) =>
    staffJson<Page<StaffPlanning>>(`${PLANNINGS_URL}${queryString(listApiParams(params))}`, { signal }),
  choices: (signal?: AbortSignal) => staffJson<PlanningChoices>(`${PLANNINGS_URL}/choix`, { signal }),
  update: (id: number, body: PlanningUpdateRequest) =>
    staffJson<StaffPlanning>(`${PLANNINGS_URL}/${id}`, { method: "PATCH", body }),
  withdraw: (id: number) => staffJson<void>(`${PLANNINGS_URL}/${id}`, { method: "DELETE" }),
  fileUrl: (id: number) => `${PLANNINGS_URL}/${id}/fichier`,
};
