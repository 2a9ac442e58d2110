import { ACADEMY_TIME_ZONE } from "@puerta/contract";

/**
 * Dates of the policy in fr-FR (docs/spec/student-portal.md section 1). A date without a time ("2025-09-01") is a
 * calendar day, read in UTC so that no time zone moves it to the day before.
 */
export function formatPolicyDate(value: string): string {
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const date = new Date(dateOnly ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat("fr-FR", {
    day: "numeric",
    month: "long",
    year: "numeric",
    // An instant is read in the academy's time, on the server as in the student's browser.
    timeZone: dateOnly ? "UTC" : ACADEMY_TIME_ZONE,
  }).format(date);
}

/** When the student accepted, in the academy's time: "3 septembre 2026 à 10:15". */
export function formatAcceptedAt(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat("fr-FR", {
    dateStyle: "long",
    timeStyle: "short",
    timeZone: ACADEMY_TIME_ZONE,
  }).format(date);
}
