/**
 * Waiting on something a background job or another process does: poll a condition, and fail
 * loudly, saying what never happened, when it does not hold in time. Never a bare sleep.
 */

/** Polls `check` until it returns something truthy; fails with `what` after `timeoutMs`. */
export async function waitFor<T>(
  check: () => T | Promise<T>,
  what: string,
  timeoutMs = 20_000,
): Promise<NonNullable<T>> {
  const value = await waitUntil(check, (found) => Boolean(found), what, timeoutMs);
  return value as NonNullable<T>;
}

/** Polls `read` until `done` holds for what it returns; fails with `what` and the last value after `timeoutMs`. */
export async function waitUntil<T>(
  read: () => T | Promise<T>,
  done: (value: T) => boolean,
  what: string,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) {
      throw new Error(
        `timed out after ${timeoutMs} ms waiting for ${what}; last seen: ${String(JSON.stringify(value)).slice(0, 500)}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
