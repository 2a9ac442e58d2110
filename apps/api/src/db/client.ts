import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import v8 from "node:v8";
import type { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type pg from "pg";
import { DatabaseUnreachableError, faultOf, rootReason } from "../lib/faults.ts";
import { DEFAULT_POSTGRES_LIMITS, type PostgresLimits } from "./limits.ts";
import { acquireDataDirLock } from "./lock.ts";
import * as schema from "./schema/index.ts";

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

/**
 * The driver behind `db`, for the few places that speak to it directly. PGlite is told by its
 * exec(), not by its class: a server on PostgreSQL never imports it.
 */
export function driverOf(db: Database): { embedded: PGlite } | { pool: pg.Pool } {
  const client = (db as unknown as { $client: PGlite | pg.Pool }).$client;
  return "exec" in client ? { embedded: client } : { pool: client };
}

export type DatabaseHandle = {
  db: Database;
  kind: "pglite" | "postgres";
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * Resolves once the database answers. PostgreSQL down at start is waited for, up to
   * `timeoutMs`, `onWait` told of each failed try; then DatabaseUnreachableError. PGlite is there.
   */
  waitUntilReachable(options: { timeoutMs: number; onWait(reason: string): void }): Promise<void>;
  /** Told of each PostgreSQL connection lost (the pool replaces it on the next query). */
  onConnectionLost(listener: (error: Error) => void): void;
};

/** Where a DATABASE_URL points, without its password: for messages. */
export function describeDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || "5432"}${parsed.pathname}`;
  } catch {
    return "DATABASE_URL";
  }
}

/** A new connection that takes longer than this fails, instead of holding its request forever. */
const PG_CONNECT_TIMEOUT_MS = 5_000;

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

export type DatabaseOptions =
  | { kind: "postgres"; url: string; limits?: PostgresLimits }
  /**
   * `dataDir` undefined keeps the database in memory (tests). `startFrom`, a data directory
   * dumped by PGlite's `dumpDataDir`, starts it as that copy instead of running initdb.
   */
  | { kind: "pglite"; dataDir?: string; startFrom?: Blob };

/**
 * PGlite's memory (decision 080). PostgreSQL's default 128 MB of shared buffers is memory the
 * WASM heap touches at start and keeps; the embedded database of an academy is a few tens of
 * MB that the OS page cache holds anyway. Temporary and WAL buffers shrink in proportion.
 */
const PGLITE_SETTINGS = ["-c", "shared_buffers=8MB", "-c", "temp_buffers=1MB", "-c", "wal_buffers=1MB"];

/**
 * V8 compiles PGlite's 9 MB of WASM with its baseline compiler, then recompiles the hot
 * functions with its optimising one in the background: that second pass took 400 to 700 MB
 * for a while and left 300 MB of it behind (decision 080). Keeping the baseline code costs
 * little here, where prepared statements spare PostgreSQL most of its work. Set before the
 * module is compiled; they only concern WebAssembly, which only PGlite uses in this process.
 */
function keepWasmOnBaselineCompiler() {
  v8.setFlagsFromString("--no-wasm-dynamic-tiering");
  v8.setFlagsFromString("--no-wasm-tier-up");
}

/** Each driver is imported by the kind of database that uses it: a process loads only its own. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === "postgres") {
    const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import("pg"),
      import("drizzle-orm/node-postgres"),
      import("drizzle-orm/node-postgres/migrator"),
    ]);
    const limits = options.limits ?? DEFAULT_POSTGRES_LIMITS;
    const connection = {
      connectionString: options.url,
      connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS,
      // A peer that vanished without closing (a failover, a cut network) is noticed by TCP.
      keepAlive: true,
    };
    // Sent with each new connection (startup parameters): every statement of the pool has them.
    const pool = new pg.Pool({
      ...connection,
      max: limits.poolSize,
      statement_timeout: limits.statementTimeoutMs,
      lock_timeout: limits.lockTimeoutMs,
    });
    // PostgreSQL closing a connection (restart, failover, pg_terminate_backend, an idle timeout)
    // is an 'error' event: unheard, it would end the process. The pool drops that connection and
    // opens another on the next query; the query that was on it fails, and its request gets a 503
    // (lib/errors.ts). A connection lent out (a transaction) is heard through its own listener.
    let lost: (error: Error) => void = () => {};
    pool.on("connect", (client) => client.on("error", (error) => lost(error)));
    pool.on("error", () => {}); // an idle connection's error, already heard on the line above
    const db = drizzlePg({ client: pool, schema });
    const where = describeDatabaseUrl(options.url);
    return {
      db: db as unknown as Database,
      kind: "postgres",
      async migrate() {
        // On a connection of its own, without the requests' timeouts.
        const migrator = new pg.Pool({ ...connection, max: 1 });
        migrator.on("error", () => {});
        try {
          await migratePg(drizzlePg({ client: migrator, schema }), { migrationsFolder });
        } finally {
          await migrator.end();
        }
      },
      close: () => pool.end(),
      onConnectionLost(listener) {
        lost = listener;
      },
      async waitUntilReachable({ timeoutMs, onWait }) {
        const deadline = Date.now() + timeoutMs;
        for (let attempt = 1; ; attempt++) {
          try {
            await pool.query("select 1");
            return;
          } catch (error) {
            const reason = rootReason(error);
            // A wrong password or an unknown database will not fix itself: said at once.
            if (faultOf(error) !== "unavailable") {
              throw new DatabaseUnreachableError(
                `PostgreSQL (${where}) refuse la connexion : ${reason}. Vérifiez DATABASE_URL.`,
              );
            }
            if (Date.now() >= deadline) {
              throw new DatabaseUnreachableError(
                `PostgreSQL injoignable (${where}) depuis ${Math.round(timeoutMs / 1000)} s : ${reason}. ` +
                  "Vérifiez que PostgreSQL tourne et que DATABASE_URL est juste (attente réglée par DB_CONNECT_TIMEOUT).",
              );
            }
            onWait(`PostgreSQL injoignable (${where}) : ${reason}`);
            await new Promise((resolve) =>
              setTimeout(resolve, Math.max(0, Math.min(500 * attempt, 5_000, deadline - Date.now()))),
            );
          }
        }
      },
    };
  }
  let release = () => {};
  let dataDir: string | undefined;
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    release = acquireDataDirLock(options.dataDir);
    dataDir = path.join(options.dataDir, "pglite");
  }
  try {
    const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
      import("@electric-sql/pglite"),
      import("drizzle-orm/pglite"),
      import("drizzle-orm/pglite/migrator"),
    ]);
    keepWasmOnBaselineCompiler();
    const client = await PGlite.create(dataDir, {
      startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS],
      loadDataDir: options.startFrom,
    });
    const db = drizzlePglite({ client, schema });
    return {
      db: db as unknown as Database,
      kind: "pglite",
      migrate: () => migratePglite(db, { migrationsFolder }),
      waitUntilReachable: async () => {},
      onConnectionLost: () => {},
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}
