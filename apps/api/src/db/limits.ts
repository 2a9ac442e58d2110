import { type SQL, sql } from "drizzle-orm";

/**
 * What one PostgreSQL process may take (decision 109): `poolSize` connections, and for each
 * statement of a request at most `statementTimeoutMs` (waits for a lock included) and
 * `lockTimeoutMs` waiting for one lock; PostgreSQL cancels it (57014, 55P03) and its request
 * answers 503 with Retry-After (lib/faults.ts). 0 turns a timeout off. Ten requests stuck behind
 * one lock then free their connections instead of holding the whole site.
 */
export type PostgresLimits = { poolSize: number; statementTimeoutMs: number; lockTimeoutMs: number };

/** The defaults of DB_POOL_SIZE, DB_STATEMENT_TIMEOUT_MS and DB_LOCK_TIMEOUT_MS (config.ts). */
export const DEFAULT_POSTGRES_LIMITS: PostgresLimits = {
  poolSize: 10,
  statementTimeoutMs: 5_000,
  lockTimeoutMs: 2_000,
};

/**
 * The operator's long work (backup, restore): a statement may read or write a whole table, and
 * waiting a minute for a migration's lock is better than failing a nightly backup. Set inside
 * their transaction (`SET LOCAL`), so the connection goes back to the pool with the requests'
 * limits. Migrations run on a connection of their own, with no limit (a new index on a large
 * table takes what it takes).
 */
export const LONG_WORK_LIMITS = { statementTimeoutMs: 30 * 60_000, lockTimeoutMs: 60_000 };

/**
 * Gives the transaction `tx` the limits of long work. On PGlite too, where it changes nothing:
 * the WASM engine has no timer to cancel a statement with (measured, decision 109).
 */
export async function allowLongWork(tx: { execute(query: SQL): Promise<unknown> }): Promise<void> {
  await tx.execute(sql.raw(`set local statement_timeout = ${LONG_WORK_LIMITS.statementTimeoutMs}`));
  await tx.execute(sql.raw(`set local lock_timeout = ${LONG_WORK_LIMITS.lockTimeoutMs}`));
}
