import { DOCUMENT_TEXTS, type OrientationDocument } from "@puerta/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { ApiError, apiJson } from "../../lib/api.ts";

export const orientationsQuery = queryOptions({
  queryKey: ["orientations"] as const,
  staleTime: 60_000,
  queryFn: async ({ signal }): Promise<OrientationDocument[]> => {
    let body: { success?: boolean; data?: OrientationDocument[] };
    try {
      body = await apiJson("/api/orientations", { signal });
    } catch (error) {
      // docs/spec/student-portal.md section 8: non-OK 'Failed to fetch data'; unsuccessful 'API returned unsuccessful response'.
      if (error instanceof ApiError) throw new Error(DOCUMENT_TEXTS.planningFetchFailed);
      throw error;
    }
    if (!body?.success || !Array.isArray(body.data)) throw new Error(DOCUMENT_TEXTS.unsuccessfulResponse);
    return body.data;
  },
});

export const useOrientations = () => useQuery(orientationsQuery);
