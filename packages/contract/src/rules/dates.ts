/**
 * Calendar days `YYYY-MM-DD` read and written in French (docs/spec/student-portal.md sections 2
 * and 9). Apart from the calendars' rules (`calendars.ts`), so that a page
 * that only writes a date (the planning) does not download them.
 */

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})/;

export function dayParts(rawDate: string): { year: number; month: number; day: number } | null {
  const match = DAY_PATTERN.exec(rawDate);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  return { year, month, day };
}

/**
 * A calendar day in French: `14 janvier 2027`, or with `weekday` `jeudi 14 janvier 2027`.
 * The text of an unreadable date is returned as it is rather than 'Invalid Date'.
 */
export function formatFrenchDate(rawDate: string, options: { weekday?: boolean } = {}): string {
  const parts = dayParts(rawDate);
  if (!parts) return rawDate;
  const instant = new Date(Date.UTC(parts.year, parts.month - 1, parts.day, 12));
  return (options.weekday ? FRENCH_DAY_WITH_WEEKDAY : FRENCH_DAY).format(instant);
}

// Formatters are built once: building one costs more than formatting a hundred dates with it,
// and a calendar page formats one per event on the server for each visit.
const FRENCH_DAY_OPTIONS = { timeZone: "UTC", day: "numeric", month: "long", year: "numeric" } as const;
const FRENCH_DAY = new Intl.DateTimeFormat("fr-FR", FRENCH_DAY_OPTIONS);
const FRENCH_DAY_WITH_WEEKDAY = new Intl.DateTimeFormat("fr-FR", { ...FRENCH_DAY_OPTIONS, weekday: "long" });
