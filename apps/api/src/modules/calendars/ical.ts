import { ACADEMY_TIME_ZONE, HOLIDAY_LOCATION, holidayDescription, nextDay } from "@puerta/contract";
import ical, { ICalEventTransparency } from "ical-generator";
import type { EventRow, HolidayRow } from "./queries.ts";
import { vtimezone } from "./vtimezone.ts";

type FeedInput = {
  /** Host name used in the UIDs, so they stay unique across installations. */
  host: string;
  name: string;
  events: EventRow[];
  holidays: HolidayRow[];
  /** The first day the feed covers; the VTIMEZONE spans from there to two years later. */
  from: string;
};

/**
 * ical-generator formats an all-day Date through the process's local getters; noon UTC is
 * the same calendar day in every zone from UTC-11 to UTC+11, so the day never shifts.
 */
const allDay = (day: string) => new Date(`${day}T12:00:00Z`);

/**
 * An RFC 5545 calendar: all-day events (DTEND the day after, exclusive), a VTIMEZONE for
 * the academy's zone, and UIDs made from the row ids so that a calendar app updates an
 * event instead of duplicating it when the feed is fetched again or the link regenerated.
 */
export function buildFeed({ host, name, events, holidays, from }: FeedInput): string {
  const start = new Date(`${from}T00:00:00Z`);
  const end = new Date(start.getTime() + 2 * 366 * 86_400_000);
  const calendar = ical({
    name,
    prodId: { company: "Puerta", product: "Calendriers", language: "FR" },
    timezone: { name: ACADEMY_TIME_ZONE, generator: (zone) => vtimezone(zone, start, end) },
    ttl: 6 * 3600,
  });
  for (const event of events) {
    calendar.createEvent({
      id: `parascolaire-${event.id}@${host}`,
      allDay: true,
      start: allDay(event.jourEvenement),
      end: allDay(nextDay(event.jourEvenement)),
      stamp: event.updatedAt,
      summary: event.nomEvenement,
      description: event.description || null,
      location: event.lieu,
      categories: [{ name: "Parascolaire" }],
      transparency: ICalEventTransparency.TRANSPARENT,
    });
  }
  for (const holiday of holidays) {
    calendar.createEvent({
      id: `jour-ferie-${holiday.id}@${host}`,
      allDay: true,
      start: allDay(holiday.jour),
      end: allDay(nextDay(holiday.jour)),
      stamp: holiday.updatedAt,
      summary: holiday.nom,
      description: holidayDescription(holiday),
      location: HOLIDAY_LOCATION,
      categories: [{ name: "Jour férié" }],
      transparency: ICalEventTransparency.TRANSPARENT,
    });
  }
  return calendar.toString();
}
