import type { Page, PlanningChoices, PlanningUpdateRequest, StaffPlanning } from "@puerta/contract";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { type ListParams, listApiParams } from "../../../lib/list-params.ts";
import { queryString, STAFF_QUERY_KEY, staffJson } from "../../../lib/staff-api.ts";
import { useInvalidate, useStaffMutation, useStaffSubmission } from "../shared/queries.ts";

/** The keys of this screen's queries; every one starts with `all`, so a write refreshes them all. */
export const planningKeys = {
  all: [STAFF_QUERY_KEY, "plannings"] as const,
  list: (params: ListParams) => [...planningKeys.all, "list", params] as const,
  choices: () => [...planningKeys.all, "choix"] as const,
};
export const PLANNINGS_URL = "/api/gestion/plannings";

export const planningsApi = {
  list: (params: ListParams, signal?: AbortSignal) =>
    staffJson<Page<StaffPlanning>>(`${PLANNINGS_URL}${queryString(listApiParams(params))}`, { signal }),
  choices: (signal?: AbortSignal) => staffJson<PlanningChoices>(`${PLANNINGS_URL}/choix`, { signal }),
  update: (id: number, body: PlanningUpdateRequest) =>
    staffJson<StaffPlanning>(`${PLANNINGS_URL}/${id}`, { method: "PATCH", body }),
  withdraw: (id: number) => staffJson<void>(`${PLANNINGS_URL}/${id}`, { method: "DELETE" }),
  fileUrl: (id: number) => `${PLANNINGS_URL}/${id}/fichier`,
  republish: (id: number, idempotencyKey: string) =>
    staffJson<StaffPlanning>(`${PLANNINGS_URL}/${id}/republier`, { method: "POST", idempotencyKey }),
};

export const planningListQuery = (params: ListParams) =>
  queryOptions({
    queryKey: planningKeys.list(params),
    queryFn: ({ signal }) => planningsApi.list(params, signal),
    placeholderData: keepPreviousData,
  });

/** Centres, options, levels… the upload form offers. */
export const planningChoicesQuery = queryOptions({
  queryKey: planningKeys.choices(),
  queryFn: ({ signal }) => planningsApi.choices(signal),
  staleTime: 5 * 60_000,
});

/** One page of plannings; `enabled` is false for a role that may not read them. */
export const usePlannings = (params: ListParams, enabled: boolean) =>
  useQuery({ ...planningListQuery(params), enabled });
export const usePlanningChoices = (enabled: boolean) => useQuery({ ...planningChoicesQuery, enabled });

/** Saves a planning's fields; every planning query is then read again (so are the writes below). */
export const useUpdatePlanning = () =>
  useStaffMutation(
    ({ id, body }: { id: number; body: PlanningUpdateRequest }) => planningsApi.update(id, body),
    planningKeys.all,
  );
/** Withdraws a planning (to the bin). */
export const useWithdrawPlanning = () => useStaffMutation(planningsApi.withdraw, planningKeys.all);
/** "Republier": a closed year's planning copied into the current year. */
export const useRepublishPlanning = () => useStaffSubmission(planningsApi.republish, planningKeys.all);
/** After PDFs were uploaded (published, or one replaced): the upload queue sends them itself. */
export const useRefreshAfterPlanningUpload = () => useInvalidate(planningKeys.all);
