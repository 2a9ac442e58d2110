import { sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { rowsOf } from "../db/migration-level.ts";

/** What runs queries: the database or a transaction of it. */
export type Executor = Pick<Database, "execute">;

export type TableInfo = { schema: string; name: string; oid: string };
export type SequenceInfo = { schema: string; name: string };

/** Schemas that are PostgreSQL's own or drizzle's book-keeping: never backed up as data. */
const SYSTEM_SCHEMAS = sql`n.nspname not in ('pg_catalog', 'information_schema', 'drizzle') and n.nspname not like 'pg\_%'`;

/** `"schema"."name"`, quoted for SQL. */
export const qualified = (item: { schema: string; name: string }) =>
  `${quoteIdent(item.schema)}.${quoteIdent(item.name)}`;
export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Every table of the application, read from the catalogue (tables added by later features are
 * found, never listed here), parents before the tables that reference them.
 */
export async function tablesInForeignKeyOrder(db: Executor): Promise<TableInfo[]> {
  const tables = await rowsOf<TableInfo>(
    db,
    sql`select n.nspname as schema, c.relname as name, c.oid::text as oid
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p') and not c.relispartition and ${SYSTEM_SCHEMAS}
        order by n.nspname, c.relname`,
  );
  const edges = await rowsOf<{ child: string; parent: string }>(
    db,
    sql`select conrelid::text as child, confrelid::text as parent from pg_constraint
        where contype = 'f' and conrelid <> confrelid`,
  );
  const parentsOf = new Map<string, Set<string>>(tables.map((t) => [t.oid, new Set<string>()]));
  for (const { child, parent } of edges) {
    if (parentsOf.has(child) && parentsOf.has(parent)) parentsOf.get(child)?.add(parent);
  }
  // Depth-first: a table comes after all its parents. A cycle (none today) is cut where it is
  // met; its rows would then need the constraint to be deferrable to restore.
  const ordered: TableInfo[] = [];
  const state = new Map<string, "visiting" | "done">();
  const byOid = new Map(tables.map((t) => [t.oid, t]));
  const visit = (oid: string) => {
    if (state.has(oid)) return;
    state.set(oid, "visiting");
    for (const parent of parentsOf.get(oid) ?? []) visit(parent);
    state.set(oid, "done");
    const table = byOid.get(oid);
    if (table) ordered.push(table);
  };
  for (const table of tables) visit(table.oid);
  return ordered;
}

/** The columns an INSERT may set (generated columns are computed again by the target). */
export async function insertableColumns(db: Executor, table: TableInfo): Promise<string[]> {
  const rows = await rowsOf<{ name: string }>(
    db,
    sql`select attname as name from pg_attribute
        where attrelid = ${table.oid}::oid and attnum > 0 and not attisdropped and attgenerated = ''
        order by attnum`,
  );
  return rows.map((row) => row.name);
}

export async function sequences(db: Executor): Promise<SequenceInfo[]> {
  return rowsOf<SequenceInfo>(
    db,
    sql`select n.nspname as schema, c.relname as name
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind = 'S' and ${SYSTEM_SCHEMAS}
        order by n.nspname, c.relname`,
  );
}

/** The triggers written by the application (not those PostgreSQL makes for foreign keys), when enabled. */
export async function enabledUserTriggers(db: Executor): Promise<{ table: TableInfo; trigger: string }[]> {
  const rows = await rowsOf<{ schema: string; name: string; oid: string; trigger: string }>(
    db,
    sql`select n.nspname as schema, c.relname as name, c.oid::text as oid, t.tgname as trigger
        from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
        where not t.tgisinternal and t.tgenabled <> 'D' and ${SYSTEM_SCHEMAS}`,
  );
  return rows.map(({ trigger, ...table }) => ({ table, trigger }));
}
