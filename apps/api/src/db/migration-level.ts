import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import type { Database } from "./client.ts";

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/** One migration of drizzle's journal: `when` is what drizzle records as `created_at` once applied. */
export type KnownMigration = { idx: number; when: number; tag: string };

/** The migrations this version of the code ships, in order. */
export function knownMigrations(folder = migrationsFolder): KnownMigration[] {
  const journal = JSON.parse(readFileSync(path.join(folder, "meta", "_journal.json"), "utf8")) as {
    entries: KnownMigration[];
  };
  return journal.entries.map(({ idx, when, tag }) => ({ idx, when, tag }));
}

/**
 * How far a database is migrated: the number of migrations applied and the last one's `when`
 * (drizzle applies every migration newer than the last recorded one). 0 on an empty database.
 */
export async function appliedMigrationLevel(
  db: Pick<Database, "execute">,
): Promise<{ count: number; lastWhen: number | null }> {
  const exists = await rowsOf<{ found: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as found`,
  );
  if (!exists[0]?.found) return { count: 0, lastWhen: null };
  const [row] = await rowsOf<{ count: number; last: string | null }>(
    db,
    sql`select count(*)::int as count, max(created_at)::text as last from drizzle.__drizzle_migrations`,
  );
  return { count: row?.count ?? 0, lastWhen: row?.last ? Number(row.last) : null };
}

/** Rows of a raw query on PGlite and node-postgres alike (both answer `{ rows }`). */
export async function rowsOf<T>(db: Pick<Database, "execute">, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
