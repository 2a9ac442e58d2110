import { REFERENTIEL_LABELS, REFERENTIEL_MESSAGES, type ReferentielData, type ReferentielKind } from "@puerta/contract";
import { asc, eq, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client.ts";
import {
  centres,
  certificateRequests,
  coursDocuments,
  etudiants,
  filieres,
  matieres,
  niveaux,
  notifications,
  options,
  planifications,
  staffUserCentres,
} from "../../db/schema/index.ts";
import { HttpError, notFound, validationFailed } from "../../lib/errors.ts";
import type { LiveSession } from "../../lib/staff-session.ts";
import { auditActor } from "../../lib/staff-session.ts";
import { audit, changedFields } from "../audit/service.ts";

const m = REFERENTIEL_MESSAGES;
type Executor = Pick<Database, "select" | "insert" | "update" | "delete">;
type Values = Record<string, unknown>;

const count = async (db: Executor, table: PgTable, where: SQL) => {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table).where(where);
  return row?.n ?? 0;
};

const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;

/**
 * What still refers to an item, in words ("212 étudiants"): a deletion is refused while any
 * remains (docs/spec/back-office.md section 4), so nothing is left pointing at nothing.
 */
const USAGE: Record<ReferentielKind, (db: Executor, id: number) => Promise<string[]>> = {
  async centres(db, id) {
    return [
      plural(await count(db, etudiants, eq(etudiants.centreId, id)), "étudiant", "étudiants"),
      plural(await count(db, planifications, eq(planifications.centreId, id)), "planning", "plannings"),
      plural(
        await count(db, staffUserCentres, eq(staffUserCentres.centreId, id)),
        "compte du secrétariat",
        "comptes du secrétariat",
      ),
      plural(
        await count(db, notifications, sql`${id} = any(${notifications.centreIds})`),
        "notification",
        "notifications",
      ),
      plural(
        await count(db, certificateRequests, eq(certificateRequests.centreId, id)),
        "demande d'attestation",
        "demandes d'attestation",
      ),
    ];
  },
  async filieres(db, id) {
    return [
      plural(await count(db, options, eq(options.filiereId, id)), "option", "options"),
      plural(await count(db, etudiants, eq(etudiants.filiereId, id)), "étudiant", "étudiants"),
      plural(
        await count(db, notifications, sql`${id} = any(${notifications.filiereIds})`),
        "notification",
        "notifications",
      ),
    ];
  },
  async options(db, id) {
    return [
      plural(await count(db, etudiants, eq(etudiants.optionId, id)), "étudiant", "étudiants"),
      plural(await count(db, planifications, eq(planifications.optionId, id)), "planning", "plannings"),
      plural(
        await count(db, notifications, sql`${id} = any(${notifications.optionIds})`),
        "notification",
        "notifications",
      ),
    ];
  },
  async matieres(db, id) {
    return [
      plural(await count(db, niveaux, eq(niveaux.matiereId, id)), "niveau", "niveaux"),
      plural(await count(db, coursDocuments, eq(coursDocuments.matiereId, id)), "document", "documents"),
    ];
  },
  async niveaux(db, id) {
    return [plural(await count(db, coursDocuments, eq(coursDocuments.niveauId, id)), "document", "documents")];
  },
};

const TABLES = { centres, filieres, options, matieres, niveaux } as const;

/** The body's fields as the table's columns. */
const COLUMNS: Record<ReferentielKind, (body: Values) => Values> = {
  centres: (b) => ({ nom: b.nom, adresse: b.adresse, telephone: b.telephone, lienCarte: b.lien_carte }),
  filieres: (b) => ({ nom: b.nom }),
  options: (b) => ({ nom: b.nom, filiereId: b.filiere_id }),
  matieres: (b) => ({ nom: b.nom, description: b.description }),
  niveaux: (b) => ({ nom: b.nom, ordre: b.ordre, matiereId: b.matiere_id }),
};

const andList = (parts: string[]) =>
  parts.length <= 1 ? (parts[0] ?? "") : `${parts.slice(0, -1).join(", ")} et ${parts.at(-1)}`;

const dbCode = (error: unknown): string | undefined => {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
};

/** Centres, filières, options, matières and niveaux (direction): list, create, rename, delete while unused. */
export function createReferentiel(db: Database) {
  /** One kind's rows, in the order the screens list them. */
  async function list<K extends ReferentielKind>(kind: K): Promise<ReferentielData[K]> {
    const rows = {
      centres: () =>
        db
          .select({
            id: centres.id,
            nom: centres.nom,
            adresse: centres.adresse,
            telephone: centres.telephone,
            lien_carte: centres.lienCarte,
          })
          .from(centres)
          .orderBy(asc(centres.nom)),
      filieres: () => db.select({ id: filieres.id, nom: filieres.nom }).from(filieres).orderBy(asc(filieres.nom)),
      options: () =>
        db
          .select({ id: options.id, nom: options.nom, filiere_id: options.filiereId })
          .from(options)
          .orderBy(asc(options.nom)),
      matieres: () =>
        db
          .select({ id: matieres.id, nom: matieres.nom, description: matieres.description })
          .from(matieres)
          .orderBy(asc(matieres.nom)),
      niveaux: () =>
        db
          .select({ id: niveaux.id, nom: niveaux.nom, ordre: niveaux.ordre, matiere_id: niveaux.matiereId })
          .from(niveaux)
          .orderBy(asc(niveaux.matiereId), asc(niveaux.ordre)),
    } satisfies Record<ReferentielKind, () => Promise<unknown>>;
    return (await rows[kind]()) as ReferentielData[K];
  }

  async function all(): Promise<ReferentielData> {
    const [c, f, o, ma, n] = await Promise.all([
      list("centres"),
      list("filieres"),
      list("options"),
      list("matieres"),
      list("niveaux"),
    ]);
    return { centres: c, filieres: f, options: o, matieres: ma, niveaux: n };
  }

  async function findRow(executor: Executor, kind: ReferentielKind, id: number): Promise<Values> {
    const table = TABLES[kind];
    const [row] = await executor
      .select()
      .from(table as typeof centres)
      .where(eq((table as typeof centres).id, id));
    if (!row) throw notFound("Élément introuvable.");
    return row as Values;
  }

  async function assertParents(kind: ReferentielKind, body: Values) {
    if (kind === "options" && typeof body.filiere_id === "number") {
      const [f] = await db.select({ id: filieres.id }).from(filieres).where(eq(filieres.id, body.filiere_id));
      if (!f) throw validationFailed({ filiere_id: [m.filiereUnknown] });
    }
    if (kind === "niveaux" && typeof body.matiere_id === "number") {
      const [x] = await db.select({ id: matieres.id }).from(matieres).where(eq(matieres.id, body.matiere_id));
      if (!x) throw validationFailed({ matiere_id: [m.matiereUnknown] });
    }
  }

  /** A unique name already taken reads as a field error, not a 500. */
  async function writing<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      const code = dbCode(error);
      if (code === "23505") throw validationFailed({ nom: [m.nomTaken] });
      if (code === "23503") throw new HttpError(409, { message: m.stillUsed });
      throw error;
    }
  }

  const label = (row: Values) => String(row.nom ?? "");

  return {
    all,
    list,

    async create(staff: LiveSession, kind: ReferentielKind, body: Values, ip: string) {
      await assertParents(kind, body);
      const values = COLUMNS[kind](body);
      await writing(() =>
        db.transaction(async (tx) => {
          const table = TABLES[kind] as typeof centres;
          const [row] = await tx
            .insert(table)
            .values(values as typeof centres.$inferInsert)
            .returning({ id: table.id });
          await audit(tx, {
            actor: auditActor(staff),
            ip,
            action: "creation",
            entity: "referentiel",
            entityId: `${kind}:${row?.id}`,
            summary: `${REFERENTIEL_LABELS[kind].one[0]?.toUpperCase()}${REFERENTIEL_LABELS[kind].one.slice(1)} « ${label(values)} » créé${kind === "centres" || kind === "niveaux" ? "" : "e"}.`,
            changes: Object.fromEntries(
              Object.entries(values).map(([k, v]) => [k, { before: null, after: v ?? null }]),
            ),
          });
        }),
      );
      return all();
    },

    async update(staff: LiveSession, kind: ReferentielKind, id: number, body: Values, ip: string) {
      await assertParents(kind, body);
      const values = COLUMNS[kind](body);
      await writing(() =>
        db.transaction(async (tx) => {
          const before = await findRow(tx, kind, id);
          const changes = changedFields(before, values, Object.keys(values));
          if (Object.keys(changes).length === 0) return;
          const table = TABLES[kind] as typeof centres;
          await tx
            .update(table)
            .set(values as Partial<typeof centres.$inferInsert>)
            .where(eq(table.id, id));
          await audit(tx, {
            actor: auditActor(staff),
            ip,
            action: "modification",
            entity: "referentiel",
            entityId: `${kind}:${id}`,
            summary: `${REFERENTIEL_LABELS[kind].this} « ${label(before)} » modifié${kind === "centres" || kind === "niveaux" ? "" : "e"}.`,
            changes,
          });
        }),
      );
      return all();
    },

    /** Refused while anything refers to it, with what: 'Ce centre a encore 212 étudiants.' */
    async remove(staff: LiveSession, kind: ReferentielKind, id: number, ip: string) {
      await writing(() =>
        db.transaction(async (tx) => {
          const before = await findRow(tx, kind, id);
          const used = (await USAGE[kind](tx, id)).filter((part) => !part.startsWith("0 "));
          if (used.length > 0) {
            throw new HttpError(409, { message: `${REFERENTIEL_LABELS[kind].this} a encore ${andList(used)}.` });
          }
          const table = TABLES[kind] as typeof centres;
          await tx.delete(table).where(eq(table.id, id));
          await audit(tx, {
            actor: auditActor(staff),
            ip,
            action: "suppression",
            entity: "referentiel",
            entityId: `${kind}:${id}`,
            summary: `${REFERENTIEL_LABELS[kind].this} « ${label(before)} » supprimé${kind === "centres" || kind === "niveaux" ? "" : "e"}.`,
          });
        }),
      );
      return all();
    },
  };
}
