import { describe, expect, it } from "vitest";
import { frenchLongDate } from "./format.ts";

describe("frenchLongDate", () => {
  it("writes the day, the month in words and the year", () => {
    expect(frenchLongDate("2025-09-02")).toBe("2 septembre 2025");
    expect(frenchLongDate("2025-12-31")).toBe("31 décembre 2025");
  });

  it("is empty without a date", () => {
    expect(frenchLongDate("")).toBe("");
  });
});
