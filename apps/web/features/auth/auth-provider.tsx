import { useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo } from "react";
import { useNavigate } from "react-router";
import { apiRequest, clearSession, LOGOUT_EVENT } from "../../lib/api.ts";
import { type Session, useSession } from "../../lib/session.ts";

export type AuthStatus = "loading" | "signedIn" | "signedOut";

type Auth = {
  /** "loading" until the stored session has been read in the browser. */
  status: AuthStatus;
  session: Session | null;
  /** Revokes the token on the server, clears the session and goes to /login. */
  logout: () => Promise<void>;
};

const AuthContext = createContext<Auth | null>(null);

/**
 * The logged-in state of the app. Any end of session (logout, or a 401 from any call, which
 * lib/api.ts turns into the logout event) empties the query cache: the policy status goes
 * back to unknown and no data of the previous student stays in memory.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const session = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  useEffect(() => {
    const onLogout = () => queryClient.clear();
    window.addEventListener(LOGOUT_EVENT, onLogout);
    return () => window.removeEventListener(LOGOUT_EVENT, onLogout);
  }, [queryClient]);

  const logout = useCallback(async () => {
    try {
      await apiRequest("/api/logout", { method: "POST" });
    } catch {
      // The token is forgotten locally whatever the server said.
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
