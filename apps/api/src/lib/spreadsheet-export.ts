import type { FastifyReply } from "fastify";
import { contentDisposition } from "./file-download.ts";

/** One column of an export: its header as the staff read it, and how a row gives its cell. */
export type ExportColumn<Row> = { header: string; value: (row: Row) => string | number | boolean | null | undefined };

/** A cell a spreadsheet would run as a formula starts with one of these (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A cell as text that no spreadsheet runs: a value starting with `=`, `+`, `-`, `@`, a tab or a
 * carriage return gets a leading apostrophe (docs/spec/back-office.md section 4). Numbers stay
 * numbers: a negative number is data, not a formula.
 */
export function neutralisedCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return FORMULA_START.test(value) ? `'${value}` : value;
}

function csvField(text: string): string {
  return /[";\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * The rows as a CSV that Excel in French opens as it is: UTF-8 with a byte-order mark, `;` between
 * fields, CRLF between lines, every cell neutralised.
 */
export function toCsv<Row>(columns: readonly ExportColumn<Row>[], rows: Iterable<Row>): string {
  const lines = [columns.map((column) => csvField(neutralisedCell(column.header))).join(";")];
  for (const row of rows) {
    lines.push(columns.map((column) => csvField(neutralisedCell(column.value(row)))).join(";"));
  }
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

/** `{base}-{YYYY-MM-DD}.{extension}`: the name an export is offered under. */
export function exportFileName(base: string, extension: "csv" | "xlsx", now = new Date()): string {
  return `${base}-${now.toISOString().slice(0, 10)}.${extension}`;
}

/** Sends a CSV export as a download (never cached: it holds personal data). */
export function sendCsv(reply: FastifyReply, fileName: string, csv: string) {
  return reply
    .header("Content-Type", "text/csv; charset=utf-8")
    .header("Content-Disposition", contentDisposition("attachment", fileName))
    .header("X-Content-Type-Options", "nosniff")
    .header("Cache-Control", "private, no-store")
    .send(csv);
}
