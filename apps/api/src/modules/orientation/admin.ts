import type {
  OrientationUpdateRequest,
  orientationCreateFields,
  orientationQuery,
  Page,
  StaffOrientationDocument,
} from "@puerta/contract";
import { and, asc, desc, eq, ilike, isNull, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { CoreContext } from "../../context.ts";
import { orientationDocuments, storedFiles } from "../../db/schema/index.ts";
import { notFound } from "../../lib/errors.ts";
import type { DownloadTarget } from "../../lib/file-download.ts";
import { containsPattern, isoTimestamp, sortNamed } from "../../lib/list-sql.ts";
import type { ExportColumn } from "../../lib/spreadsheet-export.ts";
import { type CheckedFile, displayFileName, publicFileName, storeFileWithRow } from "../../lib/uploads/index.ts";
import { audit, changedFields } from "../audit/audit.ts";
import type { LiveSession } from "../staff/queries.ts";
import { auditActor } from "../staff/scope.ts";
import { withdrawFile } from "../trash/file-kind.ts";

const o = orientationDocuments;
const ENTITY = "orientation";

type Query = z.output<typeof orientationQuery>;
type CreateFields = z.output<typeof orientationCreateFields>;

const columns = {
  id: o.id,
  titre: o.titre,
  description: o.description,
  file_name: o.fileName,
  taille_fichier: storedFiles.sizeBytes,
  fichier_url: sql<string>`'/api/gestion/orientation/' || ${o.id} || '/fichier'`,
  created_at: isoTimestamp(o.createdAt),
};

const SORTS: Record<string, SQL> = {
  titre: asc(o.titre),
  "-titre": desc(o.titre),
  created_at: asc(o.createdAt),
  "-created_at": desc(o.createdAt),
};

export const ORIENTATION_EXPORT_COLUMNS: readonly ExportColumn<StaffOrientationDocument>[] = [
  { header: "Titre", value: (row) => row.titre },
  { header: "Description", value: (row) => row.description },
  { header: "Fichier", value: (row) => row.file_name },
  { header: "Taille (octets)", value: (row) => row.taille_fichier },
  { header: "Publié le", value: (row) => row.created_at },
];

/** The back-office's orientation documents (`/api/gestion/orientation`, docs/spec/back-office.md section 5). */
export function createOrientationAdmin({ db, storage }: Pick<CoreContext, "db" | "storage">) {
  const base = () => db.select(columns).from(o).innerJoin(storedFiles, eq(storedFiles.key, o.fileKey));

  function filters(query: Query): SQL | undefined {
    const conditions: (SQL | undefined)[] = [isNull(o.withdrawnAt)];
    if (query.q) {
      const pattern = containsPattern(query.q);
      conditions.push(or(ilike(o.titre, pattern), ilike(o.description, pattern)));
    }
    return and(...conditions);
  }

  function sortOf(query: Query): SQL {
    return sortNamed(SORTS, query.sort ?? "-created_at");
  }

  async function find(id: number) {
    const [row] = await db
      .select({ ...columns, fileKey: o.fileKey })
      .from(o)
      .innerJoin(storedFiles, eq(storedFiles.key, o.fileKey))
      .where(and(eq(o.id, id), isNull(o.withdrawnAt)));
    if (!row) throw notFound();
    return row;
  }

  const get = async (id: number): Promise<StaffOrientationDocument> => {
    const { fileKey: _key, ...document } = await find(id);
    return document;
  };

  return {
    async list(query: Query): Promise<Page<StaffOrientationDocument>> {
      const where = filters(query);
      const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(o).where(where);
      const data = await base()
        .where(where)
        .orderBy(sortOf(query), asc(o.id))
        .limit(query.per_page)
        .offset((query.page - 1) * query.per_page);
      return { data, page: query.page, per_page: query.per_page, total: count?.n ?? 0 };
    },

    exportRows: (query: Query) => base().where(filters(query)).orderBy(sortOf(query), asc(o.id)),

    get,

    async create(
      staff: LiveSession,
      fields: CreateFields,
      file: { checked: CheckedFile; clientName: string },
      ip: string,
    ): Promise<StaffOrientationDocument> {
      const fileName = publicFileName(fields.titre, ".pdf");
      const id = await storeFileWithRow(
        { db, storage },
        { prefix: "orientation", file: file.checked, downloadName: displayFileName(file.clientName, fileName, ".pdf") },
        async (tx, stored) => {
          const values = { titre: fields.titre, description: fields.description ?? null };
          const [row] = await tx
            .insert(o)
            .values({ ...values, fileName, fileKey: stored.key })
            .returning({ id: o.id });
          if (!row) throw new Error("orientation insert returned nothing");
          await audit(tx, {
            actor: auditActor(staff),
            ip,
            action: "creation",
            entity: ENTITY,
            entityId: row.id,
            summary: `Document d'orientation « ${fields.titre} » publié.`,
            changes: {
              titre: { before: null, after: values.titre },
              description: { before: null, after: values.description },
              fichier: { before: null, after: fileName },
            },
          });
          return row.id;
        },
      );
      return get(id);
    },

    async update(staff: LiveSession, id: number, body: OrientationUpdateRequest, ip: string) {
      const before = await find(id);
      const parsed = body as Partial<CreateFields>;
      const after = {
        titre: parsed.titre ?? before.titre,
        description: parsed.description === undefined ? before.description : parsed.description,
      };
      const changes = changedFields(before, after, ["titre", "description"]);
      if (Object.keys(changes).length > 0) {
        await db.transaction(async (tx) => {
          await tx.update(o).set(after).where(eq(o.id, id));
          await audit(tx, {
            actor: auditActor(staff),
            ip,
            action: "modification",
            entity: ENTITY,
            entityId: id,
            summary: `Document d'orientation « ${after.titre} » modifié.`,
            changes,
          });
        });
      }
      return get(id);
    },

    async withdraw(staff: LiveSession, id: number, ip: string): Promise<void> {
      const before = await find(id);
      await withdrawFile(db, o, {
        staff,
        id,
        ip,
        entity: ENTITY,
        summary: `Document d'orientation « ${before.titre} » retiré (corbeille).`,
      });
    },

    async download(id: number): Promise<DownloadTarget> {
      const row = await find(id);
      return { key: row.fileKey, downloadName: row.file_name };
    },
  };
}
