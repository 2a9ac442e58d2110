import type { FastifyReply } from "fastify";
import type { Database } from "../../db/client.ts";
import { type ExportColumn, exportFileName, sendCsv, toCsv } from "../../lib/spreadsheet-export.ts";
import type { LiveSession } from "../../lib/staff-session.ts";
import { auditActor } from "../../lib/staff-session.ts";
import { audit } from "./service.ts";

/** The journal's sentence for the export of a list: which list, how many rows. */
export const listExportSummary = (listLabel: string, rows: number) =>
  `Export CSV de la liste des ${listLabel} (${rows} ligne${rows > 1 ? "s" : ""}).`;

/**
 * A CSV export, journalled (docs/spec/back-office.md section 7): the `export` entry (who, which
 * list, how many rows), then `rows` in `columns` as `{base}-{date}.csv`.
 */
export async function sendAuditedCsv<Row>(
  reply: FastifyReply,
  db: Database,
  entry: { staff: LiveSession; ip: string; entity: string; entityId?: number; summary: string },
  file: { base: string; columns: readonly ExportColumn<Row>[]; rows: readonly Row[] },
) {
  await audit(db, {
    actor: auditActor(entry.staff),
    ip: entry.ip,
    action: "export",
    entity: entry.entity,
    entityId: entry.entityId,
    summary: entry.summary,
  });
  return sendCsv(reply, exportFileName(file.base, "csv"), toCsv(file.columns, file.rows));
}
