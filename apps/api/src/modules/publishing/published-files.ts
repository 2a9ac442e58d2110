import { asc, desc, eq, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { CoreContext } from "../../context.ts";
import type { Database } from "../../db/client.ts";
import { storedFiles } from "../../db/schema/index.ts";
import type { DownloadTarget } from "../../lib/file-download.ts";
import { isoTimestamp } from "../../lib/list-sql.ts";
import { type ExportColumn, exportDateTime } from "../../lib/spreadsheet-export.ts";
import type { LiveSession } from "../../lib/staff-session.ts";
import { auditActor } from "../../lib/staff-session.ts";
import {
  type CheckedFile,
  displayFileName,
  publicFileName,
  storeFileWithRow,
  type Transaction,
} from "../../lib/uploads/index.ts";
import { type AuditChanges, audit } from "../audit/service.ts";
import { type WithdrawableFileTable, withdrawFile } from "../trash/file-kind.ts";

/**
 * What the back-office's tables of published PDFs (plannings, course and orientation documents,
 * docs/spec/back-office.md section 5) share: their file columns, sorts and export columns, and
 * how a PDF is published and a row's edit journalled.
 */
export type PublishedFileTable = WithdrawableFileTable & { fileName: AnyPgColumn; createdAt: AnyPgColumn };

/** A PDF as the upload handed it over: checked bytes and the name on the staff member's disk. */
export type PdfUpload = { checked: CheckedFile; clientName: string };

/** The file columns of a published PDF row (joined on `stored_files`), its URL under `urlBase`. */
function publishedFileColumns(table: PublishedFileTable, urlBase: string) {
  return {
    file_name: sql<string>`${table.fileName}`,
    taille_fichier: storedFiles.sizeBytes,
    fichier_url: sql<string>`${sql.raw(`'${urlBase}/'`)} || ${table.id} || '/fichier'`,
    created_at: isoTimestamp(table.createdAt),
  };
}

/** The sorts every list of published PDFs offers, by title and by publication. */
const publishedFileSorts = (table: PublishedFileTable): Record<string, SQL[]> => ({
  titre: [asc(table.titre)],
  "-titre": [desc(table.titre)],
  created_at: [asc(table.createdAt)],
  "-created_at": [desc(table.createdAt)],
});

/** The export's last columns: the file, its size, its publication. */
function publishedFileExportColumns<
  Row extends { file_name: string; taille_fichier: number; created_at: string },
>(): ExportColumn<Row>[] {
  return [
    { header: "Fichier", value: (row) => row.file_name },
    { header: "Taille (octets)", value: (row) => row.taille_fichier },
    { header: "Publié le", value: (row) => exportDateTime(row.created_at) },
  ];
}

const downloadOf = (row: { fileKey: string; file_name: string }): DownloadTarget => ({
  key: row.fileKey,
  downloadName: row.file_name,
});

/**
 * "Publier": the PDF stored under `prefix`, its row (with the values `values` gives inside the
 * transaction) and the journal's `creation` entry written together (lib/uploads/store.ts).
 * The public file name comes from the title. Returns the new row's id.
 */
function publishFile(
  { db, storage }: Pick<CoreContext, "db" | "storage">,
  table: PublishedFileTable,
  entry: {
    staff: LiveSession;
    ip: string;
    entity: string;
    prefix: string;
    titre: string;
    file: PdfUpload;
    values: (tx: Transaction) => Promise<Record<string, unknown>> | Record<string, unknown>;
    summary: string;
    /** The journal's action: `creation` unless told (`republication`, a closed year's item copied). */
    action?: string;
  },
): Promise<number> {
  const fileName = publicFileName(entry.titre, ".pdf");
  return storeFileWithRow(
    { db, storage },
    {
      prefix: entry.prefix,
      file: entry.file.checked,
      downloadName: displayFileName(entry.file.clientName, fileName, ".pdf"),
    },
    async (tx, stored) => {
      const values = await entry.values(tx);
      const [row] = await tx
        .insert(table)
        .values({ ...values, fileName, fileKey: stored.key } as never)
        .returning({ id: table.id });
      if (!row) throw new Error(`${entry.entity} insert returned nothing`);
      const id = row.id as number;
      await audit(tx, {
        actor: auditActor(entry.staff),
        ip: entry.ip,
        action: entry.action ?? "creation",
        entity: entry.entity,
        entityId: id,
        summary: entry.summary,
        changes: Object.fromEntries(
          Object.entries({ ...values, fichier: fileName }).map(([field, after]) => [field, { before: null, after }]),
        ),
      });
      return id;
    },
  );
}

/** "Modifier": the new values and the journal's `modification` entry together; nothing when `changes` is empty. */
async function updatePublishedFile(
  db: Pick<Database, "transaction">,
  table: PublishedFileTable,
  entry: {
    staff: LiveSession;
    ip: string;
    entity: string;
    id: number;
    set: Record<string, unknown>;
    changes: AuditChanges;
    summary: string;
  },
): Promise<void> {
  if (Object.keys(entry.changes).length === 0) return;
  await db.transaction(async (tx) => {
    await tx
      .update(table)
      .set(entry.set as never)
      .where(eq(table.id, entry.id));
    await audit(tx, {
      actor: auditActor(entry.staff),
      ip: entry.ip,
      action: "modification",
      entity: entry.entity,
      entityId: entry.id,
      summary: entry.summary,
      changes: entry.changes,
    });
  });
}

type Entry<T> = Omit<T, "entity" | "prefix">;

/**
 * The pieces above bound to one table: its journal entity, its storage prefix and its file
 * URL's base (`/api/gestion/plannings`), so that an admin service names them once.
 */
export function publishedFiles(table: PublishedFileTable, meta: { entity: string; prefix: string; urlBase: string }) {
  return {
    columns: publishedFileColumns(table, meta.urlBase),
    sorts: publishedFileSorts(table),
    exportColumns: publishedFileExportColumns,
    download: downloadOf,
    publish: (deps: Pick<CoreContext, "db" | "storage">, entry: Entry<Parameters<typeof publishFile>[2]>) =>
      publishFile(deps, table, { ...entry, entity: meta.entity, prefix: meta.prefix }),
    update: (db: Pick<Database, "transaction">, entry: Entry<Parameters<typeof updatePublishedFile>[2]>) =>
      updatePublishedFile(db, table, { ...entry, entity: meta.entity }),
    withdraw: (db: Pick<Database, "transaction">, entry: Entry<Parameters<typeof withdrawFile>[2]>) =>
      withdrawFile(db, table, { ...entry, entity: meta.entity }),
  };
}
