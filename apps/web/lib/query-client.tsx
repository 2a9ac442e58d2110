import { QueryClient, QueryClientContext, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useContext, useState } from "react";
import { ApiError } from "./api.ts";

/**
 * The app's one TanStack Query client, student and staff alike; a server-rendered page fills
 * it from its loaders' data (lib/page-data.tsx). A 4xx answer will not change on retry, so only
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

let browserClient: QueryClient | undefined;

/**
 * The app's client: in the browser one for the document, which the root provides and the
 * client loaders use too; on the server a new one for each page rendered.
 */
export function appQueryClient(): QueryClient {
  if (typeof document === "undefined") return createQueryClient();
  browserClient ??= createQueryClient();
  return browserClient;
}

/**
 * Gives its children the app's query client, or a client of their own on a public page,
 * whose islands have none (decision 008): there, the query library loads only with them.
 */
export function WithQueryClient({ children }: { children: ReactNode }) {
  const appClient = useContext(QueryClientContext);
  const [ownClient] = useState(() => (appClient ? null : createQueryClient()));
  if (appClient || !ownClient) return children;
  return <QueryClientProvider client={ownClient}>{children}</QueryClientProvider>;
}

/**
 * How long the first screen is left to itself once its data has been rendered: on a slow
 * phone the frame that shows it can take that long to reach the screen, and a download or a
 * long task started at once would share the line and the processor with it.
 */
const SETTLE_MS = 500;

/**
 * Runs `run` once none of the client's queries is fetching, the page has painted what they
 * brought and a moment has passed (SETTLE_MS); the same after the next paint when nothing
 * is fetching. For work the first screen does not need. Returns a function that cancels.
 */
export function afterStartupQueries(client: QueryClient, run: () => void): () => void {
  let cancelled = false;
  const whenIdle = (task: () => void) =>
    "requestIdleCallback" in window ? requestIdleCallback(task) : setTimeout(task);
  const runAfterPaint = () =>
    requestAnimationFrame(() => setTimeout(() => whenIdle(() => cancelled || run()), SETTLE_MS));
  let unsubscribe = () => {};
  if (client.isFetching() === 0) runAfterPaint();
  else
    unsubscribe = client.getQueryCache().subscribe(() => {
      if (client.isFetching() > 0) return;
      unsubscribe();
      runAfterPaint();
    });
  return () => {
    cancelled = true;
    unsubscribe();
  };
}
