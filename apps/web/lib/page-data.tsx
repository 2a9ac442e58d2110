import {
  type DehydratedState,
  dehydrate,
  type FetchQueryOptions,
  HydrationBoundary,
  QueryClient,
} from "@tanstack/react-query";
import { type ReactNode, useMemo } from "react";
import { useMatches } from "react-router";

/** What a loader of the student area answers: the queries its page reads first, filled. */
export type PageData = { queries: DehydratedState };

// biome-ignore lint/suspicious/noExplicitAny: query options of any data, as TanStack's own helpers take them
type AnyQuery = FetchQueryOptions<any, any, any, any>;

/**
 * A loader's work (decision 101): the page's queries, with the feature's own query options
 * (`api.ts`), fetched on the server (in-process, with the visitor's session: app/entry.server.tsx)
 * and handed to the page's query cache, which the page hydrates from. A query that fails is left
 * out: the page asks for it again in the browser and shows its own error.
 */
export async function pageData(...queries: AnyQuery[]): Promise<PageData> {
  const client = serverQueryClient();
  await Promise.all(queries.map((query) => client.prefetchQuery(query)));
  return { queries: dehydrate(client) };
}

/**
 * A student page's `clientLoader`: a navigation inside the app does not ask the server for the
 * next page; the page opens at once and its hooks fetch in the browser, as the same query
 * options say. The first page of a visit is the server's, with its data (`pageData`).
 */
export const inTheBrowser = () => null;

/** A query client for one loader: nothing retried, nothing kept after the request. */
export function serverQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Number.POSITIVE_INFINITY } } });
}

const isPageData = (value: unknown): value is PageData =>
  typeof value === "object" && value !== null && "queries" in value;

/**
 * Puts the queries of every matched route's loader into the app's query cache before the
 * pages render, on the server and when the browser hydrates the same HTML, so both agree. One
 * boundary whatever the matches: the tree under it stays the same from one page to the next.
 */
export function HydratePageData({ children }: { children: ReactNode }) {
  const matches = useMatches();
  const state = useMemo<DehydratedState>(
    () => ({
      queries: matches.flatMap((match) => (isPageData(match.loaderData) ? match.loaderData.queries.queries : [])),
      mutations: [],
    }),
    [matches],
  );
  return <HydrationBoundary state={state}>{children}</HydrationBoundary>;
}
