import type { OrientationUpdateRequest, Page, StaffOrientationDocument } from "@puerta/contract";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { type ListParams, listApiParams } from "../../../lib/list-params.ts";
import { queryString, STAFF_QUERY_KEY, staffJson } from "../../../lib/staff-api.ts";
import { useInvalidate, useStaffMutation } from "../shared/queries.ts";

/** The keys of this screen's queries; every one starts with `all`, so a write refreshes them all. */
export const orientationKeys = {
  all: [STAFF_QUERY_KEY, "orientation"] as const,
  list: (params: ListParams) => [...orientationKeys.all, "list", params] as const,
};
export const ORIENTATION_URL = "/api/gestion/orientation";

export const orientationApi = {
  list: (params: ListParams, signal?: AbortSignal) =>
    staffJson<Page<StaffOrientationDocument>>(`${ORIENTATION_URL}${queryString(listApiParams(params))}`, { signal }),
  update: (id: number, body: OrientationUpdateRequest) =>
    staffJson<StaffOrientationDocument>(`${ORIENTATION_URL}/${id}`, { method: "PATCH", body }),
  withdraw: (id: number) => staffJson<void>(`${ORIENTATION_URL}/${id}`, { method: "DELETE" }),
};

export const orientationListQuery = (params: ListParams) =>
  queryOptions({
    queryKey: orientationKeys.list(params),
    queryFn: ({ signal }) => orientationApi.list(params, signal),
    placeholderData: keepPreviousData,
  });

/** One page of guides; `enabled` is false for a role that may not read them. */
export const useOrientationDocuments = (params: ListParams, enabled: boolean) =>
  useQuery({ ...orientationListQuery(params), enabled });

/** Saves a guide's fields; every orientation query is then read again (so after each write below). */
export const useUpdateOrientation = () =>
  useStaffMutation(
    ({ id, body }: { id: number; body: OrientationUpdateRequest }) => orientationApi.update(id, body),
    orientationKeys.all,
  );
export const useWithdrawOrientation = () => useStaffMutation(orientationApi.withdraw, orientationKeys.all);
/** After a guide was uploaded (the upload queue sends it itself). */
export const useRefreshAfterOrientationUpload = () => useInvalidate(orientationKeys.all);
