import { STAFF_LIMITS } from "@puerta/contract";
import type { Config } from "../../config.ts";
import { sessionCookieBase } from "../../lib/session-cookie.ts";

/**
 * The staff's cookies (docs/spec/back-office.md section 2): HttpOnly, SameSite=Strict, Path=/, and in
 * production the `__Host-` prefix with Secure, which the browser then keeps to this very origin.
 */
export function staffCookies(config: Config) {
  const base = sessionCookieBase(config);
  return {
    session: { name: base.name("puerta_staff"), options: base.options },
    /** Ties the second step of the sign-in to the first, for 5 minutes. */
    pending: {
      name: base.name("puerta_staff_pending"),
      options: { ...base.options, maxAge: STAFF_LIMITS.pendingLoginSeconds },
    },
  };
}

export type StaffCookies = ReturnType<typeof staffCookies>;
