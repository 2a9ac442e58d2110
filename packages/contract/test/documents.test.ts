import { describe, expect, it } from "vitest";
import { fileNameOf, formatFileSize, formatMonthYear } from "../src/rules/documents.ts";

describe("formatFileSize (spec section 9)", () => {
  it.each([
    [0, "0 Bytes"],
    [1, "1 Bytes"],
    [1023, "1023 Bytes"],
    [1024, "1 KB"],
    [1536, "1.5 KB"],
    [2_465_792, "2.35 MB"],
    [1024 ** 3, "1 GB"],
    [5.5 * 1024 ** 4, "5.5 TB"],
    [3 * 1024 ** 5, "3072 TB"],
    [1234, "1.21 KB"],
  ])("%d bytes → %s", (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });

  it("never shows more than 2 decimals, and treats nonsense as 0 Bytes", () => {
    expect(formatFileSize(1025)).toBe("1 KB");
    expect(formatFileSize(1030)).toBe("1.01 KB");
    expect(formatFileSize(-5)).toBe("0 Bytes");
    expect(formatFileSize(Number.NaN)).toBe("0 Bytes");
  });
});

describe("formatMonthYear (fr-FR)", () => {
  it("writes the month in French with the year", () => {
    expect(formatMonthYear("2025-09-15T10:00:00Z")).toBe("septembre 2025");
    expect(formatMonthYear(new Date("2026-02-01T12:00:00Z"))).toBe("février 2026");
  });

  it("uses the academy's time zone at a month boundary, and returns nothing for an invalid date", () => {
    // 23:30 UTC on 31 January is already 1 February in Casablanca (UTC+1).
    expect(formatMonthYear("2026-01-31T23:30:00Z")).toBe("février 2026");
    expect(formatMonthYear("pas une date")).toBe("");
  });
});

describe("fileNameOf", () => {
  it("takes the last segment of a URL or path, without query or fragment", () => {
    expect(fileNameOf("/api/planifications/download/planning-zenith.pdf")).toBe("planning-zenith.pdf");
    expect(fileNameOf("cours/biologie-1.pdf?x=1#p")).toBe("biologie-1.pdf");
    expect(fileNameOf("seul.pdf")).toBe("seul.pdf");
  });
});
