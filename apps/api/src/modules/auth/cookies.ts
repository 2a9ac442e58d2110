import type { CookieSerializeOptions } from "@fastify/cookie";
import { STUDENT_SESSION_HINT_COOKIE } from "@puerta/contract";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../../config.ts";
import { rebindCsrfCookie } from "../../lib/csrf.ts";
import { sessionCookieBase } from "../../lib/session-cookie.ts";

/**
 * The student's web session cookie (student spec section 3, amendment of 26 Nov 2026), built like
 * the staff one (back-office spec section 2): HttpOnly, SameSite=Strict, Path=/, and in production
 * the `__Host-` prefix with Secure. Its value is a personal access token (`<id>|<secret>`), so the
 * idle and absolute lifetimes and every revocation of the bearer tokens apply to it unchanged. It
 * lives as long as the token may (the stored token outlived the browser too).
 */
export function studentSessionCookie(config: Config) {
  const base = sessionCookieBase(config);
  const options: CookieSerializeOptions = { ...base.options, maxAge: config.tokenLifetimeHours * 3600 };
  return {
    name: base.name("puerta_session"),
    options,
    /**
     * Set and cleared with the session, readable by scripts, worth nothing to anyone: it only tells
     * a prerendered public page's header that a student is probably signed in (the server's 401
     * stays the judge), so that it needs no request to choose its links.
     */
    hint: { name: STUDENT_SESSION_HINT_COOKIE, options: { ...options, httpOnly: false } },
  };
}

export type StudentSessionCookie = ReturnType<typeof studentSessionCookie>;

/**
 * Opens (a token) or ends (null) the student's web session on this answer: the HttpOnly cookie,
 * its hint, and an `XSRF-TOKEN` bound to the new session. Used by `/api/session` and by the
 * invitation link's activation, which signs the student in the same way (decision 110).
 */
export function setStudentSession(
  cookie: StudentSessionCookie,
  request: FastifyRequest,
  reply: FastifyReply,
  token: string | null,
) {
  if (token) {
    reply.setCookie(cookie.name, token, cookie.options);
    reply.setCookie(cookie.hint.name, "1", cookie.hint.options);
  } else {
    reply.clearCookie(cookie.name, { ...cookie.options, maxAge: undefined });
    reply.clearCookie(cookie.hint.name, { ...cookie.hint.options, maxAge: undefined });
  }
  rebindCsrfCookie(request, reply, { [cookie.name]: token });
}
