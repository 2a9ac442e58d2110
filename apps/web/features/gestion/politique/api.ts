import type {
  Page,
  PolicyAcceptancesReport,
  PolicyVersion,
  PolicyVersionCreateRequest,
  PolicyVersionUpdateRequest,
} from "@puerta/contract";
import { type ListParams, listApiParams } from "../../../lib/list-params.ts";
import { queryString, STAFF_QUERY_KEY, staffJson } from "../../../lib/staff-api.ts";

/** Every query about policy versions starts with this key: a write refreshes them all. */
export const POLICY_KEY = [STAFF_QUERY_KEY, "politique"] as const;

export const VERSION_FILTERS = ["statut"] as const;
export const REPORT_FILTERS = ["acceptation"] as const;

export const policyApi = {
  list: (params: ListParams, signal?: AbortSignal) =>
    staffJson<Page<PolicyVersion>>(`/api/gestion/politique${queryString(listApiParams(params))}`, { signal }),
  create: (body: PolicyVersionCreateRequest) => staffJson<PolicyVersion>("/api/gestion/politique", { body }),
  update: (id: number, body: PolicyVersionUpdateRequest) =>
    staffJson<PolicyVersion>(`/api/gestion/politique/${id}`, { method: "PATCH", body }),
  publish: (id: number) => staffJson<PolicyVersion>(`/api/gestion/politique/${id}/publier`, { method: "POST" }),
  /** A version (by id or `en-vigueur`) with its acceptance report. */
  report: (id: string, params: ListParams, signal?: AbortSignal) =>
    staffJson<PolicyAcceptancesReport>(
      `/api/gestion/politique/${encodeURIComponent(id)}/acceptations${queryString(listApiParams(params))}`,
      { signal },
    ),
  reportExportHref: (id: string, params: ListParams) => {
    const { page: _page, per_page: _perPage, ...rest } = listApiParams(params);
    return `/api/gestion/politique/${encodeURIComponent(id)}/acceptations/export.csv${queryString(rest)}`;
  },
};

/** Today in Casablanca, as a date field wants it. */
export const today = () =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Casablanca" }).format(new Date()).slice(0, 10);
