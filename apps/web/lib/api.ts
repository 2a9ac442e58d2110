import { CSRF_COOKIE, STUDENT_SESSION_HINT_COOKIE } from "@puerta/contract";
import { hasSessionHint } from "./session-hint.ts";
import { idempotencyHeader } from "./submission-key.ts";

/** Dispatched on `window` whenever the session ends (logout or any 401). */
export const LOGOUT_EVENT = "puerta:logout";

/** Dispatched on `window` when a staff call answers 401: the staff session is over. */
export const STAFF_SESSION_ENDED_EVENT = "puerta:staff-session-ended";

/** A failed call: `status` 0 means the server could not be reached. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: Record<string, unknown> | null;
  constructor(status: number, message: string, body: Record<string, unknown> | null = null) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.body = body;
  }
  /** The server's own message, when it sent one. */
  get serverMessage(): string | undefined {
    const message = this.body?.message;
    return typeof message === "string" ? message : undefined;
  }
}

/** How a call reaches the API: `fetch` in the browser, in-process on the server. */
export type ApiTransport = (path: string, init: RequestInit) => Promise<Response>;

let transport: ApiTransport = (path, init) => fetch(path, init);

/**
 * On the server (app/entry.server.tsx), a page's loaders call the API in-process, with the
 * page request's cookies: the same query functions as in the browser, without an HTTP round trip.
 */
export function setServerTransport(serverTransport: ApiTransport) {
  transport = serverTransport;
}

function readCookie(name: string): string | undefined {
  if (typeof document === "undefined") return undefined;
  const prefix = `${name}=`;
  const found = document.cookie.split("; ").find((c) => c.startsWith(prefix));
  return found ? decodeURIComponent(found.slice(prefix.length)) : undefined;
}

/** Ends the session in this page: the hint is forgotten and the app is told (it empties its caches). */
export function clearSession() {
  if (typeof document === "undefined") return;
  // biome-ignore lint/suspicious/noDocumentCookie: the hint is no credential; the server made it readable for this
  document.cookie = `${STUDENT_SESSION_HINT_COOKIE}=; Max-Age=0; Path=/; SameSite=Strict`;
  window.dispatchEvent(new Event(LOGOUT_EVENT));
}

type RequestOptions = {
  method?: string;
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** A back-office call: its 401 ends the staff session, not the student's. */
  staff?: boolean;
  /** The form submission's Idempotency-Key (lib/submission-key.ts): a retry is done once. */
  idempotencyKey?: string;
};

/**
 * The one way the web calls the API, in the browser and in the server's loaders: the session
 * is the HttpOnly cookie (the student's or the staff's), sent with every same-origin call; the
 * CSRF echo; JSON in and out.
 * A 401 ends the session; any non-2xx answer becomes an ApiError.
 */
export async function apiRequest(path: string, options: RequestOptions = {}): Promise<Response> {
  const method = options.method ?? (options.body !== undefined ? "POST" : "GET");
  // A state-changing call must echo the CSRF cookie. The app asks for it once its first screen
  // is drawn (lib/first-screen.ts): a call sent before it has landed (a logout tapped as soon
  // as the page has hydrated) asks for it, or waits for the request on its way.
  if (method !== "GET" && (csrfCookiePending || !readCookie(CSRF_COOKIE))) await requestCsrfCookie();
  const headers: Record<string, string> = {
    Accept: "application/json",
    ...(options.idempotencyKey ? idempotencyHeader(options.idempotencyKey) : {}),
    ...options.headers,
  };
  const xsrf = readCookie(CSRF_COOKIE);
  if (xsrf) headers["X-XSRF-TOKEN"] = xsrf;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await transport(path, { method, headers, body, credentials: "same-origin", signal: options.signal });
    options.signal?.throwIfAborted();
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    throw new ApiError(0, "Impossible de contacter le serveur");
  }
  if (response.ok) return response;
  const errorBody = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (response.status === 401 && options.staff && typeof window !== "undefined")
    window.dispatchEvent(new Event(STAFF_SESSION_ENDED_EVENT));
  else if (response.status === 401 && !options.staff && hasSessionHint()) clearSession();
  const message =
    typeof errorBody?.message === "string" ? errorBody.message : response.statusText || `HTTP ${response.status}`;
  throw new ApiError(response.status, message, errorBody);
}

/**
 * The CSRF echo of a state-changing call sent outside apiRequest (an upload through
 * XMLHttpRequest for its progress, lib/upload.ts): asks for the cookie first when needed.
 */
export async function csrfHeaders(): Promise<Record<string, string>> {
  if (csrfCookiePending || !readCookie(CSRF_COOKIE)) await requestCsrfCookie();
  const xsrf = readCookie(CSRF_COOKIE);
  return xsrf ? { "X-XSRF-TOKEN": xsrf } : {};
}

export async function apiJson<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await apiRequest(path, options);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/** The request for the CSRF cookie while it is on its way. */
let csrfCookiePending: Promise<void> | null = null;

/**
 * Asks the backend for the XSRF-TOKEN cookie (at start-up, docs/spec/student-portal.md section 2, and before a
 * state-changing call when there is none). One request at a time.
 */
export function requestCsrfCookie(): Promise<void> {
  csrfCookiePending ??= fetch("/sanctum/csrf-cookie", { credentials: "same-origin" })
    .then(
      () => undefined,
      // The state-changing call that waited will get a 419 and say so.
      () => undefined,
    )
    .finally(() => {
      csrfCookiePending = null;
    });
  return csrfCookiePending;
}
