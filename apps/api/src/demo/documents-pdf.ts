import { brand } from "@puerta/contract/brand";
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import { rgbOfHex } from "../lib/brand.ts";

/*
 * Small, real PDF documents for the demo (A4, standard Helvetica in WinAnsi, so French
 * accents and Spanish ñ/¿/¡ print as they are). Drawn with pdf-lib, never copied blobs.
 */

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;
const brandRgb = rgbOfHex(brand.color);
/** The app's brand colour (packages/contract/src/brand/brand.json), as in the e-mails and attestations. */
const BRAND = rgb(brandRgb.red, brandRgb.green, brandRgb.blue);
const INK = rgb(0.12, 0.14, 0.19);
const MUTED = rgb(0.39, 0.45, 0.55);

type Fonts = { regular: PDFFont; bold: PDFFont };

export type PdfSection = { heading: string; paragraphs: string[] };
export type PdfTable = { columns: string[]; rows: string[][] };

export type PdfContent = {
  title: string;
  subtitle: string;
  /** Shown under the subtitle: centre, option, week, level… */
  details: string[];
  sections?: PdfSection[];
  table?: PdfTable;
};

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) > width && line) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

class Writer {
  private page: PDFPage;
  private y: number;
  private readonly doc: PDFDocument;
  private readonly fonts: Fonts;
  constructor(doc: PDFDocument, fonts: Fonts) {
    this.doc = doc;
    this.fonts = fonts;
    this.page = doc.addPage(A4);
    this.y = A4[1] - MARGIN;
  }
  private room(height: number) {
    if (this.y - height < MARGIN + 20) {
      this.page = this.doc.addPage(A4);
      this.y = A4[1] - MARGIN;
    }
  }
  banner(title: string, subtitle: string) {
    this.page.drawRectangle({ x: 0, y: A4[1] - 110, width: A4[0], height: 110, color: BRAND });
    this.page.drawText("PUERTA - Académie Selectividad Casablanca", {
      x: MARGIN,
      y: A4[1] - 40,
      size: 10,
      font: this.fonts.bold,
      color: rgb(1, 1, 1),
    });
    const titleLines = wrap(title, this.fonts.bold, 18, A4[0] - 2 * MARGIN).slice(0, 2);
    titleLines.forEach((line, i) => {
      this.page.drawText(line, {
        x: MARGIN,
        y: A4[1] - 66 - i * 22,
        size: 18,
        font: this.fonts.bold,
        color: rgb(1, 1, 1),
      });
    });
    this.y = A4[1] - 140;
    this.text(subtitle, { size: 12, font: this.fonts.bold, color: INK });
  }
  text(text: string, options: { size?: number; font?: PDFFont; color?: ReturnType<typeof rgb>; gap?: number } = {}) {
    const size = options.size ?? 10.5;
    const font = options.font ?? this.fonts.regular;
    for (const line of wrap(text, font, size, A4[0] - 2 * MARGIN)) {
      this.room(size + 4);
      this.page.drawText(line, { x: MARGIN, y: this.y, size, font, color: options.color ?? INK });
      this.y -= size + 4;
    }
    this.y -= options.gap ?? 4;
  }
  table({ columns, rows }: PdfTable) {
    const width = (A4[0] - 2 * MARGIN) / columns.length;
    const rowHeight = 34;
    const drawRow = (cells: string[], header: boolean) => {
      this.room(rowHeight);
      cells.forEach((cell, i) => {
        const x = MARGIN + i * width;
        this.page.drawRectangle({
          x,
          y: this.y - rowHeight + 10,
          width,
          height: rowHeight,
          borderColor: MUTED,
          borderWidth: 0.5,
          color: header ? rgb(0.96, 0.9, 0.9) : undefined,
        });
        const font = header || i === 0 ? this.fonts.bold : this.fonts.regular;
        wrap(cell, font, 8, width - 6)
          .slice(0, 3)
          .forEach((line, l) => {
            this.page.drawText(line, { x: x + 3, y: this.y - l * 10, size: 8, font, color: INK });
          });
      });
      this.y -= rowHeight;
    };
    drawRow(columns, true);
    for (const row of rows) drawRow(row, false);
    this.y -= 10;
  }
}

export async function renderPdf(content: PdfContent): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.setTitle(content.title);
  doc.setAuthor("Puerta");
  doc.setLanguage("fr-FR");
  doc.setCreationDate(new Date(Date.UTC(2025, 8, 1)));
  doc.setModificationDate(new Date(Date.UTC(2025, 8, 1)));
  const fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
  const writer = new Writer(doc, fonts);
  writer.banner(content.title, content.subtitle);
  for (const detail of content.details) writer.text(detail, { color: MUTED, gap: 0 });
  writer.text("", { gap: 8 });
  if (content.table) writer.table(content.table);
  for (const section of content.sections ?? []) {
    writer.text(section.heading, { size: 13, font: fonts.bold, color: BRAND });
    for (const paragraph of section.paragraphs) writer.text(paragraph, { gap: 6 });
  }
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
