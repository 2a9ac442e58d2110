/**
 * Where a signed-out visitor was going when the server sent them to /login (an e-mail's link
 * to /notification/12, /demande-attestation…): `/login?retour=/notification/12`, as the
 * back-office's sign-in does. Read once the sign-in has succeeded, and only if it is a path of
 * this site's student area (decision 101).
 */
import { matchesRoute, PROTECTED_ROUTES } from "@puerta/contract";

export const LOGIN_RETURN_PARAM = "retour";

/** A path of this site's student area only (with its query string): never another origin, another area or /login. */
export function safeStudentReturn(value: string | null | undefined): string | null {
  if (!value?.startsWith("/") || value.startsWith("//") || value.includes("\\")) return null;
  const pathname = value.split(/[?#]/)[0] ?? "";
  return matchesRoute(pathname, PROTECTED_ROUTES) ? value : null;
}

/** /login, remembering `path` when it is one to come back to. */
export function loginReturnPath(path: string): string {
  const safe = safeStudentReturn(path);
  return safe ? `/login?${new URLSearchParams({ [LOGIN_RETURN_PARAM]: safe })}` : "/login";
}

/** Where the sign-in on this page leads: the address's `retour` when it is safe, else `fallback`. */
export function loginReturn(search: string, fallback: string): string {
  return safeStudentReturn(new URLSearchParams(search).get(LOGIN_RETURN_PARAM)) ?? fallback;
}
