import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { FastifyInstance, FastifyRequest } from "fastify";

/** How the web app's server calls the API (apps/web/lib/api.ts `ApiTransport`). */
type ApiTransport = (path: string, init: RequestInit) => Promise<Response>;
type PageHandler = (request: Request, context: { api: ApiTransport; nonce: string }) => Promise<Response>;
type ServerBuild = { entry: { module: { createPageHandler?: (build: ServerBuild) => PageHandler } } };

/** A page the server rendered, with the nonce its inline scripts carry. */
export type RenderedPage = { response: Response; nonce: string };
export type RenderPage = (request: FastifyRequest) => Promise<RenderedPage>;

/**
 * The web app's server build (apps/web/build/server, beside the client files), which renders
 * every page that is not prerendered: the student area with its data (decision 101), the
 * back-office and the other client-rendered paths. Undefined when there is no build (an API
 * alone, in tests).
 */
export async function loadServerPages(app: FastifyInstance, webDir: string): Promise<RenderPage | undefined> {
  const file = path.join(webDir, "..", "server", "index.js");
  if (!existsSync(file)) return undefined;
  const build = (await import(pathToFileURL(file).href)) as ServerBuild;
  const createPageHandler = build.entry.module.createPageHandler;
  if (!createPageHandler)
    throw new Error(`${file} n'exporte pas createPageHandler : reconstruisez le site (npm run build).`);
  const handle = createPageHandler(build);
  return (request) => {
    const nonce = randomBytes(16).toString("base64");
    return handle(toWebRequest(request), { api: inProcessApi(app, request), nonce }).then((response) => ({
      response,
      nonce,
    }));
  };
}

/**
 * The API as the page's loaders reach it: Fastify's inject, in this process, with the page
 * request's cookies (the session) and address. No HTTP round trip, the same routes and checks.
 */
function inProcessApi(app: FastifyInstance, page: FastifyRequest): ApiTransport {
  return async (url, init) => {
    const headers: Record<string, string> = { accept: "application/json" };
    for (const [name, value] of new Headers(init.headers)) headers[name] = value;
    if (page.headers.cookie) headers.cookie = page.headers.cookie;
    if (page.headers["user-agent"]) headers["user-agent"] = page.headers["user-agent"];
    const answer = await app.inject({
      method: (init.method ?? "GET") as "GET",
      url,
      headers,
      remoteAddress: page.ip,
    });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined) continue;
      for (const one of Array.isArray(value) ? value : [value]) responseHeaders.append(name, String(one));
    }
    const body = answer.statusCode === 204 || answer.statusCode === 304 ? null : new Uint8Array(answer.rawPayload);
    return new Response(body, { status: answer.statusCode, headers: responseHeaders });
  };
}

function toWebRequest(request: FastifyRequest): Request {
  const url = new URL(request.url, `${request.protocol}://${request.headers.host ?? "localhost"}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  }
  return new Request(url, { method: request.method, headers });
}
