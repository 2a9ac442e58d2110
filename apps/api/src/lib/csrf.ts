import { timingSafeEqual } from "node:crypto";
import { CSRF_COOKIE, CSRF_HEADER, MESSAGES } from "@puerta/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Config } from "../config.ts";
import { HttpError } from "./errors.ts";
import { randomToken } from "./tokens.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Double-submit CSRF check: a state-changing request that carries cookies must echo the
 * `XSRF-TOKEN` cookie in `X-XSRF-TOKEN`. Requests without cookies (bearer-only clients)
 * cannot be forged by a browser and pass.
 */
export function registerCsrf(app: FastifyInstance, config: Config) {
  app.get("/sanctum/csrf-cookie", async (_request, reply) => {
    reply.setCookie(CSRF_COOKIE, randomToken(), {
      path: "/",
      sameSite: "lax",
      secure: config.env === "production",
      httpOnly: false,
      maxAge: 2 * 60 * 60,
    });
    return reply.status(204).send();
  });

  app.addHook("onRequest", async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.headers.cookie) return;
    assertCsrf(request);
  });
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
  if (!cookie || typeof header !== "string" || !sameString(cookie, header)) {
    throw new HttpError(419, { message: MESSAGES.csrfMismatch });
  }
}

function sameString(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
