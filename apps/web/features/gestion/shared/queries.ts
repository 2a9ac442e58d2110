import { type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";
import { useSubmissionKey } from "../../../lib/submission-key.ts";

/*
 * The two pieces each screen's api.ts builds its writes from (decision 098): pages call the
 * screen's `useXxx` mutation hooks and never spell a query key nor call `invalidateQueries`.
 */

/**
 * A function that marks every query under `key` stale (the ones on screen are read again). Only
 * api.ts files use it: for their mutation hooks, and for the writes that are no API call (a PDF
 * upload queue sends its files itself, then its screen is read again).
 */
export function useInvalidate(key: QueryKey): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: key });
}

/**
 * A back-office write: `mutationFn` calls the API, and once it succeeded every query under
 * `refreshes` is read again before `mutateAsync` resolves (so a toast that follows sees the new list).
 * `refreshOnError`: read them again after a refusal too, when the refusal may mean the record
 * changed meanwhile (someone else handled the request first).
 */
export function useStaffMutation<TVariables, TData>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  refreshes: QueryKey,
  { refreshOnError = false } = {},
) {
  const refresh = useInvalidate(refreshes);
  return useMutation({
    mutationFn,
    onSuccess: () => refresh(),
    onError: () => (refreshOnError ? refresh() : undefined),
  });
}

/**
 * A write sent with an `Idempotency-Key` (decision 087): one key per submission, the same for
 * every retry of it (a second click, "Réessayer" after a lost answer), a new one once it succeeded.
 * The key lives as long as the component that calls the hook, as `useSubmissionKey`'s does.
 */
export function useStaffSubmission<TVariables, TData>(
  send: (variables: TVariables, idempotencyKey: string) => Promise<TData>,
  refreshes: QueryKey,
) {
  const submission = useSubmissionKey();
  return useStaffMutation((variables: TVariables) => submission.send((key) => send(variables, key)), refreshes);
}
