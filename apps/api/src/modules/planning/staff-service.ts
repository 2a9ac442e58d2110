import {
  type Page,
  type PlanningChoices,
  type PlanningUpdateRequest,
  PUBLISHING_TEXT,
  type planningCreateFields,
  type planningsQuery,
  type StaffPlanning,
} from "@puerta/contract";
import { and, asc, desc, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { CoreContext } from "../../context.ts";
import { centres, options, planifications, storedFiles } from "../../db/schema/index.ts";
import { centresWithin, inCentreScope } from "../../lib/centre-scope.ts";
import { notFound, validationFailed } from "../../lib/errors.ts";
import type { DownloadTarget } from "../../lib/file-download.ts";
import { countAll, listPage, searchIn, sortNamed } from "../../lib/list-sql.ts";
import type { ExportColumn } from "../../lib/spreadsheet-export.ts";
import type { LiveSession } from "../../lib/staff-session.ts";
import { assertVisible, assertWritable, auditActor } from "../../lib/staff-session.ts";
import { displayFileName, removeStoredFiles, storeFileWithRow } from "../../lib/uploads/index.ts";
import { audit, changedFields } from "../audit/service.ts";
import { type PdfUpload, publishedFiles } from "../publishing/published-files.ts";
import { assertCurrentYear, assertPastYear, currentYear, yearFilterOf, yearOf } from "../publishing/school-year.ts";

const p = planifications;
const t = PUBLISHING_TEXT;
const ENTITY = "plannings";
const files = publishedFiles(p, { entity: ENTITY, prefix: "plannings", urlBase: "/api/gestion/plannings" });

type Query = z.output<typeof planningsQuery>;
type CreateFields = z.output<typeof planningCreateFields>;

const columns = {
  id: p.id,
  titre: p.titre,
  description: p.description,
  centre: sql<{ id: number; nom: string }>`json_build_object('id', ${centres.id}, 'nom', ${centres.nom})`,
  option: sql<{
    id: number;
    nom: string;
  } | null>`case when ${options.id} is null then null else json_build_object('id', ${options.id}, 'nom', ${options.nom}) end`,
  semaine_debut: p.semaineDebut,
  semaine_fin: p.semaineFin,
  actif: p.actif,
  ...files.columns,
  annee: yearOf(p.anneeId),
};

const SORTS: Record<string, SQL[]> = {
  semaine_debut: [sql`${p.semaineDebut} asc nulls last`],
  "-semaine_debut": [sql`${p.semaineDebut} desc nulls last`],
  centre: [asc(centres.nom)],
  "-centre": [desc(centres.nom)],
  ...files.sorts,
};

/** The plannings a staff member may see: a secretary's own centres only (docs/spec/back-office.md section 1). */
const scopeOf = (staff: LiveSession): SQL | undefined => inCentreScope(staff, "read:plannings");

export const PLANNING_EXPORT_COLUMNS: readonly ExportColumn<StaffPlanning>[] = [
  { header: "Titre", value: (row) => row.titre },
  { header: "Description", value: (row) => row.description },
  { header: "Centre", value: (row) => row.centre.nom },
  { header: "Option", value: (row) => row.option?.nom ?? "Toutes les options" },
  { header: "Semaine de début", value: (row) => row.semaine_debut },
  { header: "Semaine de fin", value: (row) => row.semaine_fin },
  { header: "Actif", value: (row) => (row.actif ? "Oui" : "Non") },
  ...files.exportColumns<StaffPlanning>(),
];

/** The back-office's plannings (`/api/gestion/plannings`, docs/spec/back-office.md section 5). */
export function createPlanningAdmin({ db, storage }: Pick<CoreContext, "db" | "storage">) {
  const base = () =>
    db
      .select(columns)
      .from(p)
      .innerJoin(centres, eq(centres.id, p.centreId))
      .innerJoin(storedFiles, eq(storedFiles.key, p.fileKey))
      .leftJoin(options, eq(options.id, p.optionId));

  /** The list's filters; the year is the current one unless `annee` names another (docs/spec/school-year-and-data.md section 2). */
  async function filters(staff: LiveSession, query: Query): Promise<SQL | undefined> {
    const conditions: (SQL | undefined)[] = [
      isNull(p.withdrawnAt),
      scopeOf(staff),
      await yearFilterOf(db, p.anneeId, query.annee),
    ];
    if (query.centre_id) conditions.push(eq(p.centreId, query.centre_id));
    if (query.option_id === "toutes") conditions.push(isNull(p.optionId));
    else if (query.option_id) conditions.push(eq(p.optionId, query.option_id));
    if (query.actif) conditions.push(eq(p.actif, query.actif === "oui"));
    if (query.q) {
      conditions.push(searchIn(query.q, [p.titre, p.description, p.fileName]));
    }
    return and(...conditions);
  }

  function sortOf(query: Query): SQL[] {
    return sortNamed(SORTS, query.sort ?? "-semaine_debut");
  }

  /** A published planning the staff member may see, or 404 (a secretary's other centres included). */
  async function find(staff: LiveSession, id: number): Promise<StaffPlanning & { centreId: number; fileKey: string }> {
    const [row] = await db
      .select({ ...columns, centreId: p.centreId, fileKey: p.fileKey })
      .from(p)
      .innerJoin(centres, eq(centres.id, p.centreId))
      .innerJoin(storedFiles, eq(storedFiles.key, p.fileKey))
      .leftJoin(options, eq(options.id, p.optionId))
      .where(and(eq(p.id, id), isNull(p.withdrawnAt)));
    if (!row) throw notFound();
    assertVisible(staff, "read:plannings", { centre_ids: [row.centreId] });
    return row;
  }

  async function assertReferences(centreId: number | undefined, optionId: number | null | undefined) {
    if (centreId !== undefined) {
      const [centre] = await db.select({ id: centres.id }).from(centres).where(eq(centres.id, centreId));
      if (!centre) throw validationFailed({ centre_id: [t.centreUnknown] });
    }
    if (optionId) {
      const [option] = await db.select({ id: options.id }).from(options).where(eq(options.id, optionId));
      if (!option) throw validationFailed({ option_id: [t.optionUnknown] });
    }
  }

  const getById = async (staff: LiveSession, id: number): Promise<StaffPlanning> => {
    const { centreId: _c, fileKey: _k, ...planning } = await find(staff, id);
    return planning;
  };

  return {
    async list(staff: LiveSession, query: Query): Promise<Page<StaffPlanning>> {
      const where = await filters(staff, query);
      const order = sortOf(query);
      return listPage(
        query,
        db.select({ n: countAll() }).from(p).innerJoin(centres, eq(centres.id, p.centreId)).where(where),
        (limit, offset) =>
          base()
            .where(where)
            .orderBy(...order, asc(p.id))
            .limit(limit)
            .offset(offset),
      );
    },

    async exportRows(staff: LiveSession, query: Query): Promise<StaffPlanning[]> {
      return base()
        .where(await filters(staff, query))
        .orderBy(...sortOf(query), asc(p.id));
    },

    get: getById,

    /** The centres the form offers (a secretary's own) and every option. */
    async choices(staff: LiveSession): Promise<PlanningChoices> {
      const centreRows = await db
        .select({ id: centres.id, nom: centres.nom })
        .from(centres)
        .where(centresWithin(staff, "create:plannings"))
        .orderBy(asc(centres.nom));
      const optionRows = await db.select({ id: options.id, nom: options.nom }).from(options).orderBy(asc(options.nom));
      return { centres: centreRows, options: optionRows };
    },

    /** One planning per PDF: the file is stored and its row written together (lib/uploads/store.ts). */
    async create(staff: LiveSession, fields: CreateFields, file: PdfUpload, ip: string): Promise<StaffPlanning> {
      await assertReferences(fields.centre_id, fields.option_id);
      assertWritable(staff, "create:plannings", { centre_ids: [fields.centre_id] });
      const id = await files.publish(
        { db, storage },
        {
          staff,
          ip,
          titre: fields.titre,
          file,
          values: () => ({
            titre: fields.titre,
            description: fields.description ?? null,
            centreId: fields.centre_id,
            optionId: fields.option_id ?? null,
            semaineDebut: fields.semaine_debut ?? null,
            semaineFin: fields.semaine_fin ?? null,
            actif: fields.actif ?? true,
          }),
          summary: `Planning « ${fields.titre} » publié.`,
        },
      );
      return getById(staff, id);
    },

    async update(staff: LiveSession, id: number, body: PlanningUpdateRequest, ip: string): Promise<StaffPlanning> {
      const before = await find(staff, id);
      assertCurrentYear(before);
      assertWritable(staff, "update:plannings", { centre_ids: [before.centreId] });
      const parsed = body as z.output<typeof planningCreateFields>;
      await assertReferences(parsed.centre_id, parsed.option_id);
      const current = {
        titre: before.titre,
        description: before.description,
        centre_id: before.centreId,
        option_id: before.option?.id ?? null,
        semaine_debut: before.semaine_debut,
        semaine_fin: before.semaine_fin,
        actif: before.actif,
      };
      const after = { ...current };
      for (const key of Object.keys(current) as (keyof typeof current)[]) {
        if (parsed[key] !== undefined) (after as Record<string, unknown>)[key] = parsed[key];
      }
      // The planning may move only to a centre of the secretary's (403 otherwise, nothing written).
      assertWritable(staff, "update:plannings", { centre_ids: [after.centre_id] });
      if (after.semaine_debut && after.semaine_fin && after.semaine_fin < after.semaine_debut) {
        throw validationFailed({ semaine_fin: [t.weekOrder] });
      }
      await files.update(db, {
        staff,
        ip,
        id,
        set: {
          titre: after.titre,
          description: after.description,
          centreId: after.centre_id,
          optionId: after.option_id,
          semaineDebut: after.semaine_debut,
          semaineFin: after.semaine_fin,
          actif: after.actif,
        },
        changes: changedFields(current, after, Object.keys(current) as (keyof typeof current)[]),
        summary: `Planning « ${after.titre} » modifié.`,
      });
      return getById(staff, id);
    },

    /** The planning a replacement is for, checked before its body is read. */
    async assertReplaceable(staff: LiveSession, id: number) {
      const row = await find(staff, id);
      assertCurrentYear(row);
      assertWritable(staff, "update:plannings", { centre_ids: [row.centreId] });
    },

    /** "Remplacer le PDF": same id and same public file name, so students' links keep working. */
    async replaceFile(staff: LiveSession, id: number, file: PdfUpload, ip: string): Promise<StaffPlanning> {
      const before = await find(staff, id);
      assertCurrentYear(before);
      assertWritable(staff, "update:plannings", { centre_ids: [before.centreId] });
      await storeFileWithRow(
        { db, storage },
        {
          prefix: "plannings",
          file: file.checked,
          downloadName: displayFileName(file.clientName, before.file_name, ".pdf"),
        },
        async (tx, stored) => {
          await tx.update(p).set({ fileKey: stored.key }).where(eq(p.id, id));
          await audit(tx, {
            actor: auditActor(staff),
            ip,
            action: "remplacement_fichier",
            entity: ENTITY,
            entityId: id,
            summary: `PDF du planning « ${before.titre} » remplacé.`,
            changes: { taille_fichier: { before: before.taille_fichier, after: stored.sizeBytes } },
          });
        },
      );
      await removeStoredFiles(storage, [before.fileKey]);
      return getById(staff, id);
    },

    /** "Retirer": gone for students at once, in the restore bin (modules/planning/trash-kind.ts). */
    async withdraw(staff: LiveSession, id: number, ip: string): Promise<void> {
      const before = await find(staff, id);
      assertCurrentYear(before);
      assertWritable(staff, "delete:plannings", { centre_ids: [before.centreId] });
      await files.withdraw(db, {
        staff,
        id,
        ip,
        summary: `Planning « ${before.titre} » retiré (corbeille).`,
      });
    },

    /**
     * "Republier": a closed year's planning copied into the current year, a new row with its own
     * id, public file name and stored copy of the PDF (not the same key: purging either row from
     * the restore bin deletes its file, and must not take the other's), journalled as
     * `republication`. Permission: creating plannings, in the planning's centre.
     */
    async republish(staff: LiveSession, id: number, ip: string): Promise<StaffPlanning> {
      const before = await find(staff, id);
      assertPastYear(before);
      assertWritable(staff, "create:plannings", { centre_ids: [before.centreId] });
      const year = await currentYear(db);
      const bytes = await storage.read(before.fileKey);
      const copy = await files.publish(
        { db, storage },
        {
          staff,
          ip,
          titre: before.titre,
          file: { checked: { bytes, contentType: "application/pdf", extension: ".pdf" }, clientName: before.file_name },
          values: () => ({
            titre: before.titre,
            description: before.description,
            centreId: before.centreId,
            optionId: before.option?.id ?? null,
            semaineDebut: before.semaine_debut,
            semaineFin: before.semaine_fin,
            actif: before.actif,
          }),
          action: "republication",
          summary: `Planning « ${before.titre} » republié pour l'année ${year.label} (copie du planning n° ${id} de ${before.annee.label}).`,
        },
      );
      return getById(staff, copy);
    },

    download: async (staff: LiveSession, id: number): Promise<DownloadTarget> => files.download(await find(staff, id)),
  };
}
