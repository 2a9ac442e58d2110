import { fromAcademyLocal, nextDay } from "@puerta/contract";
import { type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

/**
 * Local time has one source of truth: the API's Node and its tzdata (decision 086). PostgreSQL
 * (and PGlite) carry tzdata of their own, which can disagree about Morocco's offset, and a
 * session `TimeZone` of their own: SQL never converts to Casablanca time, it is handed instants.
 */

/** The instant a day of Casablanca (`YYYY-MM-DD`) begins, by the API's tzdata. */
export function academyDayStart(day: string): Date {
  // Midnight may be skipped by a clock change: the day then starts at its first minute that exists.
  for (let minutes = 0; minutes < 180; minutes += 15) {
    const time = `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
    const instant = fromAcademyLocal(`${day}T${time}`);
    if (instant) return instant;
  }
  return new Date(`${day}T00:00:00Z`);
}

/**
 * Conditions for "`column` falls on or after day `from` and on or before day `to`" (both
 * optional, both days of Casablanca, `to` included), as comparisons with instants.
 */
export function withinAcademyDays(column: PgColumn | SQL, from?: string, to?: string): SQL[] {
  const conditions: SQL[] = [];
  const instant = (day: string) => sql`${academyDayStart(day).toISOString()}::timestamptz`;
  if (from) conditions.push(sql`${column} >= ${instant(from)}`);
  if (to) conditions.push(sql`${column} < ${instant(nextDay(to))}`);
  return conditions;
}
