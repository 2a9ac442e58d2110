import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reserveAttempt, type ThrottleRule } from "../../src/lib/throttle.ts";
import { createTestApp, type TestApp } from "../support/app.ts";

/** The throttle's contract, on the real database: what a new caller (staff sign-in) relies on. */
describe("reserveAttempt", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(() => t.close());

  const rule: ThrottleRule = {
    max: 3,
    windowSeconds: 900,
    lock: { seconds: 60, doublingUpTo: 3600 },
    counts: "failures",
    successForgetsFailures: true,
  };
  const reserve = (key: string) => reserveAttempt(t.database.db, [{ key, rule }]);
  const allowed = async (key: string) => {
    const attempt = await reserve(key);
    if (!attempt.allowed) throw new Error(`refused for ${attempt.retryAfter} s`);
    return attempt;
  };
  /** How many attempts the key still lets through now (each is then cancelled). */
  const placesLeft = async (key: string) => {
    const taken = [];
    for (;;) {
      const attempt = await reserve(key);
      if (!attempt.allowed) break;
      taken.push(attempt);
    }
    for (const attempt of taken) await attempt.cancelled();
    return taken.length;
  };

  it("allows at most `max` of many simultaneous attempts, and the failure that fills the window locks", async () => {
    const attempts = await Promise.all(Array.from({ length: 12 }, () => reserve("t:burst")));
    const granted = attempts.filter((a) => a.allowed);
    expect(granted).toHaveLength(3);
    for (const refused of attempts.filter((a) => !a.allowed)) expect(refused.retryAfter).toBe(60);
    const locks = await Promise.all(granted.map((a) => a.failed()));
    expect(locks.sort()).toEqual([0, 0, 60]);
    const after = await reserve("t:burst");
    expect(after.allowed).toBe(false);
  });

  it("lets a success forget the failures that ended before it began", async () => {
    await (await allowed("t:seq")).failed();
    await (await allowed("t:seq")).failed();
    expect(await placesLeft("t:seq")).toBe(1);
    await (await allowed("t:seq")).succeeded();
    expect(await placesLeft("t:seq")).toBe(3);
  });

  it("keeps the failures made in parallel with a success: it gives back only its own place", async () => {
    // A failure that began before the success and ended before it…
    const failure = await allowed("t:parallel-1");
    const success = await allowed("t:parallel-1");
    await failure.failed();
    await success.succeeded();
    expect(await placesLeft("t:parallel-1")).toBe(2);

    // …and one that began after it and ended later.
    const first = await allowed("t:parallel-2");
    const later = await allowed("t:parallel-2");
    await first.succeeded();
    await later.failed();
    expect(await placesLeft("t:parallel-2")).toBe(2);
  });

  it("never lifts a lock on success, and gives every place back when one key refuses", async () => {
    const inFlight = await allowed("t:lock");
    const [a, b] = [await allowed("t:lock"), await allowed("t:lock")];
    await b.failed(); // the third place: locks
    await a.failed();
    await inFlight.succeeded();
    expect((await reserve("t:lock")).allowed).toBe(false);

    const other = { key: "t:other", rule };
    const both = await reserveAttempt(t.database.db, [other, { key: "t:lock", rule }]);
    expect(both.allowed).toBe(false);
    expect(await placesLeft("t:other")).toBe(3);
  });

  it("counts successes instead of failures where the rule says so (messages sent)", async () => {
    const sent: ThrottleRule = { max: 2, windowSeconds: 900, lock: { untilWindowEnds: true }, counts: "successes" };
    const send = () => reserveAttempt(t.database.db, [{ key: "t:sent", rule: sent }]);
    const refusedCaptcha = await send();
    if (!refusedCaptcha.allowed) throw new Error("refused");
    expect(await refusedCaptcha.failed()).toBe(0);
    for (const expected of [0, 900]) {
      const attempt = await send();
      if (!attempt.allowed) throw new Error("refused");
      const lock = await attempt.succeeded();
      if (expected) expect(lock).toBeGreaterThan(890);
      else expect(lock).toBe(0);
    }
    const third = await send();
    expect(third.allowed).toBe(false);
  });
});
