import { ACADEMY_TIME_ZONE } from "@puerta/contract";
import type { FastifyReply } from "fastify";
import { contentDisposition } from "./file-download.ts";

/** One column of an export: its header as the staff read it, and how a row gives its cell. */
export type ExportColumn<Row> = { header: string; value: (row: Row) => string | number | boolean | null | undefined };

/**
 * A cell a spreadsheet would run as a formula starts with one of these (OWASP "CSV injection"),
 * including their full-width forms (＝ ＋ － ＠), which some spreadsheets fold to ASCII.
 */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

const exportDateTimeFormat = new Intl.DateTimeFormat("fr-FR", {
  dateStyle: "short",
  timeStyle: "short",
  timeZone: ACADEMY_TIME_ZONE,
});

/**
 * An instant as the staff read it in an export: Casablanca time, French form
 * (`26/11/2026 05:53`); empty when there is none.
 */
export function exportDateTime(value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === "") return "";
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? String(value) : exportDateTimeFormat.format(date);
}

/** A calendar day (`YYYY-MM-DD`) in French form (`26/11/2026`); empty when there is none. */
export function exportDate(day: string | null | undefined): string {
  if (!day) return "";
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : day;
}

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

/**
 * A cell of an XLSX export. Its cells are typed text (never formulas), so a value starting with
 * `+` (a phone number) is written as it is, without the CSV's apostrophe.
 */
export function xlsxCell(value: string | number | boolean | null | undefined): string | number | boolean | undefined {
  return value ?? undefined;
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
