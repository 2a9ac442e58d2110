import type { OrientationUpdateRequest, Page, StaffOrientationDocument } from "@puerta/contract";
import { type ListParams, listApiParams } from "../../../lib/list-params.ts";
import { queryString, STAFF_QUERY_KEY, staffJson } from "../../../lib/staff-api.ts";

export const ORIENTATION_KEY = [STAFF_QUERY_KEY, "orientation"] as const;
export const ORIENTATION_URL = "/api/gestion/orientation";

export const orientationApi = {
  list: (params: ListParams, signal?: AbortSignal) =>
    staffJson<Page<StaffOrientationDocument>>(`${ORIENTATION_URL}${queryString(listApiParams(params))}`, { signal }),
  update: (id: number, body: OrientationUpdateRequest) =>
    staffJson<StaffOrientationDocument>(`${ORIENTATION_URL}/${id}`, { method: "PATCH", body }),
  withdraw: (id: number) => staffJson<void>(`${ORIENTATION_URL}/${id}`, { method: "DELETE" }),
};
