import type { Page, StaffAccount, StaffAccountCreateRequest, StaffAccountUpdateRequest } from "@puerta/contract";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { type ListParams, listApiParams } from "../../../lib/list-params.ts";
import { queryString, STAFF_QUERY_KEY, staffJson } from "../../../lib/staff-api.ts";
import { useStaffMutation } from "../shared/queries.ts";

/** The keys of this screen's queries; every one starts with `all`, so a write refreshes them all. */
export const accountKeys = {
  all: [STAFF_QUERY_KEY, "comptes"] as const,
  list: (params: ListParams) => [...accountKeys.all, "list", params] as const,
};

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

export const accountListQuery = (params: ListParams) =>
  queryOptions({
    queryKey: accountKeys.list(params),
    queryFn: ({ signal }) => accountsApi.list(params, signal),
    placeholderData: keepPreviousData,
  });

/** One page of the accounts list; `enabled` is false for a role that may not read them. */
export const useAccounts = (params: ListParams, enabled: boolean) => useQuery({ ...accountListQuery(params), enabled });

export const useAccountAction = () =>
  useStaffMutation(
    ({ id, action }: { id: number; action: AccountAction }) => accountsApi.act(id, action),
    accountKeys.all,
  );

export const useInviteAccount = () => useStaffMutation(accountsApi.invite, accountKeys.all);

export const useUpdateAccount = () =>
  useStaffMutation(
    ({ id, changes }: { id: number; changes: StaffAccountUpdateRequest }) => accountsApi.update(id, changes),
    accountKeys.all,
  );
