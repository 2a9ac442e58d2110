import {
  ACADEMY_TIME_ZONE,
  type Page,
  type PolicyAcceptancesReport,
  type PolicyVersion,
  type PolicyVersionCreateRequest,
  type PolicyVersionUpdateRequest,
} from "@puerta/contract";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { type ListParams, listApiParams } from "../../../lib/list-params.ts";
import { queryString, STAFF_QUERY_KEY, staffJson } from "../../../lib/staff-api.ts";
import { useStaffMutation } from "../shared/queries.ts";

/** The keys of this screen's queries; every one starts with `all`, so a write refreshes them all. */
export const policyKeys = {
  all: [STAFF_QUERY_KEY, "politique"] as const,
  list: (params: ListParams) => [...policyKeys.all, "list", params] as const,
  report: (id: string, params: ListParams) => [...policyKeys.all, "rapport", id, params] as const,
};

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

/** Today in the academy's time, as a date field wants it. */
export const today = () =>
  new Intl.DateTimeFormat("en-CA", { timeZone: ACADEMY_TIME_ZONE }).format(new Date()).slice(0, 10);

export const policyListQuery = (params: ListParams) =>
  queryOptions({
    queryKey: policyKeys.list(params),
    queryFn: ({ signal }) => policyApi.list(params, signal),
    placeholderData: keepPreviousData,
  });

export const policyReportQuery = (id: string, params: ListParams) =>
  queryOptions({
    queryKey: policyKeys.report(id, params),
    queryFn: ({ signal }) => policyApi.report(id, params, signal),
    placeholderData: keepPreviousData,
  });

/** One page of versions; `enabled` is false for a role that may not read them. */
export const usePolicyVersions = (params: ListParams, enabled: boolean) =>
  useQuery({ ...policyListQuery(params), enabled });
/** A version with one page of its acceptance report. */
export const usePolicyReport = (id: string, params: ListParams, enabled: boolean) =>
  useQuery({ ...policyReportQuery(id, params), enabled });

/**
 * A new draft, starting from the version in force (its title and text; the policy's first
 * article when none is); every policy query is then read again (so after each write below).
 */
export const useCreatePolicyDraft = () =>
  useStaffMutation(async () => {
    const current = (
      await policyApi.list({ q: "", sort: "-version", page: 1, perPage: 1, filters: { statut: "publiee" } })
    ).data[0];
    return policyApi.create({
      titre: current?.titre ?? "Politique de non-remboursement",
      contenu: current?.contenu ?? "## Article 1 — Objet\n\n",
      date_effet: today(),
    });
  }, policyKeys.all);
export const useUpdatePolicyDraft = () =>
  useStaffMutation(
    ({ id, body }: { id: number; body: PolicyVersionUpdateRequest }) => policyApi.update(id, body),
    policyKeys.all,
  );
/** Publishes a draft: every student must accept it at their next visit. */
export const usePublishPolicy = () => useStaffMutation(policyApi.publish, policyKeys.all);
