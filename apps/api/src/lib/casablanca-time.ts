import { ACADEMY_TIME_ZONE, LOCAL_DATE_TIME } from "@puerta/contract";

const parts = new Intl.DateTimeFormat("en-US", {
  timeZone: ACADEMY_TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
});

/** The academy's wall-clock time of an instant, as `YYYY-MM-DDTHH:mm`. */
export function toAcademyLocal(instant: Date): string {
  const get = (type: string) => parts.formatToParts(instant).find((p) => p.type === type)?.value ?? "00";
  return `${get("year")}-${get("month")}-${get("day")}T${get("hour")}:${get("minute")}`;
}

/**
 * The instant of a `YYYY-MM-DDTHH:mm` typed by staff in Casablanca (a `datetime-local` field),
 * or null when no such wall-clock time exists (30 February, a time skipped by a clock change).
 */
export function fromAcademyLocal(local: string): Date | null {
  if (!LOCAL_DATE_TIME.test(local)) return null;
  const [date = "", time = ""] = local.split("T");
  const [y, mo, d] = date.split("-").map(Number) as [number, number, number];
  const [h, mi] = time.split(":").map(Number) as [number, number];
  const guess = Date.UTC(y, mo - 1, d, h, mi);
  // Two passes settle the offset, even across a change of the academy's offset.
  let instant = guess;
  for (let i = 0; i < 2; i++) {
    const shown = toAcademyLocal(new Date(instant));
    const [sd = "", st = ""] = shown.split("T");
    const [sy, smo, sdd] = sd.split("-").map(Number) as [number, number, number];
    const [sh, smi] = st.split(":").map(Number) as [number, number];
    instant += guess - Date.UTC(sy, smo - 1, sdd, sh, smi);
  }
  return toAcademyLocal(new Date(instant)) === local ? new Date(instant) : null;
}
