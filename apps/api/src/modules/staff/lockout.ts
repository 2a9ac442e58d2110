import { LIMITS } from "@puerta/contract";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { clearHits, hit, lockedFor, type ThrottleRule } from "../../lib/throttle.ts";
import { sha256Hex } from "../../lib/tokens.ts";

/**
 * The staff sign-in's lockout: the students' rule (5 failures in 15 minutes, then a lock that
 * doubles each time, at most one hour), counted per e-mail and IP. Wrong passwords and wrong
 * second-factor codes both count. Everything the staff module needs of lib/throttle.ts goes
 * through here, so that a change of the shared throttle is made in this one place.
 */
export function createStaffLockout(db: Database, config: Config) {
  const rule: ThrottleRule = {
    max: LIMITS.loginMaxFailures,
    windowSeconds: LIMITS.loginWindowSeconds,
    lockSeconds: ({ lockouts }) => Math.min(3600, config.loginLockoutSeconds * 2 ** (lockouts - 1)),
  };
  const key = (email: string, ip: string) => `staff-login:${sha256Hex(email.trim().toLowerCase()).slice(0, 32)}:${ip}`;

  return {
    /** Seconds left of a lock, or 0. */
    lockedFor: (email: string, ip: string) => lockedFor(db, key(email, ip)),
    /** Counts a failure; returns the lock length when this failure reached the limit, else 0. */
    failed: (email: string, ip: string) => hit(db, key(email, ip), rule),
    succeeded: (email: string, ip: string) => clearHits(db, key(email, ip)),
  };
}

export type StaffLockout = ReturnType<typeof createStaffLockout>;
