import { ApiError, apiJson } from "./api.ts";

type StaffRequestOptions = { method?: string; body?: unknown; signal?: AbortSignal; idempotencyKey?: string };

/**
 * The back-office's calls: lib/api.ts with the staff session's cookie (sent same-origin, HttpOnly,
 * never readable here) and the CSRF echo. A 401 ends the staff session
 * (the back-office's layout then goes to /gestion/connexion). Nothing of it is stored in the browser.
 */
export function staffJson<T>(path: string, options: StaffRequestOptions = {}): Promise<T> {
  return apiJson<T>(path, { ...options, staff: true });
}

/** `{ q: "a", page: 2, empty: "" }` → `?q=a&page=2` (empty and undefined values left out). */
export function queryString(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === "") continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}

/** Every query of the back-office starts with this key: the staff sign-out empties them all. */
export const STAFF_QUERY_KEY = "gestion";

/** The first message of each field of a 422 answer (`{ errors: { field: ["…"] } }`). */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || error.status !== 422) return {};
  const errors = error.body?.errors;
  if (!errors || typeof errors !== "object") return {};
  const out: Record<string, string> = {};
  for (const [field, messages] of Object.entries(errors as Record<string, unknown>)) {
    if (Array.isArray(messages) && typeof messages[0] === "string") out[field] = messages[0];
  }
  return out;
}

/** A French sentence for a failed call, for an alert or a toast. */
export function staffErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return "Impossible de contacter le serveur. Vérifiez votre connexion.";
    if (error.status === 419) return "Votre session a expiré. Rechargez la page.";
    if (error.serverMessage) return error.serverMessage;
    if (error.status >= 500) return "Erreur du serveur. Réessayez dans un instant.";
  }
  return "Une erreur s'est produite. Réessayez.";
}
