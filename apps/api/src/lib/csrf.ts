import { createHmac, timingSafeEqual } from "node:crypto";
import { CSRF_COOKIE, CSRF_HEADER, MESSAGES } from "@puerta/contract";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../config.ts";
import { HttpError } from "./errors.ts";
import { randomToken } from "./tokens.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

type CsrfSettings = { secret: string; secure: boolean };

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
 * The token is bound to the staff session (OWASP's signed double submit): with a live staff session,
 * a write must carry `<nonce>.<HMAC(APP_SECRET, session, nonce)>` (`assertCsrfBoundToSession`, in the
 * staff scope), so a cookie and header pair an attacker chose (planted from a sibling subdomain, say)
 * opens nothing. The cookie is issued again whenever the session cookie changes (`issueCsrfCookie`).
 */
export function registerCsrf(app: FastifyInstance, config: Config, sessionCookie: string) {
  app.decorate("csrf", { secret: config.appSecret, secure: config.env === "production" });

  app.get("/sanctum/csrf-cookie", async (request, reply) => {
    issueCsrfCookie(reply, request.cookies[sessionCookie] ?? null);
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
