import type { CookieSerializeOptions } from "@fastify/cookie";
import { STUDENT_SESSION_HINT_COOKIE } from "@puerta/contract";
import type { Config } from "../../config.ts";
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
