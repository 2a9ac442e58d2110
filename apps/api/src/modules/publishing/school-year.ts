import { PUBLISHED_YEAR_MESSAGES, type PublishedYear } from "@puerta/contract";
import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client.ts";
import { schoolYears } from "../../db/schema/index.ts";
import { inCurrentYear } from "../../db/school-year.ts";

export { currentYearId, inCurrentYear } from "../../db/school-year.ts";

import { HttpError, validationFailed } from "../../lib/errors.ts";

/**
 * What is published belongs to a school year (docs/spec/school-year-and-data.md section 2):
 * plannings, notifications and events carry `annee_id` (the current year by default, migration
 * 0014). Students read the current year's only; the back-office's lists filter by year and a
 * closed year's rows are read-only, copied into the current year by *Republier*.
 */

/** `{ id, label, statut }` of the row's year, for the back-office's rows. */
export const yearOf = (column: AnyPgColumn | SQL) =>
  sql<PublishedYear>`(select json_build_object('id', y.id, 'label', y.debut_annee || '-' || (y.debut_annee + 1), 'statut', y.statut)
    from annees_scolaires y where y.id = ${column})`;

/**
 * The `annee` filter of a publishing list: a year's id or label, as the year's id; absent,
 * the current one. A year that does not exist is 422.
 */
export async function yearFilterOf(
  db: Pick<Database, "execute">,
  column: AnyPgColumn,
  annee: number | string | undefined,
): Promise<SQL> {
  if (annee === undefined) return inCurrentYear(column);
  const byLabel = typeof annee === "string";
  const value = byLabel ? Number(annee.slice(0, 4)) : annee;
  const result = (await db.execute(
    sql`select ${schoolYears.id} as id from ${schoolYears} where ${byLabel ? schoolYears.debutAnnee : schoolYears.id} = ${value}`,
  )) as unknown as { rows: { id: number }[] };
  const id = result.rows[0]?.id;
  if (id === undefined) throw validationFailed({ annee: [PUBLISHED_YEAR_MESSAGES.unknownYear] });
  return sql`${column} = ${id}`;
}

/** A closed year's item is read-only: its edits, withdrawal and deletion answer 409. */
export function assertCurrentYear(item: { annee: PublishedYear }) {
  if (item.annee.statut !== "en_cours") {
    throw new HttpError(409, { message: PUBLISHED_YEAR_MESSAGES.closedYearReadOnly(item.annee.label) });
  }
}

/** *Republier* copies a past year's item; the current year's is already where it belongs (409). */
export function assertPastYear(item: { annee: PublishedYear }) {
  if (item.annee.statut === "en_cours") throw new HttpError(409, { message: PUBLISHED_YEAR_MESSAGES.alreadyCurrent });
}

/** The current year, for the toast of *Republier*. */
export async function currentYear(db: Pick<Database, "execute">): Promise<PublishedYear> {
  const result = (await db.execute(sql`select ${yearOf(sql`current_school_year_id()`)} as year`)) as unknown as {
    rows: { year: PublishedYear }[];
  };
  const year = result.rows[0]?.year;
  if (!year) throw new Error("no current school year");
  return year;
}
