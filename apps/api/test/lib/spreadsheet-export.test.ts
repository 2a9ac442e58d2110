import { describe, expect, it } from "vitest";
import {
  exportDate,
  exportDateTime,
  exportFileName,
  neutralisedCell,
  toCsv,
} from "../../src/lib/spreadsheet-export.ts";
import { toXlsx } from "../../src/modules/students/export.ts";

describe("CSV exports", () => {
  it("opens in French Excel: BOM, semicolons, CRLF, quoted fields", () => {
    const csv = toCsv(
      [
        { header: "Nom", value: (row: { nom: string; n: number }) => row.nom },
        { header: "Nombre", value: (row) => row.n },
      ],
      [
        { nom: "El Amrani; Salma", n: 3 },
        { nom: 'Dit "Sami"\nBenali', n: -2 },
      ],
    );
    expect(csv).toBe('\uFEFFNom;Nombre\r\n"El Amrani; Salma";3\r\n"Dit ""Sami""\nBenali";-2\r\n');
  });

  it("never lets a cell become a formula", () => {
    for (const start of ["=", "+", "-", "@", "\t", "\r"]) {
      expect(neutralisedCell(`${start}HYPERLINK("http://x")`)).toBe(`'${start}HYPERLINK("http://x")`);
    }
    expect(neutralisedCell("Salma")).toBe("Salma");
    expect(neutralisedCell(-4)).toBe("-4");
    expect(neutralisedCell(null)).toBe("");
  });

  it("neutralises the full-width forms of = + - @ too", () => {
    for (const start of ["\uFF1D", "\uFF0B", "\uFF0D", "\uFF20"]) {
      expect(neutralisedCell(`${start}HYPERLINK("http://x")`)).toBe(`'${start}HYPERLINK("http://x")`);
    }
  });

  it("writes dates in Casablanca time and French form, not UTC ISO", () => {
    // 05:53 UTC on 1 July 2025 was 06:53 in Casablanca (UTC+1 then).
    expect(exportDateTime("2025-07-01T05:53:10.000Z")).toBe("01/07/2025 06:53");
    expect(exportDateTime(null)).toBe("");
    expect(exportDate("2026-03-16")).toBe("16/03/2026");
    const csv = toCsv(
      [{ header: "Reçu le", value: (row: { at: string }) => exportDateTime(row.at) }],
      [{ at: "2025-07-01T05:53:10.000Z" }],
    );
    expect(csv).toContain("01/07/2025 06:53");
  });

  it("shows a phone number in XLSX as typed, without the CSV's apostrophe", async () => {
    const columns = [
      { header: "Téléphone", value: (row: { tel: string }) => row.tel },
      { header: "Nombre", value: () => 3 },
    ];
    const rows = [{ tel: "+212 6 12 34 56 78" }];
    expect(toCsv(columns, rows)).toContain("'+212 6 12 34 56 78");
    const { default: readXlsxFile } = await import("read-excel-file/node");
    const sheet = await readXlsxFile(await toXlsx(columns, rows));
    expect(sheet).toEqual([
      ["Téléphone", "Nombre"],
      ["+212 6 12 34 56 78", 3],
    ]);
  });

  it("names the file after the export and the day", () => {
    expect(exportFileName("etudiants", "csv", new Date("2026-11-25T10:00:00Z"))).toBe("etudiants-2026-11-25.csv");
  });
});
