import type { CookieSerializeOptions } from "@fastify/cookie";
import type { Config } from "../config.ts";

/**
 * What every session cookie of Puerta shares, staff and student alike (back-office spec section 2,
 * student spec section 3's amendment): HttpOnly, SameSite=Strict, Path=/, and in production the
 * `__Host-` prefix, which the browser accepts only with Secure and no Domain.
 */
export function sessionCookieBase(config: Config): { name: (bare: string) => string; options: CookieSerializeOptions } {
  const production = config.env === "production";
  return {
    name: (bare) => `${production ? "__Host-" : ""}${bare}`,
    options: { path: "/", httpOnly: true, sameSite: "strict", secure: production },
  };
}
