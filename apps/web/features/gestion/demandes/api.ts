import type {
  CertificateSignatory,
  CertificateStaffDetail,
  CertificateStaffItem,
  CertificateStatusChange,
  Page,
} from "@puerta/contract";
import { type ListParams, listApiParams } from "../../../lib/list-params.ts";
import { queryString, STAFF_QUERY_KEY, staffJson } from "../../../lib/staff-api.ts";

/** Every query about certificate requests starts with this key: a write refreshes them all. */
export const REQUESTS_KEY = [STAFF_QUERY_KEY, "demandes"] as const;

export const requestsApi = {
  list: (params: ListParams, signal?: AbortSignal) =>
    staffJson<Page<CertificateStaffItem>>(`/api/gestion/demandes${queryString(listApiParams(params))}`, { signal }),
  exportUrl: (params: ListParams) => {
    const { page: _page, per_page: _perPage, ...rest } = listApiParams(params);
    return `/api/gestion/demandes/export.csv${queryString(rest)}`;
  },
  get: (id: string, signal?: AbortSignal) =>
    staffJson<CertificateStaffDetail>(`/api/gestion/demandes/${encodeURIComponent(id)}`, { signal }),
  change: (id: number, body: CertificateStatusChange) =>
    staffJson<CertificateStaffDetail>(`/api/gestion/demandes/${id}`, { method: "PATCH", body }),
  revoke: (id: number, motif: string) =>
    staffJson<CertificateStaffDetail>(`/api/gestion/demandes/${id}/revoquer`, { method: "POST", body: { motif } }),
  documentUrl: (id: number) => `/api/gestion/demandes/${id}/document`,
  signatory: (signal?: AbortSignal) => staffJson<CertificateSignatory>("/api/gestion/demandes/signataire", { signal }),
  setSignatory: (body: CertificateSignatory) =>
    staffJson<CertificateSignatory>("/api/gestion/demandes/signataire", { method: "PATCH", body }),
};
