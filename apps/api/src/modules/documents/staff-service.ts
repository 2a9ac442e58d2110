import {
  type CourseDocumentsOrderRequest,
  type CourseDocumentUpdateRequest,
  type courseDocumentCreateFields,
  type courseDocumentsOrderRequest,
  type courseDocumentsQuery,
  type Page,
  PUBLISHING_TEXT,
  type StaffCourseDocument,
  type SupportSubjects,
} from "@puerta/contract";
import { and, asc, desc, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { CoreContext } from "../../context.ts";
import { coursDocuments, matieres, niveaux, storedFiles } from "../../db/schema/index.ts";
import { notFound, validationFailed } from "../../lib/errors.ts";
import type { DownloadTarget } from "../../lib/file-download.ts";
import { countAll, listPage, searchIn, sortNamed } from "../../lib/list-sql.ts";
import type { ExportColumn } from "../../lib/spreadsheet-export.ts";
import type { LiveSession } from "../../lib/staff-session.ts";
import { auditActor } from "../../lib/staff-session.ts";
import { audit, changedFields } from "../audit/service.ts";
import { type PdfUpload, publishedFiles } from "../publishing/published-files.ts";

const c = coursDocuments;
const t = PUBLISHING_TEXT;
const ENTITY = "supports";
const files = publishedFiles(c, { entity: ENTITY, prefix: "cours", urlBase: "/api/gestion/supports/documents" });

type Query = z.output<typeof courseDocumentsQuery>;
type CreateFields = z.output<typeof courseDocumentCreateFields>;
type OrderRequest = z.output<typeof courseDocumentsOrderRequest>;

const columns = {
  id: c.id,
  matiere: sql<{ id: number; nom: string }>`json_build_object('id', ${matieres.id}, 'nom', ${matieres.nom})`,
  niveau: sql<{
    id: number;
    nom: string;
  } | null>`case when ${niveaux.id} is null then null else json_build_object('id', ${niveaux.id}, 'nom', ${niveaux.nom}) end`,
  titre: c.titre,
  description: c.description,
  mois: c.mois,
  annee: c.annee,
  ordre: c.ordre,
  ...files.columns,
};

/** The staff order, as students see it (modules/documents/queries.ts). */
const IN_ORDER = [asc(matieres.nom), sql`${niveaux.ordre} asc nulls first`, asc(c.ordre), desc(c.createdAt), asc(c.id)];

const SORTS: Record<string, SQL[]> = {
  ordre: IN_ORDER,
  ...files.sorts,
};

const MONTHS = new Intl.DateTimeFormat("fr-FR", { month: "long", timeZone: "UTC" });
const monthYear = (mois: number | null, annee: number | null) =>
  mois && annee ? `${MONTHS.format(new Date(Date.UTC(annee, mois - 1, 1)))} ${annee}` : "";

export const SUPPORT_EXPORT_COLUMNS: readonly ExportColumn<StaffCourseDocument>[] = [
  { header: "Matière", value: (row) => row.matiere.nom },
  { header: "Niveau", value: (row) => row.niveau?.nom ?? "" },
  { header: "Ordre", value: (row) => row.ordre },
  { header: "Titre", value: (row) => row.titre },
  { header: "Description", value: (row) => row.description },
  { header: "Mois", value: (row) => monthYear(row.mois, row.annee) },
  ...files.exportColumns<StaffCourseDocument>(),
];

/** The same subject and level (a subject without levels: niveau null). */
const sameGroup = (matiereId: number, niveauId: number | null) =>
  and(eq(c.matiereId, matiereId), niveauId === null ? isNull(c.niveauId) : eq(c.niveauId, niveauId));

/** The back-office's course documents (`/api/gestion/supports/documents`, docs/spec/back-office.md section 5). */
export function createSupportsAdmin({ db, storage }: Pick<CoreContext, "db" | "storage">) {
  const base = () =>
    db
      .select(columns)
      .from(c)
      .innerJoin(matieres, eq(matieres.id, c.matiereId))
      .leftJoin(niveaux, eq(niveaux.id, c.niveauId))
      .innerJoin(storedFiles, eq(storedFiles.key, c.fileKey));

  function filters(query: Query): SQL | undefined {
    const conditions: (SQL | undefined)[] = [isNull(c.withdrawnAt)];
    if (query.matiere_id) conditions.push(eq(c.matiereId, query.matiere_id));
    if (query.niveau_id === "aucun") conditions.push(isNull(c.niveauId));
    else if (query.niveau_id) conditions.push(eq(c.niveauId, query.niveau_id));
    if (query.q) {
      conditions.push(searchIn(query.q, [c.titre, c.description]));
    }
    return and(...conditions);
  }

  function sortOf(query: Query): SQL[] {
    return sortNamed(SORTS, query.sort ?? "ordre");
  }

  async function find(id: number) {
    const [row] = await db
      .select({ ...columns, fileKey: c.fileKey })
      .from(c)
      .innerJoin(matieres, eq(matieres.id, c.matiereId))
      .leftJoin(niveaux, eq(niveaux.id, c.niveauId))
      .innerJoin(storedFiles, eq(storedFiles.key, c.fileKey))
      .where(and(eq(c.id, id), isNull(c.withdrawnAt)));
    if (!row) throw notFound();
    return row;
  }

  const get = async (id: number): Promise<StaffCourseDocument> => {
    const { fileKey: _key, ...document } = await find(id);
    return document;
  };

  /** The subject exists; the level is one of its own, and is given when the subject has levels. */
  async function assertPlace(matiereId: number, niveauId: number | null) {
    const [subject] = await db.select({ id: matieres.id }).from(matieres).where(eq(matieres.id, matiereId));
    if (!subject) throw validationFailed({ matiere_id: [t.matiereUnknown] });
    const levels = await db.select({ id: niveaux.id }).from(niveaux).where(eq(niveaux.matiereId, matiereId));
    if (niveauId === null) {
      if (levels.length > 0) throw validationFailed({ niveau_id: [t.niveauRequired] });
    } else if (!levels.some((level) => level.id === niveauId)) {
      throw validationFailed({ niveau_id: [t.niveauUnknown] });
    }
  }

  return {
    async subjects(): Promise<SupportSubjects> {
      const subjects = await db
        .select({ id: matieres.id, nom: matieres.nom })
        .from(matieres)
        .orderBy(asc(matieres.nom));
      const levels = await db
        .select({ id: niveaux.id, nom: niveaux.nom, matiereId: niveaux.matiereId })
        .from(niveaux)
        .orderBy(asc(niveaux.ordre), asc(niveaux.id));
      const counts = await db
        .select({ matiereId: c.matiereId, n: sql<number>`count(*)::int` })
        .from(c)
        .where(isNull(c.withdrawnAt))
        .groupBy(c.matiereId);
      return {
        matieres: subjects.map((subject) => ({
          ...subject,
          niveaux: levels
            .filter((level) => level.matiereId === subject.id)
            .map((level) => ({ id: level.id, nom: level.nom })),
          documents: counts.find((count) => count.matiereId === subject.id)?.n ?? 0,
        })),
      };
    },

    async list(query: Query): Promise<Page<StaffCourseDocument>> {
      const where = filters(query);
      return listPage(query, db.select({ n: countAll() }).from(c).where(where), (limit, offset) =>
        base()
          .where(where)
          .orderBy(...sortOf(query))
          .limit(limit)
          .offset(offset),
      );
    },

    exportRows: (query: Query) =>
      base()
        .where(filters(query))
        .orderBy(...sortOf(query)),

    get,

    /** A new document goes last in its subject and level. */
    async create(staff: LiveSession, fields: CreateFields, file: PdfUpload, ip: string): Promise<StaffCourseDocument> {
      const niveauId = fields.niveau_id ?? null;
      await assertPlace(fields.matiere_id, niveauId);
      const id = await files.publish(
        { db, storage },
        {
          staff,
          ip,
          titre: fields.titre,
          file,
          values: async (tx) => {
            const [last] = await tx
              .select({ ordre: sql<number>`coalesce(max(${c.ordre}), 0)::int` })
              .from(c)
              .where(and(sameGroup(fields.matiere_id, niveauId), isNull(c.withdrawnAt)));
            return {
              matiereId: fields.matiere_id,
              niveauId,
              titre: fields.titre,
              description: fields.description ?? null,
              mois: fields.mois,
              annee: fields.annee,
              ordre: (last?.ordre ?? 0) + 1,
            };
          },
          summary: `Support de cours « ${fields.titre} » publié.`,
        },
      );
      return get(id);
    },

    async update(staff: LiveSession, id: number, body: CourseDocumentUpdateRequest, ip: string) {
      const before = await find(id);
      const parsed = body as Partial<CreateFields>;
      const after = {
        titre: parsed.titre ?? before.titre,
        description: parsed.description === undefined ? before.description : parsed.description,
        mois: parsed.mois ?? before.mois,
        annee: parsed.annee ?? before.annee,
      };
      await files.update(db, {
        staff,
        ip,
        id,
        set: after,
        changes: changedFields(before, after, ["titre", "description", "mois", "annee"]),
        summary: `Support de cours « ${after.titre} » modifié.`,
      });
      return get(id);
    },

    /**
     * The new order of one subject's (and level's) documents: every published document of the
     * group, each once, else 422 (a list that changed meanwhile is not half-applied).
     */
    async reorder(staff: LiveSession, body: CourseDocumentsOrderRequest, ip: string): Promise<StaffCourseDocument[]> {
      const { matiere_id, niveau_id, ids } = body as OrderRequest;
      await db.transaction(async (tx) => {
        const current = await tx
          .select({ id: c.id, ordre: c.ordre })
          .from(c)
          .where(and(sameGroup(matiere_id, niveau_id), isNull(c.withdrawnAt)))
          .orderBy(asc(c.ordre), desc(c.createdAt), asc(c.id))
          .for("update");
        const known = new Set(current.map((row) => row.id));
        if (ids.length !== known.size || new Set(ids).size !== ids.length || !ids.every((id) => known.has(id))) {
          throw validationFailed({ ids: [t.orderInvalid] });
        }
        const beforeOrder = current.map((row) => row.id);
        if (beforeOrder.every((id, index) => ids[index] === id)) return;
        for (const [index, id] of ids.entries()) {
          await tx
            .update(c)
            .set({ ordre: index + 1 })
            .where(eq(c.id, id));
        }
        await audit(tx, {
          actor: auditActor(staff),
          ip,
          action: "reordonnancement",
          entity: ENTITY,
          entityId: null,
          summary: `Ordre des supports de cours modifié (${ids.length} documents).`,
          changes: { ordre: { before: beforeOrder, after: ids } },
        });
      });
      return base()
        .where(and(sameGroup(matiere_id, niveau_id), isNull(c.withdrawnAt)))
        .orderBy(...IN_ORDER);
    },

    async withdraw(staff: LiveSession, id: number, ip: string): Promise<void> {
      const before = await find(id);
      await files.withdraw(db, {
        staff,
        id,
        ip,
        summary: `Support de cours « ${before.titre} » retiré (corbeille).`,
      });
    },

    download: async (id: number): Promise<DownloadTarget> => files.download(await find(id)),
  };
}
