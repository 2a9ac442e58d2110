import { PDFDocument, type PDFPage, StandardFonts } from "@cantoo/pdf-lib";
import { brand } from "@puerta/contract/brand";
import { draw, embedFonts, type Fonts, INK, MUTED, type TextStyle, widthOf, wrapText } from "../../lib/pdf-text.ts";
import type { DataSubject, PersonalDataPart } from "../../lib/personal-data.ts";

/** Who an access export is about (export.ts), and what its header and name show. */
export type ExportSubject = DataSubject & {
  studentNumber: string;
  nom: string;
  prenom: string;
  centreId: number | null;
};

/** One table of the export: its rows, and the parts that declare it (several modules share `throttles`). */
export type ExportTable = { table: string; parts: PersonalDataPart[]; rows: Record<string, unknown>[] };

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;
const BOTTOM = 60;

const dateTime = new Intl.DateTimeFormat("fr-FR", {
  dateStyle: "long",
  timeStyle: "short",
  timeZone: "Africa/Casablanca",
});
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A value as a person reads it: dates in French, yes and no, nothing as a dash. */
function shown(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "boolean") return value ? "oui" : "non";
  if (typeof value === "string") {
    if (ISO_INSTANT.test(value)) {
      const at = new Date(value);
      if (!Number.isNaN(at.getTime())) return dateTime.format(at);
    }
    return value;
  }
  if (typeof value === "number") return String(value);
  return JSON.stringify(value);
}

/** A table's French heading: its first part's title, else its name. */
export const tableTitle = (table: ExportTable) => table.parts.find((part) => part.title)?.title ?? table.table;

/** Characters a font cannot draw (control characters) become spaces. */
const printable = (text: string) =>
  [...text].map((c) => ((c.charCodeAt(0) < 32 && c !== "\n") || c.charCodeAt(0) === 127 ? " " : c)).join("");

/**
 * How the listing writes: in Helvetica (a standard font: measured and encoded from tables, fast
 * enough for thousands of lines) whatever it can encode — French included — and in the
 * attestations' Noto fonts, embedded only when a text needs them (a name in Arabic script…).
 */
async function penFor(pdf: PDFDocument) {
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const encodable = new Set(regular.getCharacterSet());
  let noto: Promise<Fonts> | undefined;
  const standard = (text: string) => [...text].every((c) => encodable.has(c.codePointAt(0) ?? 0));
  /** How `text` is measured and drawn: all of it in the standard font when it can write it, else in Noto. */
  return async (text: string, style: TextStyle) => {
    if (standard(text)) {
      const font = style.bold ? bold : regular;
      return {
        measure: (part: string) => font.widthOfTextAtSize(part, style.size),
        draw: (page: PDFPage, line: string, x: number, y: number) =>
          page.drawText(line, { x, y, size: style.size, font, color: style.color ?? INK }),
      };
    }
    noto ??= embedFonts(pdf);
    const fonts = await noto;
    return {
      measure: (part: string) => widthOf(part, fonts, style),
      draw: (page: PDFPage, line: string, x: number, y: number) => draw(page, fonts, line, x, y, style),
    };
  };
}

/**
 * `donnees.pdf` of the access export (decision 112): the same rows as `donnees.json`, table by
 * table, each with why it is held, on as many A4 pages as they take, with French headings.
 */
export async function renderDataPdf(
  subject: ExportSubject,
  tables: readonly ExportTable[],
  generatedAt: Date,
): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const title = `Données personnelles de ${subject.prenom} ${subject.nom}`;
  pdf.setTitle(title);
  pdf.setAuthor(brand.academyName);
  pdf.setSubject("Export des données personnelles (loi 09-08, article 7)");
  pdf.setLanguage("fr-FR");
  pdf.setCreator(brand.academyName);
  pdf.setProducer(brand.academyName);
  const width = A4[0] - 2 * MARGIN;
  const pen = await penFor(pdf);

  let page: PDFPage = pdf.addPage(A4);
  let y = A4[1] - MARGIN;
  const newPage = () => {
    page = pdf.addPage(A4);
    y = A4[1] - MARGIN;
  };
  /** Writes `text` wrapped at `indent`, starting a page whenever the next line would not fit. */
  const write = async (text: string, style: TextStyle, indent = 0, after = 0) => {
    const lineHeight = style.size * 1.45;
    const clean = printable(text);
    const ink = await pen(clean, style);
    for (const line of wrapText(clean, ink.measure, width - indent)) {
      if (y - lineHeight < BOTTOM) newPage();
      y -= lineHeight;
      ink.draw(page, line, MARGIN + indent, y);
    }
    y -= after;
  };

  await write(title, { size: 18, bold: true }, 0, 4);
  await write(
    `${brand.academyName} — export du ${dateTime.format(generatedAt)}, numéro d'étudiant ${subject.studentNumber}.`,
    { size: 10, color: MUTED },
  );
  await write(
    "Au titre de l'article 7 de la loi n° 09-08, ce document liste toutes les données que l'académie détient sur vous, table par table ; donnees.json contient les mêmes données pour un programme, LISEZMOI.txt explique chaque partie et sa durée de conservation.",
    { size: 10, color: MUTED },
    0,
    10,
  );

  const empty: string[] = [];
  for (const table of tables) {
    if (table.rows.length === 0) {
      empty.push(`${tableTitle(table)} (${table.table})`);
      continue;
    }
    if (y - 80 < BOTTOM) newPage();
    y -= 8;
    await write(`${tableTitle(table)} — ${table.rows.length} ligne${table.rows.length > 1 ? "s" : ""}`, {
      size: 13,
      bold: true,
    });
    await write(`Table ${table.table}`, { size: 8.5, color: MUTED });
    for (const part of table.parts) await write(part.purpose, { size: 9.5, color: MUTED });
    y -= 4;
    for (const [index, row] of table.rows.entries()) {
      if (table.rows.length > 1) await write(`Ligne ${index + 1}`, { size: 9.5, bold: true }, 0, 1);
      for (const [column, value] of Object.entries(row)) await write(`${column} : ${shown(value)}`, { size: 9 }, 12);
      y -= 4;
    }
  }
  if (empty.length > 0) {
    y -= 8;
    await write("Sans donnée vous concernant", { size: 13, bold: true });
    await write(empty.join(", "), { size: 9.5, color: MUTED });
  }

  const pages = pdf.getPages();
  for (const [index, each] of pages.entries()) {
    const footer = `${title} — page ${index + 1} / ${pages.length}`;
    (await pen(footer, { size: 8, color: MUTED })).draw(each, footer, MARGIN, 30);
  }
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}
