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

export type ToPageThread = PageRequest | ApiAnswer;
export type FromPageThread =
  | { kind: "ready" }
  | ApiCall
  | { kind: "rendered"; page: number; status: number; headers: HeaderList; body: ArrayBuffer }
  | { kind: "failed"; page: number; error: string };
