/** What the main thread and the page thread (page-thread.ts) say to each other (decision 105). */

/** How the web app's server calls the API (apps/web/lib/api.ts `ApiTransport`). */
export type ApiTransport = (path: string, init: RequestInit) => Promise<Response>;
export type PageHandler = (request: Request, context: { api: ApiTransport; nonce: string }) => Promise<Response>;
export type ServerBuild = { entry: { module: { createPageHandler?: (build: ServerBuild) => PageHandler } } };

export type HeaderList = [string, string][];

/** A page to render, with the request's headers (its cookies are the session) and its CSP nonce. */
export type PageRequest = {
  kind: "page";
  page: number;
  method: string;
  url: string;
  headers: HeaderList;
  nonce: string;
};
/** A call of one of the page's loaders to the API, answered by the main thread. */
export type ApiCall = {
  kind: "api";
  page: number;
  call: number;
  path: string;
  method: string;
  headers: HeaderList;
  body: string | undefined;
};
export type ApiAnswer = {
  kind: "api-answer";
  call: number;
  status: number;
  headers: HeaderList;
  body: ArrayBuffer | null;
};

/** Whether the thread's event loop still turns (decision 107): answered by a `pong` at once. */
export type Ping = { kind: "ping"; ping: number };

export type ToPageThread = PageRequest | ApiAnswer | Ping;
export type FromPageThread =
  | { kind: "ready" }
  | ApiCall
  | { kind: "pong"; ping: number }
  | { kind: "rendered"; page: number; status: number; headers: HeaderList; body: ArrayBuffer | null }
  | { kind: "failed"; page: number; error: string };

/**
 * The statuses whose answer has no body (the Fetch standard's null body statuses): a web
 * `Response` built with a body and one of them throws, and HTTP sends none (decision 107).
 */
export const NULL_BODY_STATUSES: ReadonlySet<number> = new Set([101, 103, 204, 205, 304]);

/** A web `Response` from what crossed between the threads: no body for a null body status, whatever was sent. */
export function responseOf(status: number, headers: HeaderList, body: ArrayBuffer | null): Response {
  return new Response(NULL_BODY_STATUSES.has(status) ? null : body, { status, headers });
}
