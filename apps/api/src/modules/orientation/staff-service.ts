import type {
  OrientationUpdateRequest,
  orientationCreateFields,
  orientationQuery,
  Page,
  StaffOrientationDocument,
} from "@puerta/contract";
import { and, asc, eq, isNull, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { CoreContext } from "../../context.ts";
import { orientationDocuments, storedFiles } from "../../db/schema/index.ts";
import { notFound } from "../../lib/errors.ts";
import type { DownloadTarget } from "../../lib/file-download.ts";
import { countAll, listPage, searchIn, sortNamed } from "../../lib/list-sql.ts";
import type { ExportColumn } from "../../lib/spreadsheet-export.ts";
import type { LiveSession } from "../../lib/staff-session.ts";
import { changedFields } from "../audit/service.ts";
import { type PdfUpload, publishedFiles } from "../publishing/published-files.ts";

const o = orientationDocuments;
const files = publishedFiles(o, { entity: "orientation", prefix: "orientation", urlBase: "/api/gestion/orientation" });

type Query = z.output<typeof orientationQuery>;
type CreateFields = z.output<typeof orientationCreateFields>;

const columns = {
  id: o.id,
  titre: o.titre,
  description: o.description,
  ...files.columns,
};

export const ORIENTATION_EXPORT_COLUMNS: readonly ExportColumn<StaffOrientationDocument>[] = [
  { header: "Titre", value: (row) => row.titre },
  { header: "Description", value: (row) => row.description },
  ...files.exportColumns<StaffOrientationDocument>(),
];

/** The back-office's orientation documents (`/api/gestion/orientation`, docs/spec/back-office.md section 5). */
export function createOrientationAdmin({ db, storage }: Pick<CoreContext, "db" | "storage">) {
  const base = () => db.select(columns).from(o).innerJoin(storedFiles, eq(storedFiles.key, o.fileKey));

  function filters(query: Query): SQL | undefined {
    const conditions: (SQL | undefined)[] = [isNull(o.withdrawnAt)];
    if (query.q) {
      conditions.push(searchIn(query.q, [o.titre, o.description]));
    }
    return and(...conditions);
  }

  function sortOf(query: Query): SQL[] {
    return sortNamed(files.sorts, query.sort ?? "-created_at");
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
      return listPage(query, db.select({ n: countAll() }).from(o).where(where), (limit, offset) =>
        base()
          .where(where)
          .orderBy(...sortOf(query), asc(o.id))
          .limit(limit)
          .offset(offset),
      );
    },

    exportRows: (query: Query) =>
      base()
        .where(filters(query))
        .orderBy(...sortOf(query), asc(o.id)),

    get,

    async create(
      staff: LiveSession,
      fields: CreateFields,
      file: PdfUpload,
      ip: string,
    ): Promise<StaffOrientationDocument> {
      const id = await files.publish(
        { db, storage },
        {
          staff,
          ip,
          titre: fields.titre,
          file,
          values: () => ({ titre: fields.titre, description: fields.description ?? null }),
          summary: `Document d'orientation « ${fields.titre} » publié.`,
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
      await files.update(db, {
        staff,
        ip,
        id,
        set: after,
        changes: changedFields(before, after, ["titre", "description"]),
        summary: `Document d'orientation « ${after.titre} » modifié.`,
      });
      return get(id);
    },

    async withdraw(staff: LiveSession, id: number, ip: string): Promise<void> {
      const before = await find(id);
      await files.withdraw(db, {
        staff,
        id,
        ip,
        summary: `Document d'orientation « ${before.titre} » retiré (corbeille).`,
      });
    },

    download: async (id: number): Promise<DownloadTarget> => files.download(await find(id)),
  };
}
