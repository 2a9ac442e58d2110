/**
 * Countdowns of the login lockout and the contact form (docs/spec/student-portal.md section 8): the time left is
 * shown as m:ss, and the end is kept as an absolute timestamp so it survives a reload.
 */

/** Whole seconds left until `endsAt` (epoch milliseconds), never negative. */
export function secondsUntil(endsAt: number, now: number): number {
  if (!Number.isFinite(endsAt)) return 0;
  return Math.max(0, Math.ceil((endsAt - now) / 1000));
}

/** 75 → "1:15", 5 → "0:05"; minutes are not padded ("m:ss"). Negative or invalid → "0:00". */
export function formatCountdown(totalSeconds: number): string {
  const seconds = Number.isFinite(totalSeconds) ? Math.max(0, Math.ceil(totalSeconds)) : 0;
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/** Same with both parts padded ("mm:ss"), as the contact form words it. */
export function formatCountdownPadded(totalSeconds: number): string {
  const text = formatCountdown(totalSeconds);
  return text.padStart(5, "0");
}
