import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import fontkit from "@cantoo/fontkit";
import { type PDFDocument, type PDFFont, type PDFPage, rgb } from "@cantoo/pdf-lib";

/**
 * Text in the PDFs the API writes (the attestations, the personal-data export): Noto Sans (every
 * French character) and Noto Naskh Arabic (students' names in Arabic script), both SIL Open Font
 * License 1.1, shipped as TTF by the @embedpdf/fonts-* packages. Embedded as subsets: a document
 * carries only the glyphs it prints.
 */
const fontFile = async (pkg: string, file: string) =>
  readFile(path.join(path.dirname(fileURLToPath(import.meta.resolve(pkg))), "..", "fonts", file));

let fontBytes: Promise<Record<"regular" | "bold" | "arabic" | "arabicBold", Buffer>> | undefined;
function loadFonts() {
  fontBytes ??= (async () => {
    const [regular, bold, arabic, arabicBold] = await Promise.all([
      fontFile("@embedpdf/fonts-latin", "NotoSans-Regular.ttf"),
      fontFile("@embedpdf/fonts-latin", "NotoSans-Bold.ttf"),
      fontFile("@embedpdf/fonts-arabic", "NotoNaskhArabic-Regular.ttf"),
      fontFile("@embedpdf/fonts-arabic", "NotoNaskhArabic-Bold.ttf"),
    ]);
    return { regular, bold, arabic, arabicBold };
  })();
  return fontBytes;
}

export type Fonts = { latin: PDFFont; bold: PDFFont; arabic: PDFFont; arabicBold: PDFFont };
export type TextStyle = { size: number; bold?: boolean; color?: ReturnType<typeof rgb> };

/** The four fonts, embedded as subsets in `pdf`. */
export async function embedFonts(pdf: PDFDocument): Promise<Fonts> {
  const bytes = await loadFonts();
  pdf.registerFontkit(fontkit);
  return {
    latin: await pdf.embedFont(bytes.regular, { subset: true }),
    bold: await pdf.embedFont(bytes.bold, { subset: true }),
    arabic: await pdf.embedFont(bytes.arabic, { subset: true }),
    arabicBold: await pdf.embedFont(bytes.arabicBold, { subset: true }),
  };
}

const ARABIC = /[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff]/;
const ARABIC_RUNS =
  /([\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff][\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff\s]*)/;

export const INK = rgb(0.1, 0.12, 0.16);
export const MUTED = rgb(0.35, 0.38, 0.43);

/** A line split into Latin and Arabic runs, each drawn with a font that has its glyphs. */
function runs(text: string, fonts: Fonts, style: TextStyle) {
  return text
    .split(ARABIC_RUNS)
    .filter((part) => part !== "")
    .map((part) => {
      const arabic = ARABIC.test(part);
      const font = arabic ? (style.bold ? fonts.arabicBold : fonts.arabic) : style.bold ? fonts.bold : fonts.latin;
      return {
        text: arabic ? part.trim() : part,
        font,
        width: font.widthOfTextAtSize(arabic ? part.trim() : part, style.size),
      };
    });
}

export function widthOf(text: string, fonts: Fonts, style: TextStyle) {
  return runs(text, fonts, style).reduce((sum, run) => sum + run.width, 0);
}

export function draw(page: PDFPage, fonts: Fonts, text: string, x: number, y: number, style: TextStyle) {
  let at = x;
  for (const run of runs(text, fonts, style)) {
    page.drawText(run.text, { x: at, y, size: style.size, font: run.font, color: style.color ?? INK });
    at += run.width;
  }
}

/** Words wrapped to `maxWidth`; returns the y below the last line. */
export function paragraph(
  page: PDFPage,
  fonts: Fonts,
  text: string,
  x: number,
  y: number,
  maxWidth: number,
  style: TextStyle,
) {
  const lineHeight = style.size * 1.5;
  let at = y;
  for (const line of wrapText(text, (part) => widthOf(part, fonts, style), maxWidth)) {
    draw(page, fonts, line, x, at, style);
    at -= lineHeight;
  }
  return at;
}

/**
 * `text` as the lines that fit `maxWidth`, `measure` telling a string's width: broken between
 * words, and inside a word too long for a line (an address, a hash); each line break of `text`
 * starts a line. Each word is measured once (a font's shaping is slow): a line's width is its
 * words' and its spaces'.
 */
export function wrapText(text: string, measure: (part: string) => number, maxWidth: number): string[] {
  const widths = new Map<string, number>();
  const widthOfWord = (word: string) => {
    let width = widths.get(word);
    if (width === undefined) {
      width = measure(word);
      widths.set(word, width);
    }
    return width;
  };
  const space = measure(" ");
  const lines: string[] = [];
  for (const source of text.split(/\r?\n/)) {
    let line = "";
    let lineWidth = 0;
    for (const word of source.split(/[ \t]+/).filter((w) => w !== "")) {
      const width = widthOfWord(word);
      if (line && lineWidth + space + width <= maxWidth) {
        line = `${line} ${word}`;
        lineWidth += space + width;
        continue;
      }
      if (line) lines.push(line);
      line = word;
      lineWidth = width;
      // A word wider than the line: cut it where it no longer fits.
      while (lineWidth > maxWidth && line.length > 1) {
        // The longest start that fits (at least one character), found by halving.
        let fits = 1;
        let over = line.length;
        while (over - fits > 1) {
          const middle = (fits + over) >> 1;
          if (measure(line.slice(0, middle)) <= maxWidth) fits = middle;
          else over = middle;
        }
        const cut = fits;
        lines.push(line.slice(0, cut));
        line = line.slice(cut);
        lineWidth = measure(line);
      }
    }
    lines.push(line);
  }
  return lines;
}
