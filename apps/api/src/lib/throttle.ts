import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { throttles } from "../db/schema/index.ts";

export type ThrottleRule = {
  /** Hits allowed in one window before the key is locked. */
  max: number;
  windowSeconds: number;
  /** Lock length once `max` is reached; `lockouts` counts this lock and the recent ones before it. */
  lockSeconds: (state: { lockouts: number; windowRemainingSeconds: number }) => number;
};

/** Seconds the key stays locked, or 0 when it is free. */
export async function lockedFor(db: Database, key: string): Promise<number> {
  const [row] = await db
    .select({ seconds: sql<number>`ceil(extract(epoch from (${throttles.lockedUntil} - now())))::int` })
    .from(throttles)
    .where(eq(throttles.key, key));
  return Math.max(0, row?.seconds ?? 0);
}

/**
 * Counts one hit in the key's current window, atomically in the database so that every
 * API process shares the count. Returns the lock length when this hit reached the limit.
 */
export async function hit(db: Database, key: string, rule: ThrottleRule): Promise<number> {
  const window = sql.raw(`interval '${Math.trunc(rule.windowSeconds)} seconds'`);
  const [row] = await db
    .insert(throttles)
    .values({ key, hits: 1, windowStartedAt: sql`now()` })
    .onConflictDoUpdate({
      target: throttles.key,
      set: {
        hits: sql`case when ${throttles.windowStartedAt} < now() - ${window} then 1 else ${throttles.hits} + 1 end`,
        windowStartedAt: sql`case when ${throttles.windowStartedAt} < now() - ${window} then now() else ${throttles.windowStartedAt} end`,
      },
    })
    .returning({
      hits: throttles.hits,
      recentLockouts: sql<number>`case when ${throttles.lastLockoutAt} > now() - interval '24 hours' then ${throttles.lockouts} else 0 end`,
      windowRemaining: sql<number>`greatest(1, ceil(extract(epoch from (${throttles.windowStartedAt} + ${window} - now()))))::int`,
    });
  if (!row || row.hits < rule.max) return 0;
  const lockouts = row.recentLockouts + 1;
  const seconds = Math.max(1, Math.ceil(rule.lockSeconds({ lockouts, windowRemainingSeconds: row.windowRemaining })));
  await db
    .update(throttles)
    .set({
      hits: 0,
      windowStartedAt: sql`now()`,
      lockedUntil: sql`now() + ${sql.raw(`interval '${seconds} seconds'`)}`,
      lockouts,
      lastLockoutAt: sql`now()`,
    })
    .where(eq(throttles.key, key));
  return seconds;
}

/** Forgets the hits of a key (a successful login) but keeps its lockout history. */
export async function clearHits(db: Database, key: string): Promise<void> {
  await db.update(throttles).set({ hits: 0, lockedUntil: null }).where(eq(throttles.key, key));
}
