import path from "node:path";
import fastifyStatic from "@fastify/static";
import { CLIENT_ONLY_PUBLIC_ROUTES, LIMITS, MESSAGES, matchesRoute, PROTECTED_ROUTES } from "@puerta/contract";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../../app-context.ts";
import { cspDirectives, cspHeader } from "../../lib/security-headers.ts";
import { ERROR_PAGE, OUTAGE_PAGE } from "./fallback-pages.ts";
import { NULL_BODY_STATUSES } from "./page-messages.ts";
import { encodePage, encodeRendered, loadOriginFiles, loadPages, ORIGIN_FILES, type Page } from "./pages.ts";
import { PRIVACY_PAGE_PATH, privacyPageServer } from "./privacy-page.ts";
import {
  loadServerPages,
  type PageThreadOptions,
  PageUnavailableError,
  type RenderedPage,
  type RenderPage,
} from "./server-pages.ts";

const SHELL_ROUTES = [...PROTECTED_ROUTES, ...CLIENT_ONLY_PUBLIC_ROUTES];

/** The staff back-office: every /gestion path is a screen of the client-rendered app (its own 404 included). */
const isStaffPage = (pathname: string) => pathname === "/gestion" || pathname.startsWith("/gestion/");

/**
 * Headers that only govern a document (what it may load, frame or open). Scripts, styles,
 * fonts and raster images never become documents, so sending them ~700 bytes of these on
 * each of the sixty assets of a page is weight for nothing. SVG keeps them: it can be opened
 * as a document and run script.
 */
const DOCUMENT_ONLY_HEADERS = [
  "content-security-policy",
  "cross-origin-opener-policy",
  "origin-agent-cluster",
  "permissions-policy",
  "x-dns-prefetch-control",
  "x-download-options",
  "x-frame-options",
  "x-permitted-cross-domain-policies",
  "x-xss-protection",
];

/**
 * Serves the built web app: hashed assets with long-lived caching, prerendered public pages,
 * every other page rendered by the web app's server build (the student area with its data,
 * decision 101), and real 404s for anything else. A build without a server part (older, or a
 * test's) has its client-rendered shell served instead.
 */
export async function webRoutes(
  app: FastifyInstance,
  { config, readiness, db }: AppContext,
  pageThread: PageThreadOptions = {},
) {
  const { pages, fallback } = loadPages(config.webDir, config.publicUrl);
  // Its periods, CNDP number and what an erasure keeps are written in when it is served.
  const privacyTemplate = pages.get(PRIVACY_PAGE_PATH);
  const privacyPage = privacyTemplate && privacyPageServer(privacyTemplate, db, app.log);
  const originFiles = loadOriginFiles(config.webDir, config.publicUrl);
  const directives = cspDirectives(config);
  const renderPage = await loadServerPages(app, config.webDir, pageThread, readiness);

  if (pages.size > 0 || fallback || renderPage) {
    await app.register(fastifyStatic, {
      root: config.webDir,
      index: false,
      redirect: false,
      list: false,
      // A dotfile is answered like any missing file: its existence is nobody's business.
      dotfiles: "ignore",
      // The build writes .br and .gz beside each asset (apps/web/scripts/compress-build.ts).
      preCompressed: true,
      // Pages (and directories, which would be a 403) go through the not-found handler below,
      // which serves them with their CSP hashes.
      // sitemap.xml and robots.txt (and their precompressed copies) name the site's address:
      // they are served below, with the server's PUBLIC_URL.
      allowedPath: (pathname) =>
        !pathname.endsWith("/") &&
        !pathname.endsWith(".html") &&
        !Object.keys(ORIGIN_FILES).some((file) => pathname.startsWith(file)),
      setHeaders(reply, filePath) {
        const immutable = filePath.startsWith(path.join(config.webDir, "assets") + path.sep);
        reply.header("Cache-Control", immutable ? "public, max-age=31536000, immutable" : "public, max-age=3600");
        if (immutable) {
          // A hashed asset is never revalidated nor fetched in ranges: validators are weight too.
          for (const name of ["etag", "last-modified", "accept-ranges"]) reply.removeHeader(name);
          if (!filePath.endsWith(".svg")) for (const name of DOCUMENT_ONLY_HEADERS) reply.raw.removeHeader(name);
        }
      },
    });
  }

  const sendPage = (reply: FastifyReply, page: Page, status: number) => {
    const { body, encoding } = encodePage(page, reply.request.headers["accept-encoding"]);
    if (encoding) reply.header("Content-Encoding", encoding);
    return reply
      .status(status)
      .header("Content-Type", "text/html; charset=utf-8")
      .header("Cache-Control", "no-cache")
      .header("Vary", "Accept-Encoding")
      .header("Content-Security-Policy", cspHeader(directives, page.scriptHashes))
      .send(body);
  };

  /**
   * What the main thread answers for a page the thread could not render (decision 107): the
   * outage page (503, Retry-After) for a render past its deadline or on a stuck thread, the
   * error page (500) for a thread that crashed or ran out of memory. HTML, never the API's JSON.
   */
  const sendFallback = (reply: FastifyReply, error: unknown) => {
    const unavailable = error instanceof PageUnavailableError;
    if (unavailable) reply.request.log.warn({ reason: error.message }, "page non rendue : fil des pages indisponible");
    else reply.request.log.error({ err: error }, "page non rendue : le fil des pages a échoué");
    const html = unavailable ? OUTAGE_PAGE : ERROR_PAGE;
    if (unavailable) reply.header("Retry-After", String(LIMITS.serviceRetryAfterSeconds));
    return reply
      .status(unavailable ? 503 : 500)
      .header("Content-Type", "text/html; charset=utf-8")
      .header("Cache-Control", "private, no-store")
      .header("Content-Security-Policy", cspHeader(directives))
      .send(reply.request.method === "HEAD" ? undefined : html);
  };

  /**
   * A page of the server build. HTML that names the student is never kept by any cache; its
   * inline scripts run by this answer's nonce. Anything but the app's own paths is a 404.
   */
  const sendRendered = async (reply: FastifyReply, render: RenderPage, knownPath: boolean) => {
    let rendered: RenderedPage;
    try {
      rendered = await render(reply.request);
    } catch (error) {
      return sendFallback(reply, error);
    }
    const { response, nonce } = rendered;
    const status = response.status === 200 && !knownPath ? 404 : response.status;
    for (const [name, value] of response.headers) {
      if (name === "content-length" || name === "set-cookie") continue;
      reply.header(name, value);
    }
    const setCookies = response.headers.getSetCookie();
    if (setCookies.length > 0) reply.header("Set-Cookie", setCookies);
    reply.status(status).header("Cache-Control", "private, no-store");
    // No body, whatever the answer holds (React Router's 204 to a manifest request of an older build).
    if (NULL_BODY_STATUSES.has(status)) return reply.send();
    const html = Buffer.from(await response.arrayBuffer());
    if ((response.headers.get("content-type") ?? "").startsWith("text/html")) {
      reply.header("Content-Security-Policy", cspHeader(directives, [], nonce));
    }
    const { body, encoding } = await encodeRendered(html, reply.request.headers["accept-encoding"]);
    if (encoding) reply.header("Content-Encoding", encoding).header("Vary", "Accept-Encoding");
    return reply.send(reply.request.method === "HEAD" ? undefined : body);
  };

  // The client router's list of routes, asked for as links appear (React Router's lazy route discovery).
  if (renderPage) {
    app.get("/__manifest", (_request, reply) => sendRendered(reply, renderPage, true));
  }

  for (const [url, file] of originFiles) {
    const type = ORIGIN_FILES[url as keyof typeof ORIGIN_FILES];
    app.get(url, async (request, reply) => {
      if (request.headers["if-none-match"] === file.etag) return reply.status(304).send();
      const { body, encoding } = encodePage(file, request.headers["accept-encoding"]);
      if (encoding) reply.header("Content-Encoding", encoding);
      return reply
        .header("Content-Type", `${type}; charset=utf-8`)
        .header("Cache-Control", "public, max-age=3600")
        .header("ETag", file.etag)
        .header("Vary", "Accept-Encoding")
        .send(body);
    });
  }

  /** Any path that is not an asset: a page (prerendered or rendered here), else a 404. */
  const servePage = async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = decodePath(request.url.split("?")[0] ?? "/");
    const isApi =
      pathname === null || pathname.startsWith("/api/") || pathname === "/api" || pathname.startsWith("/sanctum/");
    if (isApi || (request.method !== "GET" && request.method !== "HEAD")) {
      return reply.status(404).send({ message: MESSAGES.notFound });
    }
    const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
    // The back-office is nobody's search result: its pages, sign-in included, are never indexed.
    if (isStaffPage(normalised)) reply.header("X-Robots-Tag", "noindex, nofollow");
    const page = pages.get(normalised);
    if (page) return sendPage(reply, normalised === PRIVACY_PAGE_PATH && privacyPage ? await privacyPage() : page, 200);
    // A client navigation's data (React Router's single fetch): /notifications.data.
    const routePath = normalised.endsWith(".data") ? normalised.slice(0, -".data".length) || "/" : normalised;
    const knownPath =
      matchesRoute(routePath, SHELL_ROUTES) || isStaffPage(routePath) || routePath === "/_root" || pages.has(routePath);
    if (renderPage) {
      if (normalised.startsWith("/verifier/")) reply.header("X-Robots-Tag", "noindex, nofollow");
      return sendRendered(reply, renderPage, knownPath);
    }
    if (!fallback) return reply.status(404).send({ message: MESSAGES.notFound });
    // An attestation's verification page names its holder: never indexed (docs/spec/back-office.md section 6).
    if (normalised.startsWith("/verifier/")) reply.header("X-Robots-Tag", "noindex, nofollow");
    return sendPage(reply, fallback, matchesRoute(normalised, SHELL_ROUTES) || isStaffPage(normalised) ? 200 : 404);
  };

  // The student area's pages have routes of their own, so that rendering one does not begin by
  // looking for a file of that name on disk (@fastify/static's wildcard: three stats and a
  // directory read per request) before the not-found handler renders it.
  if (renderPage) for (const route of PROTECTED_ROUTES) app.get(route, servePage);
  app.setNotFoundHandler(servePage);
}

function decodePath(raw: string): string | null {
  try {
    return decodeURIComponent(raw).normalize("NFC");
  } catch {
    return null;
  }
}
