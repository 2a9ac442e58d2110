/**
 * A VTIMEZONE (RFC 5545 §3.6.5) built from the time-zone data of the running Node, so it
 * follows tzdata (Morocco's offset changes by decree and around Ramadan) without a table of
 * our own. Transitions between `from` and `to` are found by scanning and then bisecting to
 * the minute; each one becomes an observance with its exact onset.
 */

const STEP_MS = 6 * 3600 * 1000;

function offsetFormatter(timeZone: string) {
  const format = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" });
  return (instant: number): number => {
    const name = format.formatToParts(new Date(instant)).find((p) => p.type === "timeZoneName")?.value ?? "GMT";
    const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
    if (!match) return 0;
    const minutes = Number(match[2]) * 60 + Number(match[3]);
    return match[1] === "-" ? -minutes : minutes;
  };
}

function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}${String(abs % 60).padStart(2, "0")}`;
}

/** Local wall-clock time of an instant at a given offset, as a DATE-TIME without zone. */
function localDateTime(instant: number, offsetMinutes: number): string {
  const iso = new Date(instant + offsetMinutes * 60_000).toISOString();
  return `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}T${iso.slice(11, 13)}${iso.slice(14, 16)}00`;
}

type Transition = { at: number; from: number; to: number };

export function findTransitions(
  timeZone: string,
  from: Date,
  to: Date,
): { initial: number; transitions: Transition[] } {
  const offsetAt = offsetFormatter(timeZone);
  const start = from.getTime();
  const initial = offsetAt(start);
  const transitions: Transition[] = [];
  let previous = initial;
  for (let t = start + STEP_MS; t <= to.getTime(); t += STEP_MS) {
    const current = offsetAt(t);
    if (current === previous) continue;
    // Bisect between t - STEP and t to the minute where the offset changes.
    let low = t - STEP_MS;
    let high = t;
    while (high - low > 60_000) {
      const mid = low + Math.floor((high - low) / 120_000) * 60_000;
      if (offsetAt(mid) === previous) low = mid;
      else high = mid;
    }
    transitions.push({ at: high, from: previous, to: current });
    previous = current;
  }
  return { initial, transitions };
}

export function vtimezone(timeZone: string, from: Date, to: Date): string {
  const { initial, transitions } = findTransitions(timeZone, from, to);
  // As in most zones, the lower offset is standard time and a higher one daylight time.
  const standard = Math.min(initial, ...transitions.map((t) => t.to));

  const observance = (onset: number, fromOffset: number, toOffset: number) => {
    const kind = toOffset === standard ? "STANDARD" : "DAYLIGHT";
    return [
      `BEGIN:${kind}`,
      `DTSTART:${localDateTime(onset, fromOffset)}`,
      `TZOFFSETFROM:${formatOffset(fromOffset)}`,
      `TZOFFSETTO:${formatOffset(toOffset)}`,
      `TZNAME:${formatOffset(toOffset).replace(/00$/, "")}`,
      `END:${kind}`,
    ];
  };

  const lines = [
    "BEGIN:VTIMEZONE",
    `TZID:${timeZone}`,
    ...observance(from.getTime(), initial, initial),
    ...transitions.flatMap((t) => observance(t.at, t.from, t.to)),
    "END:VTIMEZONE",
  ];
  return `${lines.join("\r\n")}\r\n`;
}
