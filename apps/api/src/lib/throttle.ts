import { eq, type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { throttles } from "../db/schema/index.ts";
import type { DataSubject, PersonalDataPart } from "./personal-data.ts";
import { jsonRows, NO_FILES, textArray } from "./personal-data-sql.ts";

/**
 * Limits on attempts (sign-ins, reset links, contact messages…), stored in the `throttles`
 * table so that every API process shares them.
 *
 * Usage, in two calls:
 *
 *     const attempt = await reserveAttempt(db, [
 *       { key: `login:${emailHash}:${ip}`, rule: LOGIN_PER_EMAIL_AND_IP },
 *       { key: `login-account:${emailHash}`, rule: LOGIN_PER_ACCOUNT },
 *     ]);
 *     if (!attempt.allowed) throw tooMany(attempt.retryAfter);
 *     const ok = await expensiveCheck();
 *     const lockSeconds = ok ? await attempt.succeeded() : await attempt.failed();
 *
 * `reserveAttempt` takes one place in each key's window BEFORE the expensive check, with one
 * statement per key that counts and answers at once (`INSERT … ON CONFLICT DO UPDATE … WHERE
 * … RETURNING`): of any number of concurrent requests, on any number of processes, at most
 * `max` are allowed per window. A refused attempt changes nothing and costs nothing; when one
 * key refuses, the places already taken on the others are given back. `retryAfter` is the
 * lock's remaining time or, while the last places are taken by attempts still being checked,
 * the lock those would start.
 *
 * Then exactly one of:
 * - `failed()`: the check failed;
 * - `succeeded()`: the check passed;
 * - `cancelled()`: the check did not take place (e.g. a refused captcha): every place is given back.
 * A rule counts either its `failures` (sign-ins, reset links, current passwords: the other
 * outcome gives its place back) or its `successes` (contact messages, reset e-mails). The
 * outcome that counts and took the window's last place locks the key; both calls answer the
 * longest lock they started (seconds), 0 when none.
 *
 * A success never lifts a lock. With `successForgetsFailures` it forgets the failures counted
 * before it only when none of them was still being checked as it began: a student who signs
 * in after a typo starts afresh, but a success cannot wipe out failures made in parallel
 * with it (it then gives back only its own place).
 */
export type ThrottleRule = {
  /** Attempts allowed in one window; the outcome that counts and fills the last one locks the key. */
  max: number;
  windowSeconds: number;
  /** How long the lock lasts: until the window ends, or `seconds` doubled by each lockout of the last 24 hours, up to `doublingUpTo`. */
  lock: { untilWindowEnds: true } | { seconds: number; doublingUpTo?: number };
  counts: "failures" | "successes";
  successForgetsFailures?: boolean;
};

export type ThrottleLimit = { key: string; rule: ThrottleRule };

export type Attempt =
  | { allowed: false; retryAfter: number }
  | { allowed: true; succeeded(): Promise<number>; failed(): Promise<number>; cancelled(): Promise<void> };

/** Seconds the key stays locked, or 0 when it is free. */
export async function lockedFor(db: Database, key: string): Promise<number> {
  const [row] = await db
    .select({ seconds: sql<number>`ceil(extract(epoch from (${throttles.lockedUntil} - now())))::int` })
    .from(throttles)
    .where(eq(throttles.key, key));
  return Math.max(0, row?.seconds ?? 0);
}

/** Reserves one attempt on every key, or none; see the top of this file. */
export async function reserveAttempt(db: Database, limits: ThrottleLimit[]): Promise<Attempt> {
  const taken: Place[] = [];
  for (const limit of limits) {
    const place = await takePlace(db, limit);
    if (typeof place === "number") {
      for (const earlier of taken) await giveBack(db, earlier, false);
      return { allowed: false, retryAfter: place };
    }
    taken.push(place);
  }
  let settled = false;
  const settle = async (outcome: "failures" | "successes" | "cancelled") => {
    if (settled) throw new Error("throttle attempt settled twice");
    settled = true;
    let longest = 0;
    for (const place of taken) {
      if (place.limit.rule.counts === outcome) longest = Math.max(longest, await keep(db, place));
      else await giveBack(db, place, outcome === "successes");
    }
    return longest;
  };
  return {
    allowed: true,
    succeeded: () => settle("successes"),
    failed: () => settle("failures"),
    cancelled: async () => {
      await settle("cancelled");
    },
  };
}

/** An attempt let through a locked ceiling is counted on the `throughCeiling` limits alone. */
export type CeilingReservation = { attempt: Extract<Attempt, { allowed: true }>; throughCeiling: boolean };

/**
 * A sign-in's reservation under its per-address limit and its per-account ceiling, where the
 * ceiling is no denial of service (decisions 088 and 106): when the attempt is refused while the
 * ceiling is locked, it is reserved again on `throughCeiling` alone, which must hold the
 * per-address limit (and may add stricter ones). A refusal by the per-address limit, or by a
 * `throughCeiling` one, answers the seconds to wait.
 */
export async function reserveUnderCeiling(
  db: Database,
  limits: { perAddress: ThrottleLimit; ceiling: ThrottleLimit; throughCeiling: ThrottleLimit[] },
): Promise<CeilingReservation | { retryAfter: number }> {
  const both = await reserveAttempt(db, [limits.perAddress, limits.ceiling]);
  if (both.allowed) return { attempt: both, throughCeiling: false };
  if ((await lockedFor(db, limits.ceiling.key)) === 0) return { retryAfter: both.retryAfter };
  const through = await reserveAttempt(db, limits.throughCeiling);
  if (!through.allowed) return { retryAfter: through.retryAfter };
  return { attempt: through, throughCeiling: true };
}

/**
 * One taken place: its number in the window, which window (a new one may have begun since),
 * and whether no other attempt on the key was being checked when it was taken.
 */
type Place = { limit: ThrottleLimit; number: number; window: string; alone: boolean };

const rows = async <T>(db: Database, query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

const seconds = (n: number) => sql.raw(`interval '${Math.trunc(n)} seconds'`);

/** Lockouts of the last 24 hours, read from the row as it stands. */
const recentLockouts = sql`(case when throttles.last_lockout_at > now() - interval '24 hours' then throttles.lockouts else 0 end)`;

/** The length of the lock the key would get now, in whole seconds, as SQL on the row. */
function lockLength(rule: ThrottleRule): SQL {
  if ("untilWindowEnds" in rule.lock) {
    return sql`greatest(1, ceil(extract(epoch from (throttles.window_started_at + ${seconds(rule.windowSeconds)} - now()))))::int`;
  }
  const base = Math.max(1, Math.trunc(rule.lock.seconds));
  if (!rule.lock.doublingUpTo) return sql.raw(String(base));
  return sql`least(${sql.raw(String(Math.trunc(rule.lock.doublingUpTo)))}, ${sql.raw(String(base))} * power(2, ${recentLockouts}))::int`;
}

/** Attempts on this key being checked right now: tracked only where a success forgets failures. */
const checkingKey = (key: string) => `${key}#checking`;
/** No check lasts this long: a count older than that was left by a process that died. */
const STALE_CHECK = sql.raw(`interval '1 minute'`);

async function takePlace(db: Database, limit: ThrottleLimit): Promise<Place | number> {
  const { key, rule } = limit;
  const window = seconds(rule.windowSeconds);
  const count = sql`
      on conflict (key) do update set
        hits = case when throttles.window_started_at <= now() - ${window} then 1 else throttles.hits + 1 end,
        window_started_at = case when throttles.window_started_at <= now() - ${window} then now() else throttles.window_started_at end
      where (throttles.locked_until is null or throttles.locked_until <= now())
        and (throttles.window_started_at <= now() - ${window} or throttles.hits < ${rule.max})
      returning hits, window_started_at::text as window`;
  // Where a success forgets failures, the attempts being checked are counted too, in the same
  // statement and before the place (the place's insert reads from it): concurrent attempts on
  // the key queue behind the lock of that row, so "alone" is exact.
  const [place] = rule.successForgetsFailures
    ? await rows<{ hits: number; window: string; alone: boolean }>(
        db,
        sql`
        with checking as (
          insert into throttles (key, hits, window_started_at) values (${checkingKey(key)}, 1, now())
          on conflict (key) do update set
            hits = case when throttles.window_started_at < now() - ${STALE_CHECK} then 1 else throttles.hits + 1 end,
            window_started_at = now()
          returning hits = 1 as alone
        ), place as (
          insert into throttles (key, hits, window_started_at) select ${key}, 1, now() from checking
          ${count}
        )
        select place.hits, place.window, checking.alone from place, checking`,
      )
    : await rows<{ hits: number; window: string; alone?: boolean }>(
        db,
        sql`insert into throttles (key, hits, window_started_at) values (${key}, 1, now()) ${count}`,
      );
  if (place) return { limit, number: place.hits, window: place.window, alone: place.alone === true };

  if (rule.successForgetsFailures) await doneChecking(db, key);
  const [refusal] = await rows<{ locked: number | null; would_lock: number }>(
    db,
    sql`select ceil(extract(epoch from (locked_until - now())))::int as locked, ${lockLength(rule)} as would_lock
        from throttles where key = ${key}`,
  );
  if (refusal?.locked && refusal.locked > 0) return refusal.locked;
  return Math.max(1, refusal?.would_lock ?? 1);
}

async function doneChecking(db: Database, key: string) {
  await db.execute(sql`update throttles set hits = greatest(0, hits - 1) where key = ${checkingKey(key)}`);
}

/** The place stays counted; the one that filled the window locks the key. Returns the lock's seconds, or 0. */
async function keep(db: Database, place: Place): Promise<number> {
  const { key, rule } = place.limit;
  if (rule.successForgetsFailures) await doneChecking(db, key);
  if (place.number < rule.max) return 0;
  const [locked] = await rows<{ seconds: number }>(
    db,
    sql`
      update throttles set
        locked_until = now() + ${lockLength(rule)} * interval '1 second',
        lockouts = ${recentLockouts} + 1,
        last_lockout_at = now(),
        hits = 0,
        window_started_at = now()
      where key = ${key} and window_started_at = ${place.window}::timestamptz
        and (locked_until is null or locked_until <= now())
      returning ceil(extract(epoch from (locked_until - now())))::int as seconds`,
  );
  return locked?.seconds ?? 0;
}

/**
 * The place is handed back. After a success, on a rule that says so, the failures counted
 * before it are forgotten too, but only if none was still being checked when this attempt
 * took its place: they were all settled, and the places taken since stay counted.
 */
async function giveBack(db: Database, place: Place, success: boolean): Promise<void> {
  const { key, rule } = place.limit;
  if (rule.successForgetsFailures) await doneChecking(db, key);
  const forget = success && rule.successForgetsFailures && place.alone ? place.number : 1;
  await db.execute(sql`
    update throttles set hits = greatest(0, hits - ${forget})
    where key = ${key} and window_started_at = ${place.window}::timestamptz`);
}

/**
 * A module's part of the personal data (lib/personal-data.ts) in `throttles`: the counters whose
 * keys name the student (a hash of their address, their user id), with the address that made the
 * attempts where the key holds one. Only the module knows its keys, so each declares its own.
 */
export function throttlesPart(
  module: string,
  purpose: string,
  keys: (subject: DataSubject) => { exact: string[]; prefixes: string[] },
): PersonalDataPart {
  const matching = (subject: DataSubject) => {
    const { exact, prefixes } = keys(subject);
    return sql`(key = any(${textArray(exact)}) or ${sql.join(
      [sql`false`, ...prefixes.map((prefix) => sql`starts_with(key, ${prefix})`)],
      sql` or `,
    )})`;
  };
  return {
    module,
    table: "throttles",
    title: "Compteurs de tentatives",
    columns: ["key", "hits", "window_started_at", "locked_until", "lockouts", "last_lockout_at"],
    purpose,
    retention: "traces",
    rows: (db, subject) =>
      jsonRows(db, sql`select to_jsonb(t) as row from throttles t where ${matching(subject)} order by t.key`),
    async erase(tx, subject) {
      await tx.execute(sql`delete from throttles where ${matching(subject)}`);
      return NO_FILES;
    },
  };
}
