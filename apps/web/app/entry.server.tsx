import { AsyncLocalStorage } from "node:async_hooks";
import { PassThrough, Writable } from "node:stream";
import { LIMITS } from "@puerta/contract";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import {
  createRequestHandler,
  type EntryContext,
  RouterContextProvider,
  type ServerBuild,
  ServerRouter,
} from "react-router";
import { renderIslandsInTheApp } from "../islands/define-island.tsx";
import { type ApiTransport, setServerTransport } from "../lib/api.ts";
import { RenderedForRequest } from "./inert-until-hydrated.tsx";
import { hydrateAfterFirstPaint, paintsFirst } from "./paint-first.ts";
import { cspNonceContext } from "./request-context.ts";

/**
 * The server side of the app (decision 101): the student pages are rendered here, in the API's
 * own process, with their data. The API imports this build and calls `createPageHandler`
 * (apps/api/src/modules/web/pages-handler.ts); the public pages are still prerendered at
 * build time through the same `handleRequest`, without a nonce (scripts/island-pages.ts then
 * replaces their scripts).
 */

/** A page is answered in full or not at all: a half-sent student page is worse than an error. */
export const streamTimeout = 5_000;

/** What a page's loaders and render ask of the API, in-process, with the visitor's cookies. */
const requestApi = new AsyncLocalStorage<ApiTransport>();
setServerTransport((path, init) => {
  const transport = requestApi.getStore();
  if (!transport) throw new Error(`Appel de l'API hors d'une requête de page : ${path}`);
  return transport(path, init);
});

export type PageRequestContext = {
  /** Sends a call to the API in-process (Fastify's inject), with the page request's cookies. */
  api: ApiTransport;
  /** This answer's CSP nonce: every inline script of the page carries it. */
  nonce: string;
};

/**
 * A handler for the pages the server renders (called by the API for every path not
 * prerendered): the API's calls of the page's loaders go through `api`, never over HTTP.
 */
export function createPageHandler(build: ServerBuild) {
  renderIslandsInTheApp();
  const handle = createRequestHandler(build, "production");
  return (request: Request, { api, nonce }: PageRequestContext): Promise<Response> => {
    const context = new RouterContextProvider();
    context.set(cspNonceContext, nonce);
    return requestApi.run(api, () => handle(request, context));
  };
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // The student area's gate could not read the session, the database being down (its 503):
  // the visitor is told when to try again, as the API tells its clients.
  if (responseStatusCode === 503) responseHeaders.set("Retry-After", String(LIMITS.serviceRetryAfterSeconds));
  // Prerendering has no load context, hence no nonce: its pages' scripts are replaced after the build.
  const nonce = readNonce(loadContext);
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    // A page rendered for a request is sent whole: its data is in the loaders' answers and
    // nothing on it waits for more. Prerendering keeps React Router's own choice, so the public
    // pages stay what they were.
    const userAgent = request.headers.get("user-agent");
    const whole = nonce !== undefined || (userAgent !== null && isbot(userAgent)) || routerContext.isSpaMode;
    const ready = whole ? "onAllReady" : "onShellReady";
    // A student page is painted before its scripts are asked for (app/paint-first.ts).
    const paintFirst = nonce !== undefined && paintsFirst(routerContext);
    const { pipe, abort } = renderToPipeableStream(
      <RenderedForRequest value={nonce !== undefined}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </RenderedForRequest>,
      {
        nonce,
        [ready]() {
          shellRendered = true;
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          if (paintFirst) {
            // Taken whole (it is sent whole anyway), its scripts asked for after its first paint.
            const chunks: Buffer[] = [];
            pipe(
              new Writable({
                write(chunk: Buffer, _encoding, callback) {
                  chunks.push(chunk);
                  callback();
                },
                final(callback) {
                  clearTimeout(timeoutId);
                  timeoutId = undefined;
                  const html = hydrateAfterFirstPaint(Buffer.concat(chunks), nonce);
                  resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
                  callback();
                },
              }),
            );
            return;
          }
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}

function readNonce(context: RouterContextProvider | undefined): string | undefined {
  try {
    return context?.get(cspNonceContext) || undefined;
  } catch {
    return undefined;
  }
}
