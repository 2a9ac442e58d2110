import {
  MESSAGES,
  type Policy,
  type PolicyAcceptRequest,
  type PolicyContentResponse,
  type PolicyStatus,
} from "@puerta/contract";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError, apiJson } from "../../lib/api.ts";
import { policyStatusQuery } from "../../lib/policy-status.ts";

const m = MESSAGES.policy;

/** No policy is published: the page says so and offers no retry. */
export class NoPolicy extends Error {}

/** GET /api/policy/content. */
export async function fetchPolicy({ signal }: { signal: AbortSignal }): Promise<Policy> {
  try {
    const body = await apiJson<Partial<PolicyContentResponse> | null>("/api/policy/content", { signal });
    if (body?.success !== true || !body.policy) throw new NoPolicy();
    return body.policy;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw new NoPolicy();
    throw error;
  }
}

/** POST /api/policy/accept; throws unless the answer says accepted. */
export async function acceptPolicy() {
  const body = await apiJson<Partial<PolicyStatus> | null>("/api/policy/accept", {
    method: "POST",
    body: { accepted: true } satisfies PolicyAcceptRequest,
  });
  if (body?.success === false || !(body?.has_accepted || body?.accepted)) throw new Error(m.acceptFailed);
}

/**
 * GET /api/policy/status with the moment of acceptance, for the policy page: a student who
 * has accepted is shown since when, instead of the form. A failed check reads as not accepted
 * (docs/spec/student-portal.md section 8).
 */
export async function fetchAcceptance({ signal }: { signal: AbortSignal }): Promise<{ acceptedAt: string | null }> {
  try {
    const body = await apiJson<Partial<PolicyStatus> | null>("/api/policy/status", { signal });
    const accepted = body?.success !== false && (body?.has_accepted === true || body?.accepted === true);
    return { acceptedAt: accepted && typeof body?.accepted_at === "string" ? body.accepted_at : null };
  } catch {
    return { acceptedAt: null };
  }
}

/** The policy's text, in the server's render of /policy-acceptance (decision 101) and in the browser. */
export const policyContentQuery = queryOptions({
  queryKey: ["policy", "content"] as const,
  queryFn: fetchPolicy,
  staleTime: 60_000,
});

/** Whether and when the student accepted. Never cached: a new version published since asks again. */
export const policyAcceptanceQuery = queryOptions({
  queryKey: ["policy", "acceptance"] as const,
  queryFn: fetchAcceptance,
  staleTime: 0,
});

/** Accepts the policy; the gate then knows at once that it is accepted (`onAccepted`: where the page goes next). */
export function useAcceptPolicy({ onAccepted }: { onAccepted: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptPolicy,
    onSuccess: () => {
      queryClient.setQueryData(policyStatusQuery.queryKey, true);
      onAccepted();
    },
  });
}
