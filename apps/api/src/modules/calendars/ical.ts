import { ACADEMY_TIME_ZONE, HOLIDAY_LOCATION, holidayDescription, nextDay } from "@puerta/contract";
import ical, { ICalEventStatus, ICalEventTransparency } from "ical-generator";
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
 * A wall-clock time in the academy's zone. With the calendar's TZID, ical-generator writes a
 * Date through the process's local getters, so the Date is built from local parts: the
 * digits written are the academy's hour whatever zone the server runs in.
 */
function wallClock(day: string, time: string): Date {
  const [y, mo, d] = day.split("-").map(Number);
  const [h, mi] = time.split(":").map(Number);
  return new Date(y ?? 0, (mo ?? 1) - 1, d ?? 1, h ?? 0, mi ?? 0);
}

/**
 * What every edited or withdrawn item carries (docs/spec/back-office.md section 5): SEQUENCE
 * raised by each staff edit, LAST-MODIFIED, and STATUS:CANCELLED while it is in the restore
 * bin, so subscribed calendars update or remove it.
 */
const revision = (row: { sequence: number; updatedAt: Date; withdrawnAt: Date | null }) => ({
  sequence: row.sequence,
  lastModified: row.updatedAt,
  stamp: row.updatedAt,
  ...(row.withdrawnAt ? { status: ICalEventStatus.CANCELLED } : {}),
});

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
    const timed = event.heureDebut !== null;
    calendar.createEvent({
      id: `parascolaire-${event.id}@${host}`,
      ...(event.heureDebut !== null
        ? {
            // TZID on the event itself: without it the times would be floating.
            timezone: ACADEMY_TIME_ZONE,
            start: wallClock(event.jourEvenement, event.heureDebut),
            end: event.heureFin ? wallClock(event.jourEvenement, event.heureFin) : null,
          }
        : { allDay: true, start: allDay(event.jourEvenement), end: allDay(nextDay(event.jourEvenement)) }),
      ...revision(event),
      summary: event.nomEvenement,
      description: event.description || null,
      location: event.lieu,
      categories: [{ name: "Parascolaire" }],
      transparency: timed ? ICalEventTransparency.OPAQUE : ICalEventTransparency.TRANSPARENT,
    });
  }
  for (const holiday of holidays) {
    calendar.createEvent({
      id: `jour-ferie-${holiday.id}@${host}`,
      allDay: true,
      start: allDay(holiday.jour),
      end: allDay(nextDay(holiday.jourFin ?? holiday.jour)),
      ...revision(holiday),
      summary: holiday.nom,
      description:
        holiday.statutDate === "prevue"
          ? `Date prévue. ${holidayDescription(holiday)}`
          : holiday.statutDate === "confirmee"
            ? `Date confirmée. ${holidayDescription(holiday)}`
            : holidayDescription(holiday),
      location: holiday.fermeTous ? HOLIDAY_LOCATION : "Centres concernés",
      categories: [{ name: "Jour férié" }],
      transparency: ICalEventTransparency.TRANSPARENT,
    });
  }
  return calendar.toString();
}
