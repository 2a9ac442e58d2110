import type {
  DataRequestsResponse,
  PurgeRequest,
  PurgeResponse,
  PurgeRunsResponse,
  RetentionPatch,
  RetentionSettings,
} from "@puerta/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { STAFF_QUERY_KEY, staffJson } from "../../../lib/staff-api.ts";
import { useInvalidate, useStaffMutation } from "../shared/queries.ts";

/** The keys of this screen's queries; every one starts with `all`, so a save or a purge refreshes them all. */
export const personalDataKeys = {
  all: [STAFF_QUERY_KEY, "donnees-personnelles"] as const,
  settings: () => [...personalDataKeys.all, "conservation"] as const,
  preview: () => [...personalDataKeys.all, "apercu"] as const,
  runs: () => [...personalDataKeys.all, "purges"] as const,
  requests: () => [...personalDataKeys.all, "demandes"] as const,
};

export const personalDataApi = {
  settings: (signal?: AbortSignal) => staffJson<RetentionSettings>("/api/gestion/conservation", { signal }),
  update: (body: RetentionPatch) =>
    staffJson<RetentionSettings>("/api/gestion/conservation", { method: "PATCH", body }),
  purge: (body: PurgeRequest) => staffJson<PurgeResponse>("/api/gestion/conservation/purge", { body }),
  runs: (signal?: AbortSignal) => staffJson<PurgeRunsResponse>("/api/gestion/conservation/purges", { signal }),
  requests: (signal?: AbortSignal) => staffJson<DataRequestsResponse>("/api/gestion/conservation/demandes", { signal }),
};

export const retentionQuery = queryOptions({
  queryKey: personalDataKeys.settings(),
  queryFn: ({ signal }) => personalDataApi.settings(signal),
});

export const dataRequestsQuery = queryOptions({
  queryKey: personalDataKeys.requests(),
  queryFn: ({ signal }) => personalDataApi.requests(signal),
});

/** While a purge runs, its row's counts grow (decision 114): read every this often to show the progress. */
const RUN_POLL_MS = 1_500;

/**
 * The purge runs, newest first. Read again every moment while `polling` (this page's purge is on
 * its way) or while one of them is still running (the night's, or another direction member's).
 */
export const usePurgeRuns = (polling: boolean) =>
  useQuery({
    queryKey: personalDataKeys.runs(),
    queryFn: ({ signal }) => personalDataApi.runs(signal),
    refetchInterval: (query) =>
      polling || query.state.data?.data.some((run) => run.statut === "en_cours") ? RUN_POLL_MS : false,
  });

export const useRetention = () => useQuery(retentionQuery);
export const useDataRequests = () => useQuery(dataRequestsQuery);

/**
 * *Aperçu de la purge*: a POST that writes nothing, sent when the direction asks (`refetch`), never
 * on its own, and never kept once the page is left.
 */
export const usePurgePreview = () =>
  useQuery({
    queryKey: personalDataKeys.preview(),
    queryFn: () => personalDataApi.purge({ apercu: true }),
    enabled: false,
    gcTime: 0,
    retry: false,
  });

/** The periods and the CNDP number, saved; the whole screen is read again (the privacy page's words too). */
export const useUpdateRetention = () => useStaffMutation(personalDataApi.update, personalDataKeys.all);

/**
 * *Purger maintenant*. The runs are read at once as it starts (then every moment: `usePurgeRuns`),
 * for its progress; after it, or after a refusal (another purge running: 409), everything again.
 */
export function usePurgeNow() {
  const refreshRuns = useInvalidate(personalDataKeys.runs());
  return useStaffMutation<void, PurgeResponse>(
    async () => {
      const answer = personalDataApi.purge({});
      void refreshRuns();
      return answer;
    },
    personalDataKeys.all,
    { refreshOnError: true },
  );
}
