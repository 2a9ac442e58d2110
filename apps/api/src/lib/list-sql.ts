import type { Page } from "@puerta/contract";
import { type AnyColumn, ilike, or, type SQL, sql } from "drizzle-orm";
import { validationFailed } from "./errors.ts";

/** A timestamp column as the API writes every date-time: ISO 8601 in UTC, with milliseconds. */
export const isoTimestamp = (column: unknown) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The same, for a column that may be empty. */
export const isoTimestampOrNull = (column: unknown) =>
  sql<string | null>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The ILIKE pattern of a search box: contains `q`, where `%`, `_` and `\` typed by the user are literal. */
export const containsPattern = (q: string) => `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** The order a list's `sort` names among those it offers, else 422. */
export function sortNamed<Order>(sorts: Record<string, Order>, name: string): Order {
  const order = sorts[name];
  if (!order) throw validationFailed({ sort: ["Ce tri n'est pas valide."] });
  return order;
}

/** The row count of a list's filters, as the `{ n }` column `listPage` reads. */
export const countAll = () => sql<number>`count(*)::int`;

/**
 * One page of a list: the total its filters keep (`total`, a query selecting `{ n: countAll() }`)
 * and the page's rows (`rows`, given its LIMIT and OFFSET).
 */
export async function listPage<Row>(
  query: { page: number; per_page: number },
  total: PromiseLike<{ n: number }[]>,
  rows: (limit: number, offset: number) => PromiseLike<Row[]>,
): Promise<Page<Row>> {
  const [count] = await total;
  const data = await rows(query.per_page, (query.page - 1) * query.per_page);
  return { data, page: query.page, per_page: query.per_page, total: count?.n ?? 0 };
}

/** The search box over several columns: any of them contains `q` (containsPattern). */
export function searchIn(q: string, columns: readonly (AnyColumn | SQL)[]): SQL {
  const pattern = containsPattern(q);
  return or(...columns.map((column) => ilike(column, pattern))) ?? sql`false`;
}
