import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { type Attempt, reserveAttempt } from "../../lib/throttle.ts";
import { sha256Hex } from "../../lib/tokens.ts";
import { LOGIN_PER_ACCOUNT, loginPerEmailAndIp } from "../auth/service.ts";

/**
 * The staff sign-in's lockout: the students' rules (5 failures per e-mail and IP in 15 minutes,
 * then a lock that doubles each time, at most one hour; and the per-account ceiling), on keys of
 * their own. Wrong passwords, wrong second-factor codes and wrong current passwords all count.
 * Each check first reserves its attempt (lib/throttle.ts), so parallel guesses cannot pass the
 * limit.
 */
export function createStaffLockout(db: Database, config: Config) {
  const perEmailAndIp = loginPerEmailAndIp(config);
  const emailHash = (email: string) => sha256Hex(email.trim().toLowerCase()).slice(0, 32);

  return {
    /** Takes one attempt's place before a password or code is checked; see lib/throttle.ts. */
    reserve: (email: string, ip: string): Promise<Attempt> =>
      reserveAttempt(db, [
        { key: `staff-login:${emailHash(email)}:${ip}`, rule: perEmailAndIp },
        { key: `staff-account:${emailHash(email)}`, rule: LOGIN_PER_ACCOUNT },
      ]),
  };
}

export type StaffLockout = ReturnType<typeof createStaffLockout>;
