import type { FastifyRequest } from "fastify";
import { unauthenticated } from "./errors.ts";

/** Who a valid bearer token belongs to, and which token it is (logout revokes that one). */
export type AuthContext = { userId: number; tokenId: number };

/** Resolves an Authorization header to its caller, or null (the auth module's `authenticate`). */
export type Authenticate = (authorization: string | undefined) => Promise<AuthContext | null>;

declare module "fastify" {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/**
 * onRequest hook of the authenticated scope (route-scopes.ts): a valid bearer token or 401,
 * decided before the body is parsed or validated so that anonymous callers learn nothing
 * about the route.
 */
export function createGuard(authenticate: Authenticate) {
  return async function requireAuth(request: FastifyRequest) {
    const context = await authenticate(request.headers.authorization);
    if (!context) throw unauthenticated();
    request.auth = context;
  };
}

/** The authenticated caller inside a guarded handler. */
export function caller(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}
