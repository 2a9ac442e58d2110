import { STORAGE_KEYS, type StudentData, toStudentData, type User } from "@puerta/contract";
import { type QueryClient, QueryClientContext, queryOptions } from "@tanstack/react-query";
import { useCallback, useContext, useMemo, useSyncExternalStore } from "react";
import { apiJson, LOGOUT_EVENT } from "./api.ts";
import { hasSessionHint } from "./session-hint.ts";
import { storage } from "./storage.ts";

/**
 * The student's session on the web (decision 100): an HttpOnly cookie the page's scripts cannot
 * read, so nothing that authenticates the student is kept here. What the page knows:
 * - whether a student is probably signed in: the `puerta_student` hint cookie the server sets
 *   and clears with the session (it authenticates nothing; a 401 ends it, lib/api.ts);
 * - who, once `GET /api/user` has answered (kept in memory for this document only).
 * A page the server renders (the student area, decision 101) knows who from the start: the
 * student area's loader puts `GET /api/user` in the query cache the page hydrates from.
 */

/**
 * Who is signed in, as the server's loader of the student area read it (features/auth/require-auth.tsx).
 * Kept for the document: a logout empties the cache.
 */
export const userQuery = queryOptions({
  queryKey: ["session", "user"] as const,
  queryFn: ({ signal }) => apiJson<User>("/api/user", { signal }),
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
});

/** Dispatched on `window` when this tab signs in or learns who is signed in. */
const SESSION_EVENT = "puerta:session";

export type Session = { user: User | null };

let currentUser: User | null = null;

// Any end of the session (logout, a 401: lib/api.ts) forgets who it was.
if (typeof window !== "undefined")
  window.addEventListener(LOGOUT_EVENT, () => {
    currentUser = null;
    userLoading = null;
  });

/** After a sign-in (the server has set the cookies): who it is, for the header and the pages. */
export function saveUser(user: User | null) {
  currentUser = user;
  window.dispatchEvent(new Event(SESSION_EVENT));
}

let userLoading: Promise<User | null> | null = null;

/**
 * Who is signed in: `GET /api/user`, once per document (a 401 ends the session on the way,
 * lib/api.ts). Null when nobody is. The answer is the server's own, serialised through the
 * contract: it is not checked again here, so the validator's download still waits until the
 * first screen is drawn (decision 015).
 */
export function loadUser(): Promise<User | null> {
  if (currentUser) return Promise.resolve(currentUser);
  if (!hasSessionHint()) return Promise.resolve(null);
  userLoading ??= apiJson<User>("/api/user").then(
    (user) => {
      saveUser(user);
      return user;
    },
    () => {
      userLoading = null;
      return null;
    },
  );
  return userLoading;
}

/** The keys an older web client kept (docs/spec/student-portal.md section 3); unblockAt stays. */
export function forgetStoredSession() {
  storage.remove(STORAGE_KEYS.token, STORAGE_KEYS.user, STORAGE_KEYS.studentData);
}

let cached: { hint: boolean; user: User | null; session: Session | null } = {
  hint: false,
  user: null,
  session: null,
};

/** The session as the page knows it; the same object until it changes (useSyncExternalStore needs that). */
export function readSession(): Session | null {
  const hint = hasSessionHint();
  if (hint === cached.hint && currentUser === cached.user) return cached.session;
  cached = { hint, user: currentUser, session: hint ? { user: currentUser } : null };
  return cached.session;
}

function subscribe(onChange: () => void) {
  window.addEventListener(SESSION_EVENT, onChange);
  window.addEventListener(LOGOUT_EVENT, onChange);
  // Another tab signing in or out changes the cookies, which send no event: read again on return.
  window.addEventListener("focus", onChange);
  return () => {
    window.removeEventListener(SESSION_EVENT, onChange);
    window.removeEventListener(LOGOUT_EVENT, onChange);
    window.removeEventListener("focus", onChange);
  };
}

const noUser = () => () => {};

/** The user the app's query cache holds (a server-rendered page's), on the server and while hydrating too. */
function useCachedUser(client: QueryClient | undefined): User | undefined {
  const subscribeToCache = useCallback(
    (onChange: () => void) => (client ? client.getQueryCache().subscribe(onChange) : noUser()),
    [client],
  );
  const read = () => client?.getQueryData(userQuery.queryKey);
  return useSyncExternalStore(subscribeToCache, read, read);
}

/**
 * The current session: the server-rendered page's user when the app's cache holds one; else
 * `undefined` while it is not known yet (prerendering and hydration of a public page, where
 * cookies cannot be read), then the session or null.
 */
export function useSession(): Session | null | undefined {
  const cachedUser = useCachedUser(useContext(QueryClientContext));
  const fromCache = useMemo(() => (cachedUser ? { user: cachedUser } : null), [cachedUser]);
  const known = useSyncExternalStore<Session | null | undefined>(subscribe, readSession, () => undefined);
  return fromCache ?? known;
}

/** The signed-in student's data for a screen: `undefined` until `GET /api/user` has answered. */
export function useStudentData(): StudentData | null | undefined {
  const session = useSession();
  if (!session) return session === null ? null : undefined;
  if (!session.user) return undefined;
  return session.user.etudiant ? toStudentData(session.user.etudiant) : null;
}
