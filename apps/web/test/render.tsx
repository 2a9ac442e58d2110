/** Rendering a page of the app in a component test: its routes, a fresh query cache, no retries. */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ComponentType } from "react";
import { createRoutesStub, type LoaderFunction } from "react-router";

/** A route of the stub; a layout route has children and no path. Its loader runs as the server's would. */
export type TestRoute = {
  path?: string;
  Component: ComponentType;
  loader?: LoaderFunction;
  ErrorBoundary?: ComponentType;
  children?: TestRoute[];
};
type Entry = string | { pathname: string; state?: unknown; search?: string };

/** Renders `routes` at `entry`; a failed query shows its error at once instead of retrying. */
export function renderRoutes(routes: TestRoute[], entry: Entry, { withQueryClient = true } = {}) {
  const Stub = createRoutesStub(routes.map(withLoadingScreen));
  if (!withQueryClient) return render(<Stub initialEntries={[entry]} />);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <Stub initialEntries={[entry]} />
    </QueryClientProvider>,
  );
}

/**
 * A route whose loader runs on the first render shows nothing until it has answered, as the
 * server's render has its data first; said explicitly, React Router does not warn about it.
 */
function withLoadingScreen(route: TestRoute): TestRoute & { HydrateFallback?: ComponentType } {
  const children = route.children?.map(withLoadingScreen);
  return { ...route, ...(children ? { children } : {}), ...(route.loader ? { HydrateFallback: NothingYet } : {}) };
}

function NothingYet() {
  return null;
}
