import type { PGlite } from "@electric-sql/pglite";
import { Placeholder, type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { type Database, driverOf } from "./client.ts";

export type PreparedRows<Row> = (values: Record<string, number>) => Promise<Row[]>;

const dialect = new PgDialect();
/** Statements already prepared on each PGlite instance (one session), by name. */
const preparedOn = new WeakMap<PGlite, Map<string, { text: string; ready: Promise<unknown> }>>();

/**
 * A statement the database parses and plans once, then runs by name (decision 050): on the
 * hot read routes, parsing and planning cost as much as running. The only parameters are
 * integer placeholders (`sql.placeholder`: ids); every other value is written into the
 * statement. PGlite runs prepared statements through EXECUTE in the simple protocol, where the
 * integers go in as literals, so there is nothing to escape; node-postgres uses a named
 * statement of the extended protocol, prepared once on each pooled connection.
 */
export function prepared<Row>(db: Database, name: string, query: SQL): PreparedRows<Row> {
  const { sql: text, params } = dialect.sqlToQuery(query.inlineParams());
  const names = params.map((param) => {
    if (!(param instanceof Placeholder)) throw new Error(`${name}: only placeholders may stay parameters`);
    return param.name as string;
  });
  const valuesOf = (values: Record<string, number>) =>
    names.map((key) => {
      const value = values[key];
      if (value === undefined || !Number.isSafeInteger(value)) throw new TypeError(`${name}: ${key} is not an integer`);
      return value;
    });

  const driver = driverOf(db);
  if ("pool" in driver) {
    return async (values) => (await driver.pool.query({ name, text, values: valuesOf(values) })).rows as Row[];
  }
  const client = driver.embedded;
  return async (values) => {
    await prepareOnce(client, name, text);
    const args = valuesOf(values);
    const [result] = await client.exec(`execute ${name}${args.length > 0 ? `(${args.join(", ")})` : ""}`);
    return (result?.rows ?? []) as Row[];
  };
}

function prepareOnce(client: PGlite, name: string, text: string): Promise<unknown> {
  let statements = preparedOn.get(client);
  if (!statements) {
    statements = new Map();
    preparedOn.set(client, statements);
  }
  const known = statements.get(name);
  if (known) {
    if (known.text !== text) throw new Error(`prepared statement ${name} already stands for another query`);
    return known.ready;
  }
  const ready = client.exec(`prepare ${name} as ${text}`).catch((error: unknown) => {
    statements.delete(name);
    throw error;
  });
  statements.set(name, { text, ready });
  return ready;
}

/** A `YYYY-MM-DD` day as a whole number of days since 1970-01-01, for a placeholder. */
export function dayNumber(day: string): number {
  const [year, month, date] = day.split("-").map(Number);
  return Date.UTC(year ?? Number.NaN, (month ?? Number.NaN) - 1, date ?? Number.NaN) / 86_400_000;
}

/** The date a `dayNumber` placeholder stands for, in SQL. */
export const dateOf = (placeholder: Placeholder) => sql`(date '1970-01-01' + ${placeholder}::int)`;
