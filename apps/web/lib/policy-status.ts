import { queryOptions } from "@tanstack/react-query";
import { apiJson } from "./api.ts";

/**
 * The student's policy status (docs/spec/student-portal.md section 4). Shared because the login re-checks it and
 * the policy gate reads it; a logout clears the query cache, which makes it unknown again.
 */
export const policyStatusQuery = queryOptions({
  queryKey: ["policy", "status"] as const,
  queryFn: async ({ signal }) => {
    const body = await apiJson<{ success?: boolean; has_accepted?: boolean; accepted?: boolean }>(
      "/api/policy/status",
      { signal },
    );
    return body.success !== false && (body.has_accepted === true || body.accepted === true);
  },
  // Opening a gated page checks again; a cached answer only avoids a spinner meanwhile.
  staleTime: 0,
  retry: false,
});
