import type {
  CertificateSignatory,
  CertificateStaffDetail,
  CertificateStaffItem,
  CertificateStatusChange,
  Page,
} from "@puerta/contract";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { type ListParams, listApiParams } from "../../../lib/list-params.ts";
import { queryString, STAFF_QUERY_KEY, staffJson } from "../../../lib/staff-api.ts";
import { useStaffMutation, useStaffSubmission } from "../shared/queries.ts";

/** The keys of this screen's queries; every one starts with `all`, so a write refreshes them all. */
export const requestKeys = {
  all: [STAFF_QUERY_KEY, "demandes"] as const,
  list: (params: ListParams) => [...requestKeys.all, "list", params] as const,
  detail: (id: string) => [...requestKeys.all, "demande", id] as const,
  signatory: () => [...requestKeys.all, "signataire"] as const,
};

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
  /** "Réémettre avec les données du dossier": a new request and number, the old one staying revoked. */
  reissue: (id: number, idempotencyKey: string) =>
    staffJson<CertificateStaffDetail>(`/api/gestion/demandes/${id}/reemettre`, { method: "POST", idempotencyKey }),
  documentUrl: (id: number) => `/api/gestion/demandes/${id}/document`,
  signatory: (signal?: AbortSignal) => staffJson<CertificateSignatory>("/api/gestion/demandes/signataire", { signal }),
  setSignatory: (body: CertificateSignatory) =>
    staffJson<CertificateSignatory>("/api/gestion/demandes/signataire", { method: "PATCH", body }),
};

export const requestListQuery = (params: ListParams) =>
  queryOptions({
    queryKey: requestKeys.list(params),
    queryFn: ({ signal }) => requestsApi.list(params, signal),
    placeholderData: keepPreviousData,
  });

export const requestQuery = (id: string) =>
  queryOptions({
    queryKey: requestKeys.detail(id),
    queryFn: ({ signal }) => requestsApi.get(id, signal),
  });

export const signatoryQuery = queryOptions({
  queryKey: requestKeys.signatory(),
  queryFn: ({ signal }) => requestsApi.signatory(signal),
});

/** One page of requests; `enabled` is false for a role that may not read them. */
export const useRequests = (params: ListParams, enabled: boolean) => useQuery({ ...requestListQuery(params), enabled });
export const useRequest = (id: string, enabled: boolean) => useQuery({ ...requestQuery(id), enabled });
/** Who signs the attestations (the direction names them once for all). */
export const useSignatory = (enabled = true) => useQuery({ ...signatoryQuery, enabled });

/**
 * Changes a request's status (available, refused); the request, the list and the counts are then
 * read again, after a refusal too (another person may have handled it first).
 */
export const useChangeRequestStatus = () =>
  useStaffMutation(
    ({ id, body }: { id: number; body: CertificateStatusChange }) => requestsApi.change(id, body),
    requestKeys.all,
    { refreshOnError: true },
  );
/** Revokes an issued attestation; the request, the list and the counts are read again. */
export const useRevokeRequest = () =>
  useStaffMutation(({ id, motif }: { id: number; motif: string }) => requestsApi.revoke(id, motif), requestKeys.all);
/** Issues a revoked attestation again from the student's record, once however often it is retried. */
export const useReissueRequest = () =>
  useStaffSubmission((id: number, key: string) => requestsApi.reissue(id, key), requestKeys.all);
/** Names the signatory; only the signatory is read again. */
export const useSetSignatory = () => useStaffMutation(requestsApi.setSignatory, requestKeys.signatory());
