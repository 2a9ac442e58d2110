import { createHmac, timingSafeEqual } from "node:crypto";
import { CSRF_COOKIE, CSRF_HEADER, MESSAGES } from "@puerta/contract";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../config.ts";
import { HttpError } from "./errors.ts";
import { randomToken } from "./tokens.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** `sessionCookies`: the session cookies a CSRF token may be bound to, the first present one winning. */
type CsrfSettings = { secret: string; secure: boolean; sessionCookies: readonly string[] };

declare module "fastify" {
  interface FastifyInstance {
    csrf: CsrfSettings;
  }
}

/**
 * Double-submit CSRF check: a state-changing request that carries cookies must echo the
 * `XSRF-TOKEN` cookie in `X-XSRF-TOKEN`. Requests without cookies (bearer-only clients)
 * cannot be forged by a browser and pass.
 *
 * The token is bound to a session (OWASP's signed double submit): with a live session cookie, a
 * write must carry `<nonce>.<HMAC(APP_SECRET, session, nonce)>` (`assertCsrfBoundToSession`, in the
 * staff scope and the student guard), so a cookie and header pair an attacker chose (planted from a
 * sibling subdomain, say) opens nothing. One browser may hold a staff and a student session: the
 * token is bound to the first of `sessionCookies` it carries (`csrfSessionOf`), and issued again
 * whenever a session cookie changes (`issueCsrfCookie`, `rebindCsrfCookie`).
 */
export function registerCsrf(app: FastifyInstance, config: Config, sessionCookies: readonly string[]) {
  app.decorate("csrf", { secret: config.appSecret, secure: config.env === "production", sessionCookies });

  app.get("/sanctum/csrf-cookie", async (request, reply) => {
    issueCsrfCookie(reply, csrfSessionOf(request) || null);
    return reply.status(204).send();
  });

  app.addHook("onRequest", async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.headers.cookie) return;
    assertCsrf(request);
  });
}

/** Sets a fresh `XSRF-TOKEN` cookie bound to this staff session token (or to none, once signed out). */
export function issueCsrfCookie(reply: FastifyReply, sessionToken: string | null) {
  const { secret, secure } = reply.server.csrf;
  const nonce = randomToken();
  const value = sessionToken ? `${nonce}.${sessionMac(secret, sessionToken, nonce)}` : nonce;
  reply.setCookie(CSRF_COOKIE, value, { path: "/", sameSite: "lax", secure, httpOnly: false, maxAge: 2 * 60 * 60 });
}

/** The session value this request's CSRF token must be bound to ("" without a session cookie). */
export function csrfSessionOf(request: FastifyRequest, changed: Record<string, string | null> = {}): string {
  for (const name of request.server.csrf.sessionCookies) {
    const value = name in changed ? changed[name] : request.cookies[name];
    if (value) return value;
  }
  return "";
}

/** After a session cookie was set (or cleared) on this answer: a fresh CSRF token bound to what the browser now holds. */
export function rebindCsrfCookie(request: FastifyRequest, reply: FastifyReply, changed: Record<string, string | null>) {
  issueCsrfCookie(reply, csrfSessionOf(request, changed) || null);
}

/**
 * For a route a browser reaches before it holds any cookie (the staff sign-in, the activation
 * link): the double submit is required even from a request without cookies.
 */
export async function requireCsrf(request: FastifyRequest) {
  if (!SAFE_METHODS.has(request.method)) assertCsrf(request);
}

function assertCsrf(request: FastifyRequest) {
  const cookie = request.cookies[CSRF_COOKIE];
  const header = request.headers[CSRF_HEADER];
  if (!cookie || typeof header !== "string" || !sameString(cookie, header)) throw csrfMismatch();
}

/**
 * Called by the staff scope once the session is known to be live: a state-changing request must
 * carry a token with this session's MAC. (A forged or ended session is a 401 first.)
 */
export function assertCsrfBoundToSession(request: FastifyRequest, sessionToken: string) {
  if (SAFE_METHODS.has(request.method)) return;
  const [nonce, mac, ...rest] = (request.cookies[CSRF_COOKIE] ?? "").split(".");
  const expected = nonce ? sessionMac(request.server.csrf.secret, sessionToken, nonce) : "";
  if (!nonce || !mac || rest.length > 0 || !sameString(mac, expected)) throw csrfMismatch();
}

const csrfMismatch = () => new HttpError(419, { message: MESSAGES.csrfMismatch });

function sessionMac(secret: string, sessionToken: string, nonce: string) {
  return createHmac("sha256", secret).update(`csrf|${sessionToken}|${nonce}`).digest("base64url");
}

function sameString(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
