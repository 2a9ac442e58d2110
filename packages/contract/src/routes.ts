/**
 * Paths of the student area. The web guards them; the server answers them with the app
 * shell (status 200) while any other unknown page gets the shell with status 404.
 */
export const PROTECTED_ROUTES = [
  "/modifier-mot-de-passe",
  "/planning",
  "/parascolaire-calendar",
  "/parascolaire/:id",
  "/jourOff-calendar",
  "/demande-attestation",
  "/support-cours",
  "/notifications",
  "/notification/:id",
  "/profile",
  "/etudiants/orientation",
  "/policy-acceptance",
] as const;

/** Public pages rendered on the client only (their content depends on the query string or the address). */
export const CLIENT_ONLY_PUBLIC_ROUTES = ["/reset-password", "/activer-compte", "/verifier/:code"] as const;

/** True when `pathname` matches one of `patterns` (":param" matches one non-empty segment). */
export function matchesRoute(pathname: string, patterns: readonly string[]): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  const segments = path.split("/");
  return patterns.some((pattern) => {
    const parts = pattern.split("/");
    if (parts.length !== segments.length) return false;
    return parts.every((part, i) => (part.startsWith(":") ? (segments[i] ?? "") !== "" : part === segments[i]));
  });
}
