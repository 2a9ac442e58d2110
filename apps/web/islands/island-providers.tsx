import { type ReactNode, useEffect, useState } from "react";
import { type Location, Router } from "react-router";
import { AuthProvider } from "../lib/auth-provider.tsx";
import { documentNavigator } from "./document-navigator.ts";

/**
 * What an island's components expect around them, as the app's root gives them in the
 * student area: a router, whose links and redirects load documents, and the session. No
 * query client: the few islands that need one bring it (lib/query-client.tsx). The same tree
 * is rendered when the page is prerendered and when the island hydrates, so both agree.
 */
export function IslandProviders({
  location,
  onHydrated,
  children,
}: {
  location: Partial<Location>;
  /**
   * Called once the island has hydrated and rendered again with what its own effects set
   * (an effect: it changes no markup nor any id).
   */
  onHydrated?: () => void;
  children: ReactNode;
}) {
  // The island's effects run first, and may set state: the window's width, a carousel that
  // has started. This state is set in the same pass as theirs, so the island renders once with
  // all of it before what the visitor did is played again, on handlers that know it.
  const [settled, setSettled] = useState(false);
  useEffect(() => setSettled(true), []);
  useEffect(() => {
    if (settled) onHydrated?.();
  }, [settled, onHydrated]);
  return (
    <Router location={location} navigator={documentNavigator}>
      <AuthProvider>{children}</AuthProvider>
    </Router>
  );
}
