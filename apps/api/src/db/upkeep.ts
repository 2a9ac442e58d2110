import type { PGlite } from "@electric-sql/pglite";
import { type Database, driverOf } from "./client.ts";

/**
 * Autovacuum's thresholds (PostgreSQL's defaults): a table is analysed once 50 rows plus 10 %
 * of it have changed since its last ANALYZE, vacuumed once 50 rows plus 20 % of it are dead.
 */
const ANALYZE_BASE = 50;
const ANALYZE_SCALE = 0.1;
const VACUUM_BASE = 50;
const VACUUM_SCALE = 0.2;

type TableActivity = { name: string; tuples: number; modified: number; dead: number; analysed: boolean };

export type UpkeepReport = { analysed: string[]; vacuumed: string[] };

/**
 * The autovacuum that the embedded database does not have (docs/decisions/081-pglite-upkeep.md).
 * PGlite runs PostgreSQL in single-user mode, where no autovacuum process exists: without this,
 * no table ever gets planner statistics, the planner guesses one row per table and nests loops
 * where it should hash (the student notifications list ran 313 index scans instead of one), and
 * the rows that updates and deletes leave dead are never reclaimed.
 *
 * `everything` analyses every table: the activity counters live in memory and start from zero
 * with the process, so the first run after a start cannot tell what changed before it. On
 * PostgreSQL it does nothing: the server's own autovacuum keeps its tables.
 */
export async function keepEmbeddedTables(db: Database, { everything = false } = {}): Promise<UpkeepReport> {
  const driver = driverOf(db);
  if (!("embedded" in driver)) return { analysed: [], vacuumed: [] };
  const client = driver.embedded;
  const tables = await tableActivity(client);
  const analysed = tables.filter(
    (table) => everything || !table.analysed || table.modified > ANALYZE_BASE + ANALYZE_SCALE * table.tuples,
  );
  const vacuumed = tables.filter((table) => table.dead > VACUUM_BASE + VACUUM_SCALE * table.tuples);
  // One table per statement: the database is shared with the requests, which wait for each.
  for (const table of vacuumed) await client.exec(`vacuum ${quoteName(table.name)}`);
  for (const table of analysed) await client.exec(`analyze ${quoteName(table.name)}`);
  return { analysed: analysed.map((table) => table.name), vacuumed: vacuumed.map((table) => table.name) };
}

async function tableActivity(client: PGlite): Promise<TableActivity[]> {
  // The counters reach the statistics views when the backend flushes them, at most once a second:
  // this statement's end flushes them for the next.
  await client.query("select pg_stat_force_next_flush()");
  const { rows } = await client.query<TableActivity>(
    `select s.relname as name, greatest(c.reltuples, 0)::float8 as tuples,
       s.n_mod_since_analyze::float8 as modified, s.n_dead_tup::float8 as dead,
       c.reltuples >= 0 as analysed
     from pg_stat_user_tables s join pg_class c on c.oid = s.relid
     where s.schemaname = 'public'
     order by s.relname`,
  );
  return rows;
}

const quoteName = (name: string) => `"${name.replaceAll('"', '""')}"`;
