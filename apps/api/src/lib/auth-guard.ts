import type { FastifyRequest } from "fastify";
import type { AuthContext, AuthService } from "../modules/auth/service.ts";
import { unauthenticated } from "./errors.ts";

declare module "fastify" {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/**
 * onRequest hook for protected routes: a valid bearer token or 401, decided before the body
 * is parsed or validated so that anonymous callers learn nothing about the route.
 */
export function createGuard(auth: AuthService) {
  return async function requireAuth(request: FastifyRequest) {
    const context = await auth.authenticate(request.headers.authorization);
    if (!context) throw unauthenticated();
    request.auth = context;
  };
}

/** The authenticated caller inside a guarded handler. */
export function caller(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}
