import type { TrashItemView, TrashPage } from "@puerta/contract";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { type ListParams, listApiParams } from "../../../lib/list-params.ts";
import { queryString, STAFF_QUERY_KEY, staffJson } from "../../../lib/staff-api.ts";
import { useStaffMutation } from "../shared/queries.ts";

/** The keys of this screen's queries; every one starts with `all`. */
export const trashKeys = {
  all: [STAFF_QUERY_KEY, "corbeille"] as const,
  list: (params: ListParams) => [...trashKeys.all, "list", params] as const,
};

export const trashApi = {
  list: (params: ListParams, signal?: AbortSignal) =>
    staffJson<TrashPage>(`/api/gestion/corbeille${queryString(listApiParams(params))}`, { signal }),
  restore: (item: TrashItemView) =>
    staffJson<void>(`/api/gestion/corbeille/${item.kind}/${item.id}/restaurer`, { method: "POST" }),
};

export const trashListQuery = (params: ListParams) =>
  queryOptions({
    queryKey: trashKeys.list(params),
    queryFn: ({ signal }) => trashApi.list(params, signal),
    placeholderData: keepPreviousData,
  });

export const useTrash = (params: ListParams) => useQuery(trashListQuery(params));

/**
 * Restores an item from the bin; every back-office query is then read again, since the item is
 * back in its own screen's list too (whichever screen that is).
 */
export const useRestore = () => useStaffMutation(trashApi.restore, [STAFF_QUERY_KEY]);
