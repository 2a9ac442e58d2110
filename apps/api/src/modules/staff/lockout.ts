import { sql } from "drizzle-orm";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import {
  type Attempt,
  type CeilingReservation,
  lockedFor,
  reserveAttempt,
  reserveUnderCeiling,
} from "../../lib/throttle.ts";
import { sha256Hex } from "../../lib/tokens.ts";
import { LOGIN_PER_ACCOUNT, loginPerEmailAndIp } from "../auth/service.ts";

/** Consecutive wrong second-factor codes that cost nothing but the per-IP limit. */
export const SECOND_FACTOR_FREE_FAILURES = 10;
/** Consecutive wrong codes after which only the direction unlocks (NIST 800-63B: at most 100). */
export const SECOND_FACTOR_MAX_FAILURES = 100;
const SECOND_FACTOR_FIRST_LOCK_SECONDS = 15 * 60;
const SECOND_FACTOR_LONGEST_LOCK_SECONDS = 24 * 60 * 60;

/** The throttle key of an account's consecutive second-factor failures. */
export const secondFactorKey = (staffId: number) => `staff-2fa:${staffId}`;

/** A sign-in let through the per-account ceiling: only the per-IP key counts it. */
export type Reservation = CeilingReservation;

/**
 * The staff sign-in's lockout.
 *
 * - The students' rules (5 failures per e-mail and IP in 15 minutes, then a lock that doubles each
 *   time, at most one hour; and the per-account ceiling of 20 an hour), on keys of their own.
 *   Wrong passwords, wrong second-factor codes and wrong current passwords all count. Each check
 *   first reserves its attempt (lib/throttle.ts), so parallel guesses cannot pass the limit.
 * - The per-account ceiling is no denial of service: while it is locked, the sign-in goes on under
 *   the per-IP rule alone (`throughCeiling`), and only a right password with a right code opens a
 *   session (modules/staff/sign-in.ts).
 * - Consecutive wrong second-factor codes are counted per account on their own, whatever the
 *   address, and no lock forgets them (only a right code, or the direction resetting the second
 *   factor): 10 pass, then each one locks the code step for 15 minutes doubled each time (at most
 *   24 hours), and the 100th locks it until the direction resets the second factor.
 */
export function createStaffLockout(db: Database, config: Config) {
  const perEmailAndIp = loginPerEmailAndIp(config);
  const emailHash = (email: string) => sha256Hex(email.trim().toLowerCase()).slice(0, 32);
  const ipKey = (email: string, ip: string) => ({ key: `staff-login:${emailHash(email)}:${ip}`, rule: perEmailAndIp });
  const accountKey = (email: string) => `staff-account:${emailHash(email)}`;

  const rows = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

  return {
    /** Takes one attempt's place before a password or code is checked; see lib/throttle.ts. */
    reserve: (email: string, ip: string): Promise<Attempt> =>
      reserveAttempt(db, [ipKey(email, ip), { key: accountKey(email), rule: LOGIN_PER_ACCOUNT }]),

    /**
     * As `reserve`, but a locked per-account ceiling does not refuse: the attempt is then counted
     * on the per-IP key alone. Answers the seconds to wait when the per-IP key refuses.
     */
    reserveThroughCeiling: (email: string, ip: string): Promise<Reservation | { retryAfter: number }> =>
      reserveUnderCeiling(db, {
        perAddress: ipKey(email, ip),
        ceiling: { key: accountKey(email), rule: LOGIN_PER_ACCOUNT },
        throughCeiling: [ipKey(email, ip)],
      }),

    /**
     * Counts one more second-factor attempt before the code is checked, and sets the lock that its
     * failure would earn in the same statement, so that parallel guesses cannot pass the limit.
     * Answers the attempt's number among the consecutive ones, or the seconds to wait.
     */
    async reserveSecondFactor(staffId: number): Promise<{ number: number } | { retryAfter: number; forGood: boolean }> {
      const n = sql`(throttles.hits + 1)`;
      const [row] = await rows<{ hits: number }>(sql`
        insert into throttles (key, hits, window_started_at) values (${secondFactorKey(staffId)}, 1, now())
        on conflict (key) do update set
          hits = ${n},
          locked_until = case
            when ${n} >= ${SECOND_FACTOR_MAX_FAILURES} then now() + interval '50 years'
            when ${n} >= ${SECOND_FACTOR_FREE_FAILURES} then now() + least(
              ${SECOND_FACTOR_LONGEST_LOCK_SECONDS},
              ${SECOND_FACTOR_FIRST_LOCK_SECONDS} * power(2, ${n} - ${SECOND_FACTOR_FREE_FAILURES})
            ) * interval '1 second'
            else null end,
          last_lockout_at = case when ${n} >= ${SECOND_FACTOR_FREE_FAILURES} then now() else throttles.last_lockout_at end
        where throttles.locked_until is null or throttles.locked_until <= now()
        returning hits`);
      if (row) return { number: row.hits };
      const [locked] = await rows<{ seconds: number; hits: number }>(
        sql`select ceil(extract(epoch from (locked_until - now())))::int as seconds, hits
            from throttles where key = ${secondFactorKey(staffId)}`,
      );
      return {
        retryAfter: Math.max(1, locked?.seconds ?? 1),
        forGood: (locked?.hits ?? 0) >= SECOND_FACTOR_MAX_FAILURES,
      };
    },

    /** Seconds the per-account ceiling stays locked, or 0. */
    accountLockedFor: (email: string) => lockedFor(db, accountKey(email)),

    /** A right code: the consecutive failures, and the lock they earned, are forgotten. */
    async secondFactorPassed(staffId: number) {
      await db.execute(sql`delete from throttles where key = ${secondFactorKey(staffId)}`);
    },

    /** No verdict on the code (an error): its count is given back; a lock it set stays. */
    async secondFactorCancelled(staffId: number) {
      await db.execute(sql`update throttles set hits = greatest(0, hits - 1) where key = ${secondFactorKey(staffId)}`);
    },
  };
}

export type StaffLockout = ReturnType<typeof createStaffLockout>;
