import {
  CALENDAR_TEXTS,
  type CalendarFeedType,
  type CalendarSubscription,
  calendarDay,
  type EventStats,
  HOLIDAY_STATS_DEFAULTS,
  type HolidayRecord,
  type HolidayStats,
  schoolYearOf,
} from "@puerta/contract";
import type { CoreContext } from "../../context.ts";
import { HttpError, notFound } from "../../lib/errors.ts";
import { randomToken, sha256Hex } from "../../lib/tokens.ts";
import { buildFeed } from "./ical.ts";
import * as q from "./queries.ts";

/** Length of the secret in a feed URL ([A-Za-z0-9], about 285 bits). */
const FEED_SECRET_LENGTH = 48;
const FEED_FILE = new RegExp(`^([A-Za-z0-9]{${FEED_SECRET_LENGTH}})\\.ics$`);

export function createCalendarsService({ db, config }: CoreContext, now: () => Date = () => new Date()) {
  const eventJson = q.eventJson(db);

  /** Today and the current school year, in Casablanca. */
  function period() {
    const today = calendarDay(now());
    return { today, year: schoolYearOf(today) };
  }

  const toHolidayRecord = (row: q.HolidayRow): HolidayRecord => ({
    id: row.id,
    nom: row.nom,
    description: row.description,
    formatted_date: row.jour,
    date_fin: row.jourFin,
    categorie: row.categorie,
    statut_date: row.statutDate === "prevue" || row.statutDate === "confirmee" ? row.statutDate : null,
  });

  const subscriptionView = (row: { createdAt: Date } | undefined): CalendarSubscription => ({
    active: row !== undefined,
    created_at: row?.createdAt.toISOString() ?? null,
  });

  return {
    /** The events of the current school year, in date order, as wire JSON. */
    eventsJson(userId: number): Promise<string> {
      const { today, year } = period();
      return eventJson.list(userId, year.first, year.last, today);
    },

    /** One event as wire JSON. */
    async eventJson(userId: number, id: number): Promise<string> {
      const json = await eventJson.detail(userId, id, period().today);
      if (json === undefined) throw notFound(CALENDAR_TEXTS.eventNotFound);
      return json;
    },

    /** The poster's storage key, or 404 when the event or its poster does not exist. */
    async afficheKey(userId: number, id: number): Promise<string> {
      const row = await q.eventById(db, userId, id);
      if (!row?.afficheKey) throw notFound("Affiche introuvable.");
      return row.afficheKey;
    },

    async eventStats(userId: number): Promise<EventStats> {
      const { today, year } = period();
      const { total, future } = await q.countEvents(db, userId, year.first, year.last, today);
      return { total_events: total, future_events: future, past_events: total - future };
    },

    /** The public holidays of the current school year, in date order. */
    async holidays(userId: number): Promise<HolidayRecord[]> {
      const { year } = period();
      return (await q.holidaysBetween(db, userId, year.first, year.last)).map(toHolidayRecord);
    },

    async holidayStats(userId: number): Promise<HolidayStats> {
      const { year } = period();
      const [{ total, closedForAll }, centres] = await Promise.all([
        q.countHolidays(db, userId, year.first, year.last),
        q.countCentres(db),
      ]);
      return {
        total,
        // Every centre closes on a public holiday; with no centre known, the default of docs/spec/student-portal.md section 9.
        centres_fermes: centres > 0 ? centres : HOLIDAY_STATS_DEFAULTS.centres_fermes,
        congé_tous: total > 0 ? Math.round((closedForAll / total) * 100) : HOLIDAY_STATS_DEFAULTS.congé_tous,
      };
    },

    async subscription(userId: number): Promise<CalendarSubscription> {
      return subscriptionView(await q.subscriptionOf(db, userId));
    },

    /** A new secret for the student's feed; the previous link, if any, stops working. */
    async regenerateSubscription(userId: number): Promise<CalendarSubscription> {
      const secret = randomToken(FEED_SECRET_LENGTH);
      const row = await q.replaceSubscription(db, userId, sha256Hex(secret));
      const url = `${config.publicUrl}/api/calendar/${secret}.ics`;
      return { ...subscriptionView(row), url, webcal_url: url.replace(/^https?:/, "webcal:") };
    },

    async revokeSubscription(userId: number): Promise<CalendarSubscription> {
      await q.deleteSubscription(db, userId);
      return subscriptionView(undefined);
    },

    /**
     * The iCalendar feed behind a subscription link: from the start of the current school
     * year onwards. An unknown, malformed or revoked secret is a 404, all alike.
     */
    async feed(file: string, type: CalendarFeedType): Promise<string> {
      const secret = FEED_FILE.exec(file)?.[1];
      const subscription = secret ? await q.subscriptionByHash(db, sha256Hex(secret)) : undefined;
      if (!subscription) throw new HttpError(404, { message: CALENDAR_TEXTS.subscriptionNotFound });
      await q.touchSubscription(db, subscription.id);
      const { year } = period();
      const [events, holidays] = await Promise.all([
        type === "holidays" ? [] : q.eventsFrom(db, subscription.userId, year.first),
        type === "events" ? [] : q.holidaysFrom(db, subscription.userId, year.first),
      ]);
      const names: Record<CalendarFeedType, string> = {
        events: "Puerta — Événements parascolaires",
        holidays: "Puerta — Jours fériés",
        both: "Puerta — Événements et jours fériés",
      };
      return buildFeed({
        host: new URL(config.publicUrl).hostname,
        name: names[type],
        events,
        holidays,
        from: year.first,
      });
    },
  };
}

export type CalendarsService = ReturnType<typeof createCalendarsService>;
