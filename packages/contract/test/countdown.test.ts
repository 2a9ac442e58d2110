import { describe, expect, it } from "vitest";
import { formatCountdown, formatCountdownPadded, secondsUntil } from "../src/rules/countdown.ts";

describe("formatCountdown", () => {
  it("writes m:ss", () => {
    expect(formatCountdown(60)).toBe("1:00");
    expect(formatCountdown(75)).toBe("1:15");
    expect(formatCountdown(5)).toBe("0:05");
    expect(formatCountdown(0)).toBe("0:00");
    expect(formatCountdown(3600)).toBe("60:00");
  });

  it("rounds a partial second up and never goes below zero", () => {
    expect(formatCountdown(59.2)).toBe("1:00");
    expect(formatCountdown(-3)).toBe("0:00");
    expect(formatCountdown(Number.NaN)).toBe("0:00");
  });

  it("pads the minutes in the mm:ss variant", () => {
    expect(formatCountdownPadded(300)).toBe("05:00");
    expect(formatCountdownPadded(9)).toBe("00:09");
    expect(formatCountdownPadded(754)).toBe("12:34");
  });

  it("always gives back the number of seconds it was given", () => {
    for (let s = 0; s <= 7200; s += 1) {
      const [m, ss] = formatCountdown(s).split(":").map(Number);
      expect((m ?? 0) * 60 + (ss ?? 0)).toBe(s);
    }
  });
});

describe("secondsUntil", () => {
  it("counts whole seconds left, rounding up", () => {
    expect(secondsUntil(10_000, 0)).toBe(10);
    expect(secondsUntil(10_000, 9_001)).toBe(1);
    expect(secondsUntil(10_000, 10_000)).toBe(0);
  });

  it("is zero for a past or invalid end", () => {
    expect(secondsUntil(1_000, 5_000)).toBe(0);
    expect(secondsUntil(Number.NaN, 0)).toBe(0);
  });
});
