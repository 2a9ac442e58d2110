import { and, asc, between, eq, gte, isNull, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { dateOf, dayNumber, prepared } from "../../db/prepared.ts";
import {
  calendarSubscriptions,
  centres,
  etudiants,
  joursFeries,
  joursFeriesCentres,
  parascolaireCentres,
  parascolaires,
} from "../../db/schema/index.ts";
import { jsonArray, rowJson } from "../../lib/json-text.ts";
import { inCurrentYear } from "../publishing/school-year.ts";

export type EventRow = typeof parascolaires.$inferSelect;
export type HolidayRow = typeof joursFeries.$inferSelect;

const p = parascolaires;
const today = dateOf(sql.placeholder("today"));

/**
 * Rows a student sees (docs/spec/back-office.md section 5): those for every centre, those
 * naming the student's centre, and all of them for a user with no centre (as plannings do).
 */
function forStudent(userId: number | Placeholder, everyCentre: SQL, rowCentres: SQL): SQL {
  return sql`(${everyCentre}
    or not exists (select 1 from ${etudiants} where ${etudiants.userId} = ${userId} and ${etudiants.centreId} is not null)
    or exists (select 1 from ${etudiants} where ${etudiants.userId} = ${userId} and ${etudiants.centreId} in (${rowCentres})))`;
}

const eventForStudent = (userId: number | Placeholder) =>
  forStudent(
    userId,
    sql`${p.tousCentres}`,
    sql`select ${parascolaireCentres.centreId} from ${parascolaireCentres} where ${parascolaireCentres.parascolaireId} = ${p.id}`,
  );

const holidayForStudent = (userId: number | Placeholder) =>
  forStudent(
    userId,
    sql`${joursFeries.fermeTous}`,
    sql`select ${joursFeriesCentres.centreId} from ${joursFeriesCentres} where ${joursFeriesCentres.jourFerieId} = ${joursFeries.id}`,
  );

/**
 * Events of the current school year (docs/spec/school-year-and-data.md section 2: a closed
 * year's leave every student's lists, the feeds included); holidays go by date, not by year.
 */
const ofCurrentYear = inCurrentYear(p.anneeId);

/** Published events the student sees; withdrawn ones are in the restore bin, not here. */
const publishedEventFor = (userId: number | Placeholder) =>
  and(isNull(p.withdrawnAt), ofCurrentYear, eventForStudent(userId));

/**
 * The event of docs/spec/student-portal.md section 3 as the columns of a lateral row `x`, in the contract's key order
 * (row_to_json then writes the wire JSON). `is_future` is judged against `today`, the
 * academy's calendar day.
 */
const eventRow = sql`select
    ${p.id} as "id",
    ${p.nomEvenement} as "nom_evenement",
    ${p.jourEvenement} as "jour_evenement",
    ${p.lieu} as "lieu",
    ${p.description} as "description",
    ${p.jourEvenement} >= ${today} as "is_future",
    case when ${p.afficheKey} <> '' then ${"/api/parascolaires/"} || ${p.id} || ${"/affiche"} end as "affiche",
    ${p.typeEvenement} as "type",
    to_char(${p.heureDebut}, 'HH24:MI') as "heure_debut",
    to_char(${p.heureFin}, 'HH24:MI') as "heure_fin"`;

/** The wire JSON of the event list and of one event, as statements prepared once. */
export function eventJson(db: Database) {
  const list = prepared<{ json: string }>(
    db,
    "events_list",
    sql`select ${jsonArray(rowJson("x"), sql`${p.jourEvenement}, ${p.id}`)} as json
      from ${p} cross join lateral (${eventRow}) x
      where ${p.jourEvenement} between ${dateOf(sql.placeholder("first"))} and ${dateOf(sql.placeholder("last"))}
        and ${publishedEventFor(sql.placeholder("user"))}`,
  );
  const detail = prepared<{ json: string }>(
    db,
    "event_detail",
    sql`select ${rowJson("x")} as json from ${p} cross join lateral (${eventRow}) x where ${p.id} = ${sql.placeholder("id")}
      and ${publishedEventFor(sql.placeholder("user"))}`,
  );
  return {
    /** The events from `first` to `last` (days), in date order. */
    list: async (userId: number, first: string, last: string, today: string) =>
      (await list({ user: userId, first: dayNumber(first), last: dayNumber(last), today: dayNumber(today) }))[0]
        ?.json ?? "[]",
    /** One event, or undefined. */
    detail: async (userId: number, id: number, today: string) =>
      (await detail({ user: userId, id, today: dayNumber(today) }))[0]?.json,
  };
}

/** The feed's events: published ones, and withdrawn ones still in the bin (cancelled in the feed). */
export function eventsFrom(db: Database, userId: number, first: string): Promise<EventRow[]> {
  return db
    .select()
    .from(parascolaires)
    .where(and(gte(parascolaires.jourEvenement, first), ofCurrentYear, eventForStudent(userId)))
    .orderBy(asc(parascolaires.jourEvenement), asc(parascolaires.id));
}

export async function eventById(db: Database, userId: number, id: number): Promise<EventRow | undefined> {
  const [row] = await db
    .select()
    .from(parascolaires)
    .where(and(eq(parascolaires.id, id), publishedEventFor(userId)));
  return row;
}

/** Events of a period, and how many of them are on or after `today`. */
export async function countEvents(db: Database, userId: number, first: string, last: string, today: string) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      future: sql<number>`count(*) filter (where ${parascolaires.jourEvenement} >= ${today})::int`,
    })
    .from(parascolaires)
    .where(and(between(parascolaires.jourEvenement, first, last), publishedEventFor(userId)));
  return { total: row?.total ?? 0, future: row?.future ?? 0 };
}

const publishedHolidayFor = (userId: number) => and(isNull(joursFeries.withdrawnAt), holidayForStudent(userId));

export function holidaysBetween(db: Database, userId: number, first: string, last: string): Promise<HolidayRow[]> {
  return db
    .select()
    .from(joursFeries)
    .where(and(between(joursFeries.jour, first, last), publishedHolidayFor(userId)))
    .orderBy(asc(joursFeries.jour), asc(joursFeries.id));
}

/** The feed's holidays, withdrawn ones in the bin included (cancelled in the feed). */
export function holidaysFrom(db: Database, userId: number, first: string): Promise<HolidayRow[]> {
  return db
    .select()
    .from(joursFeries)
    .where(and(gte(sql`coalesce(${joursFeries.jourFin}, ${joursFeries.jour})`, first), holidayForStudent(userId)))
    .orderBy(asc(joursFeries.jour), asc(joursFeries.id));
}

export async function countHolidays(db: Database, userId: number, first: string, last: string) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      closedForAll: sql<number>`count(*) filter (where ${joursFeries.fermeTous})::int`,
    })
    .from(joursFeries)
    .where(and(between(joursFeries.jour, first, last), publishedHolidayFor(userId)));
  return { total: row?.total ?? 0, closedForAll: row?.closedForAll ?? 0 };
}

export async function countCentres(db: Database): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(centres);
  return row?.n ?? 0;
}

export async function subscriptionOf(db: Database, userId: number) {
  const [row] = await db.select().from(calendarSubscriptions).where(eq(calendarSubscriptions.userId, userId));
  return row;
}

/** One link per student: a new secret replaces the previous one, which stops working at once. */
export async function replaceSubscription(db: Database, userId: number, secretHash: string) {
  const [row] = await db
    .insert(calendarSubscriptions)
    .values({ userId, secretHash })
    .onConflictDoUpdate({
      target: calendarSubscriptions.userId,
      set: { secretHash, createdAt: sql`now()`, lastUsedAt: null },
    })
    .returning();
  if (!row) throw new Error("subscription not stored");
  return row;
}

export async function deleteSubscription(db: Database, userId: number) {
  await db.delete(calendarSubscriptions).where(eq(calendarSubscriptions.userId, userId));
}

export async function subscriptionByHash(db: Database, secretHash: string) {
  const [row] = await db.select().from(calendarSubscriptions).where(eq(calendarSubscriptions.secretHash, secretHash));
  return row;
}

export async function touchSubscription(db: Database, id: number) {
  await db
    .update(calendarSubscriptions)
    .set({ lastUsedAt: sql`now()` })
    .where(and(eq(calendarSubscriptions.id, id)));
}
