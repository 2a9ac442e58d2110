/**
 * Where a signed-out student was going when the student area sent them to /login (an e-mail's
 * link to /notification/12, /demande-attestation…): kept for the tab in sessionStorage, so
 * /login's address stays the spec's, and read once after the sign-in.
 */
const KEY = "puerta_login_return";

/** A path of this site's student area only: never another origin, never /login or the back-office. */
export function safeStudentReturn(value: string | null | undefined): string | null {
  if (!value?.startsWith("/") || value.startsWith("//") || value.includes("\\")) return null;
  if (/^\/(login|gestion)(\/|\?|#|$)/.test(value)) return null;
  return value;
}

export function rememberLoginReturn(path: string) {
  const safe = safeStudentReturn(path);
  try {
    if (safe) sessionStorage.setItem(KEY, safe);
  } catch {
    // Storage refused (private mode): the sign-in lands on the default page.
  }
}

/** The remembered path, forgotten as it is read; `fallback` when there is none. */
export function takeLoginReturn(fallback: string): string {
  try {
    const value = safeStudentReturn(sessionStorage.getItem(KEY));
    sessionStorage.removeItem(KEY);
    return value ?? fallback;
  } catch {
    return fallback;
  }
}
