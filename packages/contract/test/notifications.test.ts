import { describe, expect, it } from "vitest";
import { isViewedBy, parseIdList, priorityBadge, relativeTime, safeExternalLink } from "../src/index.ts";

describe("parseIdList", () => {
  it("reads a JSON-encoded list of numbers or numeric strings", () => {
    expect(parseIdList("[1,2,3]")).toEqual([1, 2, 3]);
    expect(parseIdList('["4","5"]')).toEqual([4, 5]);
  });
  it("reads a single id given as a string or a number", () => {
    expect(parseIdList("7")).toEqual([7]);
    expect(parseIdList(" 7 ")).toEqual([7]);
    expect(parseIdList(7)).toEqual([7]);
  });
  it("reads an array and drops duplicates and anything that is not a positive id", () => {
    expect(parseIdList([3, "3", "x", -1, 0, 2.5, null, "9"])).toEqual([3, 9]);
  });
  it("gives an empty list for nothing or garbage", () => {
    for (const value of [null, undefined, "", "  ", "not json", "{}", '{"a":1}', true]) {
      expect(parseIdList(value)).toEqual([]);
    }
  });
});

describe("isViewedBy", () => {
  it("reads viewed_by as a list of student ids", () => {
    expect(isViewedBy([10], 10)).toBe(true);
    expect(isViewedBy("[11]", 10)).toBe(false);
  });
});

describe("relativeTime", () => {
  const now = new Date("2025-03-10T12:00:00Z");
  const before = (ms: number) => new Date(now.getTime() - ms).toISOString();
  it.each([
    [0, "À l'instant"],
    [59_000, "À l'instant"],
    [60_000, "Il y a 1 minute"],
    [5 * 60_000, "Il y a 5 minutes"],
    [3_600_000, "Il y a 1 heure"],
    [23 * 3_600_000, "Il y a 23 heures"],
    [24 * 3_600_000, "Il y a 1 jour"],
    [3 * 24 * 3_600_000, "Il y a 3 jours"],
    [-60_000, "À l'instant"],
  ])("%i ms ago → %s", (ms, expected) => {
    expect(relativeTime(before(ms), now)).toBe(expected);
  });
  it("is empty for an unreadable date", () => {
    expect(relativeTime("yesterday", now)).toBe("");
  });
});

describe("priorityBadge", () => {
  it("labels high, medium and anything else", () => {
    expect(priorityBadge("high").label).toBe("Priorité élevée");
    expect(priorityBadge("medium").label).toBe("Priorité moyenne");
    expect(priorityBadge("low").label).toBe("Priorité normale");
    expect(priorityBadge(null)).toEqual({ level: "normal", label: "Priorité normale" });
  });
});

describe("safeExternalLink", () => {
  it("keeps http and https only", () => {
    expect(safeExternalLink("https://example.com/a")).toBe("https://example.com/a");
    expect(safeExternalLink("http://example.com")).toBe("http://example.com/");
    expect(safeExternalLink("javascript:alert(1)")).toBeNull();
    expect(safeExternalLink("data:text/html,x")).toBeNull();
    expect(safeExternalLink("/relative")).toBeNull();
    expect(safeExternalLink(null)).toBeNull();
  });
});
