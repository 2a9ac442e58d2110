import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo } from "react";
import { useNavigate } from "react-router";
import { apiRequest, clearSession } from "./api.ts";
import { loadUser, type Session, useSession } from "./session.ts";

export type AuthStatus = "loading" | "signedIn" | "signedOut";

type Auth = {
  /** "loading" until the session has been read in the browser (lib/session.ts). */
  status: AuthStatus;
  session: Session | null;
  /** Ends the session on the server (which clears its cookies), then here, and goes to /login. */
  logout: () => Promise<void>;
};

const AuthContext = createContext<Auth | null>(null);

/**
 * The logged-in state of the app (lib/session.ts). Any end of session (logout, or a 401 from
 * any call) is the logout event of lib/api.ts, on which the app's root empties its query cache.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const session = useSession();
  const navigate = useNavigate();
  // Who is signed in: the header's greeting and the pages that show the student's data.
  const signedInUnknown = session !== undefined && session !== null && session.user === null;
  useEffect(() => {
    if (signedInUnknown) void loadUser();
  }, [signedInUnknown]);

  const logout = useCallback(async () => {
    try {
      await apiRequest("/api/logout", { method: "POST" });
    } catch {
      // The session ends here whatever the server said.
    }
    clearSession();
    navigate("/login", { replace: true });
  }, [navigate]);

  const value = useMemo<Auth>(
    () => ({
      status: session === undefined ? "loading" : session ? "signedIn" : "signedOut",
      session: session ?? null,
      logout,
    }),
    [session, logout],
  );
  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): Auth {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error("useAuth() must be used inside <AuthProvider>");
  return auth;
}
