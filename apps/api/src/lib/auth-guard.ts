import type { FastifyRequest } from "fastify";
import { assertCsrfBoundToSession, csrfSessionOf } from "./csrf.ts";
import { unauthenticated } from "./errors.ts";
import { bearerToken } from "./tokens.ts";

/**
 * Who a valid token belongs to, which token it is (logout revokes that one) and how it came: an
 * `Authorization: Bearer` header (API clients) or the web's HttpOnly session cookie; whether the
 * student is a former one (*Ancien élève*: their area is reduced, route-scopes.ts).
 */
export type AuthContext = { userId: number; tokenId: number; formerStudent: boolean; via: "bearer" | "cookie" };

/** Resolves a raw `<id>|<secret>` token to its caller, or null (the auth module's `authenticateToken`). */
export type Authenticate = (token: string | undefined) => Promise<Omit<AuthContext, "via"> | null>;

declare module "fastify" {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/**
 * onRequest hook of the authenticated scope (route-scopes.ts): a valid bearer token or session
 * cookie, or 401, decided before the body is parsed or validated so that anonymous callers learn
 * nothing about the route. A request with an Authorization header is judged by it alone (the bearer
 * API answers exactly as specified); without one, the session cookie, and then a write must carry
 * the CSRF token bound to the session (lib/csrf.ts), else 419.
 */
export function createGuard(authenticate: Authenticate, sessionCookie: string) {
  return async function requireAuth(request: FastifyRequest) {
    const header = request.headers.authorization;
    const via = header === undefined && request.cookies[sessionCookie] ? "cookie" : "bearer";
    const token = via === "cookie" ? request.cookies[sessionCookie] : bearerToken(header);
    const context = await authenticate(token);
    if (!context) throw unauthenticated();
    if (via === "cookie") assertCsrfBoundToSession(request, csrfSessionOf(request));
    request.auth = { ...context, via };
  };
}

/** The authenticated caller inside a guarded handler. */
export function caller(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}
