import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/** False while prerendering and hydrating, true afterwards: for values the HTML cannot know. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
