import { describe, expect, it } from "vitest";
import { exportFileName, neutralisedCell, toCsv } from "../src/lib/spreadsheet-export.ts";

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

  it("names the file after the export and the day", () => {
    expect(exportFileName("etudiants", "csv", new Date("2026-11-25T10:00:00Z"))).toBe("etudiants-2026-11-25.csv");
  });
});
