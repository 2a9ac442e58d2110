import type { ReferentielData, ReferentielKind } from "@puerta/contract";
import { queryOptions } from "@tanstack/react-query";
import { STAFF_QUERY_KEY, staffJson, staffQueryDefaults } from "../../../lib/staff-api.ts";

export const REFERENTIEL_KEY = [STAFF_QUERY_KEY, "referentiel"] as const;

export const referentielQuery = queryOptions({
  queryKey: [...REFERENTIEL_KEY, "all"],
  queryFn: ({ signal }) => staffJson<ReferentielData>("/api/gestion/referentiel", { signal }),
  ...staffQueryDefaults,
});

export const referentielApi = {
  create: (kind: ReferentielKind, body: Record<string, unknown>) =>
    staffJson<ReferentielData>(`/api/gestion/referentiel/${kind}`, { body }),
  update: (kind: ReferentielKind, id: number, body: Record<string, unknown>) =>
    staffJson<ReferentielData>(`/api/gestion/referentiel/${kind}/${id}`, { method: "PATCH", body }),
  remove: (kind: ReferentielKind, id: number) =>
    staffJson<ReferentielData>(`/api/gestion/referentiel/${kind}/${id}`, { method: "DELETE" }),
};
