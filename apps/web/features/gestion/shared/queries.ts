import { type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";

/**
 * A function that marks every query under `key` stale (the ones on screen are read again):
 * each screen's api.ts names its own, so pages never spell a query key.
 */
export function useInvalidate(key: QueryKey): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: key });
}

/**
 * A back-office write: `mutationFn` calls the API, and once it succeeded every query under
 * `refreshes` is read again before `mutateAsync` resolves (so a toast that follows sees the new list).
 */
export function useStaffMutation<TVariables, TData>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  refreshes: QueryKey,
) {
  const refresh = useInvalidate(refreshes);
  return useMutation({ mutationFn, onSuccess: () => refresh() });
}
