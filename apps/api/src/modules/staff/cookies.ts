import type { CookieSerializeOptions } from "@fastify/cookie";
import { STAFF_LIMITS } from "@puerta/contract";
import type { Config } from "../../config.ts";

/**
 * The staff's cookies (docs/spec/back-office.md section 2): HttpOnly, SameSite=Strict, Path=/, and in
 * production the `__Host-` prefix with Secure, which the browser then keeps to this very origin.
 */
export function staffCookies(config: Config) {
  const production = config.env === "production";
  const prefix = production ? "__Host-" : "";
  const base: CookieSerializeOptions = { path: "/", httpOnly: true, sameSite: "strict", secure: production };
  return {
    session: { name: `${prefix}puerta_staff`, options: base },
    /** Ties the second step of the sign-in to the first, for 5 minutes. */
    pending: { name: `${prefix}puerta_staff_pending`, options: { ...base, maxAge: STAFF_LIMITS.pendingLoginSeconds } },
  };
}

export type StaffCookies = ReturnType<typeof staffCookies>;
