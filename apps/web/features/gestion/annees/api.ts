import type {
  ClosureRequest,
  ClosureResponse,
  CohortResponse,
  ReferentielData,
  SchoolYearsResponse,
} from "@puerta/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { STAFF_QUERY_KEY, staffJson } from "../../../lib/staff-api.ts";
import { centresQuery } from "../shared/api.ts";
import { useStaffSubmission } from "../shared/queries.ts";

/** The keys of this screen's queries; every one starts with `all`, so a closure refreshes them all. */
export const yearKeys = {
  all: [STAFF_QUERY_KEY, "annees"] as const,
  list: () => [...yearKeys.all, "liste"] as const,
  cohort: (id: number) => [...yearKeys.all, "cohorte", id] as const,
  places: () => [...yearKeys.all, "lieux"] as const,
  preview: (id: number, body: ClosureRequest) => [...yearKeys.all, "apercu", id, body] as const,
};

export const yearsQuery = queryOptions({
  queryKey: yearKeys.list(),
  queryFn: ({ signal }) => staffJson<SchoolYearsResponse>("/api/gestion/annees", { signal }),
});

export const cohortQuery = (id: number) =>
  queryOptions({
    queryKey: yearKeys.cohort(id),
    queryFn: ({ signal }) => staffJson<CohortResponse>(`/api/gestion/annees/${id}/cohorte`, { signal }),
  });

type Places = Pick<ReferentielData, "filieres" | "options">;

/** Options and filières for step 1's filters and new places (the centres are the shared picker's). */
export const placesQuery = queryOptions({
  queryKey: yearKeys.places(),
  queryFn: async ({ signal }): Promise<Places> => {
    const [options, filieres] = await Promise.all([
      staffJson<{ data: Places["options"] }>("/api/gestion/referentiel/options", { signal }),
      staffJson<{ data: Places["filieres"] }>("/api/gestion/referentiel/filieres", { signal }),
    ]);
    return { options: options.data, filieres: filieres.data };
  },
  staleTime: 5 * 60_000,
});

export const yearsApi = {
  close: (id: number, body: ClosureRequest, idempotencyKey?: string) =>
    staffJson<ClosureResponse>(`/api/gestion/annees/${id}/cloture`, { body, idempotencyKey }),
};

export const useYears = () => useQuery(yearsQuery);
export const useCohort = (id: number) => useQuery(cohortQuery(id));
export const usePlaces = () => useQuery(placesQuery);

/** Step 2's preview: a POST that writes nothing, read once per visit of the step and never kept. */
export const useClosurePreview = (id: number, body: ClosureRequest) =>
  useQuery({
    queryKey: yearKeys.preview(id, body),
    queryFn: () => yearsApi.close(id, { ...body, apercu: true }),
    gcTime: 0,
    retry: false,
  });

/** The centres (the shared picker's read), for names and filters. */
export const useCentres = () => useQuery(centresQuery);

/** Step 3: the closure, sent with one Idempotency-Key however often it is retried. */
export const useCloseYear = () =>
  useStaffSubmission(
    ({ id, body }: { id: number; body: ClosureRequest }, key: string) => yearsApi.close(id, body, key),
    yearKeys.all,
  );
