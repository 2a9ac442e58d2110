import { type ReactNode, useEffect } from "react";
import { type Location, Router } from "react-router";
import { AuthProvider } from "../features/auth/auth-provider.tsx";
import { checkStoredUser, readSession } from "../lib/session.ts";
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
  /** Called once the island has hydrated (an effect: it changes no markup nor any id). */
  onHydrated?: () => void;
  children: ReactNode;
}) {
  useEffect(() => onHydrated?.(), [onHydrated]);
  // A signed-in student on a public page: the header greets them once the user is checked.
  useEffect(() => {
    if (readSession()?.token) void checkStoredUser();
  }, []);
  return (
    <Router location={location} navigator={documentNavigator}>
      <AuthProvider>{children}</AuthProvider>
    </Router>
  );
}
