import { PDFDocument, type PDFPage } from "@cantoo/pdf-lib";
import { brand } from "@puerta/contract/brand";
import { draw, embedFonts, MUTED, type TextStyle, wrapText } from "../../lib/pdf-text.ts";
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
  const fonts = await embedFonts(pdf);
  const width = A4[0] - 2 * MARGIN;

  let page: PDFPage = pdf.addPage(A4);
  let y = A4[1] - MARGIN;
  const newPage = () => {
    page = pdf.addPage(A4);
    y = A4[1] - MARGIN;
  };
  /** Writes `text` wrapped at `indent`, starting a page whenever the next line would not fit. */
  const write = (text: string, style: TextStyle, indent = 0, after = 0) => {
    const lineHeight = style.size * 1.45;
    for (const line of wrapText(printable(text), fonts, style, width - indent)) {
      if (y - lineHeight < BOTTOM) newPage();
      y -= lineHeight;
      draw(page, fonts, line, MARGIN + indent, y, style);
    }
    y -= after;
  };

  write(title, { size: 18, bold: true }, 0, 4);
  write(
    `${brand.academyName} — export du ${dateTime.format(generatedAt)}, numéro d'étudiant ${subject.studentNumber}.`,
    { size: 10, color: MUTED },
  );
  write(
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
    write(`${tableTitle(table)} — ${table.rows.length} ligne${table.rows.length > 1 ? "s" : ""}`, {
      size: 13,
      bold: true,
    });
    write(`Table ${table.table}`, { size: 8.5, color: MUTED });
    for (const part of table.parts) write(part.purpose, { size: 9.5, color: MUTED });
    y -= 4;
    table.rows.forEach((row, index) => {
      if (table.rows.length > 1) write(`Ligne ${index + 1}`, { size: 9.5, bold: true }, 0, 1);
      for (const [column, value] of Object.entries(row)) write(`${column} : ${shown(value)}`, { size: 9 }, 12);
      y -= 4;
    });
  }
  if (empty.length > 0) {
    y -= 8;
    write("Sans donnée vous concernant", { size: 13, bold: true });
    write(empty.join(", "), { size: 9.5, color: MUTED });
  }

  const pages = pdf.getPages();
  for (const [index, each] of pages.entries()) {
    draw(each, fonts, `${title} — page ${index + 1} / ${pages.length}`, MARGIN, 30, { size: 8, color: MUTED });
  }
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}
