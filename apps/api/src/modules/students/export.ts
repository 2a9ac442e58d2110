import {
  ACADEMY_TIME_ZONE,
  LEAVING_REASON_LABELS,
  SCHOOL_STATUS_LABELS,
  STUDENT_STATUS_LABELS,
  type StaffStudent,
} from "@puerta/contract";
import type { FastifyReply } from "fastify";
import { contentDisposition } from "../../lib/file-download.ts";
import { type ExportColumn, exportDate, xlsxCell } from "../../lib/spreadsheet-export.ts";

const dateTime = new Intl.DateTimeFormat("fr-FR", {
  dateStyle: "short",
  timeStyle: "short",
  timeZone: ACADEMY_TIME_ZONE,
});

/** The list's columns (docs/spec/back-office.md section 4), as both exports write them. */
export const STUDENT_EXPORT_COLUMNS: readonly ExportColumn<StaffStudent>[] = [
  { header: "Nom", value: (s) => s.nom },
  { header: "Prénom", value: (s) => s.prenom },
  { header: "E-mail", value: (s) => s.email },
  { header: "Téléphone", value: (s) => s.telephone },
  { header: "CIN", value: (s) => s.cin },
  { header: "Numéro étudiant", value: (s) => s.numero_etudiant },
  { header: "Centre", value: (s) => s.centre?.nom },
  { header: "Option", value: (s) => s.option?.nom },
  { header: "Filière", value: (s) => s.filiere?.nom },
  { header: "Statut", value: (s) => STUDENT_STATUS_LABELS[s.statut] },
  { header: "Promotion", value: (s) => s.promotion },
  { header: "Statut scolaire", value: (s) => SCHOOL_STATUS_LABELS[s.statut_scolaire] },
  { header: "Sorti le", value: (s) => exportDate(s.sorti_le) },
  { header: "Motif de sortie", value: (s) => (s.motif_sortie ? LEAVING_REASON_LABELS[s.motif_sortie] : "") },
  {
    header: "Politique",
    value: (s) =>
      s.politique_acceptee
        ? `Acceptée${s.politique_version ? ` (v${s.politique_version})` : ""}`
        : s.politique_version
          ? `Non acceptée (dernière : v${s.politique_version})`
          : "Non acceptée",
  },
  { header: "Dernière connexion", value: (s) => (s.last_login_at ? dateTime.format(new Date(s.last_login_at)) : "") },
];

/**
 * The same rows as an XLSX workbook. Its cells are typed text or numbers, never formulas, so no
 * apostrophe is added (the CSV keeps `neutralisedCell`: a spreadsheet evaluates its `+`, `=`…).
 */
export async function toXlsx<Row>(columns: readonly ExportColumn<Row>[], rows: readonly Row[]): Promise<Buffer> {
  const header = columns.map((column) => ({ value: column.header, fontWeight: "bold" as const }));
  const body = rows.map((row) => columns.map((column) => ({ value: xlsxCell(column.value(row)) })));
  // Loaded by the first XLSX export, not at start (decision 080).
  const { default: writeXlsxFile } = await import("write-excel-file/node");
  const buffer = await writeXlsxFile([header, ...body], { buffer: true });
  return buffer as Buffer;
}

export function sendXlsx(reply: FastifyReply, fileName: string, bytes: Buffer) {
  return reply
    .header("Content-Type", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
    .header("Content-Disposition", contentDisposition("attachment", fileName))
    .header("X-Content-Type-Options", "nosniff")
    .header("Cache-Control", "private, no-store")
    .send(bytes);
}
