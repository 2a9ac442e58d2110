import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { acquireDataDirLock } from "./lock.ts";
import * as schema from "./schema/index.ts";

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseHandle = {
  db: Database;
  kind: "pglite" | "postgres";
  migrate(): Promise<void>;
  close(): Promise<void>;
};

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

export type DatabaseOptions =
  | { kind: "postgres"; url: string }
  /** `dataDir` undefined keeps the database in memory (tests). */
  | { kind: "pglite"; dataDir?: string };

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === "postgres") {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    const db = drizzlePg({ client: pool, schema });
    return {
      db: db as unknown as Database,
      kind: "postgres",
      migrate: () => migratePg(db, { migrationsFolder }),
      close: () => pool.end(),
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
    const client = await PGlite.create(dataDir);
    const db = drizzlePglite({ client, schema });
    return {
      db: db as unknown as Database,
      kind: "pglite",
      migrate: () => migratePglite(db, { migrationsFolder }),
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
