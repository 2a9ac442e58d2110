import type { ReferentielData, ReferentielKind } from "@puerta/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { STAFF_QUERY_KEY, staffJson } from "../../../lib/staff-api.ts";

/** The keys of this screen's queries; every one starts with `all`. */
export const referentielKeys = {
  all: [STAFF_QUERY_KEY, "referentiel"] as const,
  data: () => [...referentielKeys.all, "all"] as const,
};

export const referentielQuery = queryOptions({
  queryKey: referentielKeys.data(),
  queryFn: ({ signal }) => staffJson<ReferentielData>("/api/gestion/referentiel", { signal }),
});

export const referentielApi = {
  create: (kind: ReferentielKind, body: Record<string, unknown>) =>
    staffJson<ReferentielData>(`/api/gestion/referentiel/${kind}`, { body }),
  update: (kind: ReferentielKind, id: number, body: Record<string, unknown>) =>
    staffJson<ReferentielData>(`/api/gestion/referentiel/${kind}/${id}`, { method: "PATCH", body }),
  remove: (kind: ReferentielKind, id: number) =>
    staffJson<ReferentielData>(`/api/gestion/referentiel/${kind}/${id}`, { method: "DELETE" }),
};

/** Centres, options, filières, matières and niveaux. */
export const useReferentiel = () => useQuery(referentielQuery);

/** One write of the referentiel: an item added, changed (with its `id`) or deleted. */
export type ReferentielWrite =
  | { kind: ReferentielKind; id?: number; body: Record<string, unknown> }
  | { kind: ReferentielKind; id: number; remove: true };

/**
 * Adds, changes or deletes an item. Every write answers the whole referentiel, shown at once
 * (no second read before the toast); the other queries under this screen's key are read again.
 */
export function useReferentielWrite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (write: ReferentielWrite) =>
      "remove" in write
        ? referentielApi.remove(write.kind, write.id)
        : write.id === undefined
          ? referentielApi.create(write.kind, write.body)
          : referentielApi.update(write.kind, write.id, write.body),
    onSuccess: (next) => {
      queryClient.setQueryData(referentielQuery.queryKey, next);
      void queryClient.invalidateQueries({ queryKey: referentielKeys.all });
    },
  });
}
