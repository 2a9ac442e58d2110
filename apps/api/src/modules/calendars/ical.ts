import { TZDate } from "@date-fns/tz";
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
 * ical-generator writes the digits of a plain Date through the process's local getters, so the
 * server's own `TZ` would move them (an event at 02:30 on a day Paris skips 02:00–03:00 came out
 * at 03:30). Every date is therefore a TZDate of the academy's zone, which ical-generator reads
 * in that zone: the digits come from the API's tzdata alone (decision 086).
 */
const inAcademyZone = (instant: Date) => new TZDate(instant.getTime(), ACADEMY_TIME_ZONE);

/** An all-day date: noon UTC of the day, the same calendar day in Casablanca. */
const allDay = (day: string) => inAcademyZone(new Date(`${day}T12:00:00Z`));

/** A wall-clock time of the academy's zone, written with its TZID as typed by the staff. */
function wallClock(day: string, time: string): TZDate {
  const [y, mo, d] = day.split("-").map(Number);
  const [h, mi] = time.split(":").map(Number);
  return new TZDate(y ?? 0, (mo ?? 1) - 1, d ?? 1, h ?? 0, mi ?? 0, ACADEMY_TIME_ZONE);
}

/**
 * What every edited or withdrawn item carries (docs/spec/back-office.md section 5): SEQUENCE
 * raised by each staff edit, LAST-MODIFIED, and STATUS:CANCELLED while it is in the restore
 * bin, so subscribed calendars update or remove it.
 */
const revision = (row: { sequence: number; updatedAt: Date; withdrawnAt: Date | null }) => ({
  sequence: row.sequence,
  lastModified: inAcademyZone(row.updatedAt),
  stamp: inAcademyZone(row.updatedAt),
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
