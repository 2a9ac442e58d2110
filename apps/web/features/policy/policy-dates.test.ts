import { describe, expect, it } from "vitest";
import { formatAcceptedAt, formatPolicyDate } from "./policy-dates.ts";

describe("formatPolicyDate", () => {
  it("writes a calendar day in fr-FR without shifting it", () => {
    expect(formatPolicyDate("2025-09-01")).toBe("1 septembre 2025");
  });

  it("writes a timestamp as its day in fr-FR", () => {
    expect(formatPolicyDate("2025-10-15T10:30:00.000Z")).toBe("15 octobre 2025");
  });

  it("leaves an unreadable value as it is", () => {
    expect(formatPolicyDate("bientôt")).toBe("bientôt");
  });
});

describe("formatAcceptedAt", () => {
  it("writes the moment of acceptance in the academy's time", () => {
    expect(formatAcceptedAt("2026-09-03T09:15:00.000Z")).toBe("3 septembre 2026 à 10:15");
  });
});
