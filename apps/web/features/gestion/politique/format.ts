import type { PolicyVersion } from "@puerta/contract";

const day = new Intl.DateTimeFormat("fr-FR", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/** A calendar day ("2027-01-01") as "1 janvier 2027", read in UTC so that no time zone moves it. */
export function formatDay(value: string): string {
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? value : day.format(date);
}

export const versionLabel = (version: Pick<PolicyVersion, "version">) =>
  version.version === null ? "Brouillon" : `Version ${version.version}`;
