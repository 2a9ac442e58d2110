import type { Page, StaffAccount, StaffAccountCreateRequest, StaffAccountUpdateRequest } from "@puerta/contract";
import { type ListParams, listApiParams } from "../../../lib/list-params.ts";
import { queryString, STAFF_QUERY_KEY, staffJson } from "../../../lib/staff-api.ts";

/** Every query about staff accounts starts with this key: a write refreshes them all. */
export const ACCOUNTS_KEY = [STAFF_QUERY_KEY, "comptes"] as const;

/** The account actions of docs/spec/back-office.md section 2 that take no body. */
export type AccountAction = "desactiver" | "reactiver" | "reinitialiser-2fa" | "invitation";

export const accountsApi = {
  list: (params: ListParams, signal?: AbortSignal) =>
    staffJson<Page<StaffAccount>>(`/api/gestion/comptes${queryString(listApiParams(params))}`, { signal }),
  invite: (body: StaffAccountCreateRequest) => staffJson<StaffAccount>("/api/gestion/comptes", { body }),
  update: (id: number, body: StaffAccountUpdateRequest) =>
    staffJson<StaffAccount>(`/api/gestion/comptes/${id}`, { method: "PATCH", body }),
  act: (id: number, action: AccountAction) =>
    staffJson<StaffAccount>(`/api/gestion/comptes/${id}/${action}`, { method: "POST" }),
  /** The export of what the list shows, every page of it (docs/spec/back-office.md section 8). */
  exportHref: (params: ListParams) => {
    const { page: _page, per_page: _perPage, ...rest } = listApiParams(params);
    return `/api/gestion/comptes/export.csv${queryString(rest)}`;
  },
};
