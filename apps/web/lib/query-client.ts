import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api.ts";

/**
 * The app's one TanStack Query client. A 4xx answer will not change on retry, so only
 * network and server failures are retried, once.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => {
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
          return failureCount < 1;
        },
        refetchOnWindowFocus: false,
      },
    },
  });
}
