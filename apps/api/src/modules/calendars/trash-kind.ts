import { formatFrenchDate, holidayScope } from "@puerta/contract";
import { and, desc, eq, isNotNull, lt, sql } from "drizzle-orm";
import {
  joursFeries,
  joursFeriesCentres,
  parascolaireCentres,
  parascolaires,
  staffUsers,
} from "../../db/schema/index.ts";
import { isoTimestamp } from "../../lib/list-sql.ts";
import type { TrashExecutor, TrashItem, TrashKind } from "../trash/kind.ts";

// ------------------------------------------------------------------ events

const p = parascolaires;
const eventItem = {
  id: p.id,
  nom: p.nomEvenement,
  jour: p.jourEvenement,
  withdrawn_at: isoTimestamp(p.withdrawnAt),
  withdrawn_by: staffUsers.name,
  tous: p.tousCentres,
  centres: sql<
    number[]
  >`coalesce((select array_agg(${parascolaireCentres.centreId} order by ${parascolaireCentres.centreId})
    from ${parascolaireCentres} where ${parascolaireCentres.parascolaireId} = ${p.id}), '{}')`,
};

type Raw = {
  id: number;
  nom: string;
  jour: string;
  withdrawn_at: string;
  withdrawn_by: string | null;
  tous: boolean;
  centres: number[];
};
const toItem = (row: Raw): TrashItem => ({
  id: row.id,
  title: `${row.nom} — ${formatFrenchDate(row.jour)}`,
  withdrawn_at: row.withdrawn_at,
  withdrawn_by: row.withdrawn_by,
  centre_ids: row.tous ? [null] : row.centres,
});

async function withdrawnEvents(db: TrashExecutor, id?: number): Promise<TrashItem[]> {
  const rows = await db
    .select(eventItem)
    .from(p)
    .leftJoin(staffUsers, eq(staffUsers.id, p.withdrawnBy))
    .where(and(isNotNull(p.withdrawnAt), id === undefined ? undefined : eq(p.id, id)))
    .orderBy(desc(p.withdrawnAt), desc(p.id));
  return rows.map(toItem);
}

/** Withdrawn extracurricular events in the restore bin (modules/trash/kind.ts). */
export const parascolaireTrashKind: TrashKind = {
  kind: "parascolaire",
  label: "Événements parascolaires",
  entity: "parascolaire",
  listWithdrawn: (db) => withdrawnEvents(db),
  findWithdrawn: async (db, id) => (await withdrawnEvents(db, id))[0] ?? null,
  async restore(tx, id) {
    // A new SEQUENCE so that calendars which saw the cancellation take the event back.
    await tx
      .update(p)
      .set({ withdrawnAt: null, withdrawnBy: null, sequence: sql`${p.sequence} + 1`, updatedAt: sql`now()` })
      .where(and(eq(p.id, id), isNotNull(p.withdrawnAt)));
  },
  async purge(tx, before) {
    const rows = await tx
      .delete(p)
      .where(and(isNotNull(p.withdrawnAt), lt(p.withdrawnAt, before)))
      .returning({ id: p.id, key: p.afficheKey });
    return { ids: rows.map((r) => r.id), fileKeys: rows.flatMap((r) => (r.key ? [r.key] : [])) };
  },
};

// ------------------------------------------------------------------ holidays and closures

const h = joursFeries;
const holidayItem = {
  id: h.id,
  nom: h.nom,
  jour: h.jour,
  withdrawn_at: isoTimestamp(h.withdrawnAt),
  withdrawn_by: staffUsers.name,
  tous: h.fermeTous,
  categorie: h.categorie,
  centres: sql<
    number[]
  >`coalesce((select array_agg(${joursFeriesCentres.centreId} order by ${joursFeriesCentres.centreId})
    from ${joursFeriesCentres} where ${joursFeriesCentres.jourFerieId} = ${h.id}), '{}')`,
};

async function withdrawnHolidays(db: TrashExecutor, id?: number): Promise<TrashItem[]> {
  const rows = await db
    .select(holidayItem)
    .from(h)
    .leftJoin(staffUsers, eq(staffUsers.id, h.withdrawnBy))
    .where(and(isNotNull(h.withdrawnAt), id === undefined ? undefined : eq(h.id, id)))
    .orderBy(desc(h.withdrawnAt), desc(h.id));
  // A generated (national) holiday is every centre's, whatever its centre rows say.
  return rows.map((row) => ({
    ...toItem(row),
    centre_ids: holidayScope({ categorie: row.categorie, tous_centres: row.tous, centre_ids: row.centres }).centre_ids,
  }));
}

/** Withdrawn holidays and closures in the restore bin. */
export const joursFeriesTrashKind: TrashKind = {
  kind: "jours-feries",
  label: "Jours fériés et fermetures",
  entity: "jours-feries",
  listWithdrawn: (db) => withdrawnHolidays(db),
  findWithdrawn: async (db, id) => (await withdrawnHolidays(db, id))[0] ?? null,
  async restore(tx, id) {
    await tx
      .update(h)
      .set({ withdrawnAt: null, withdrawnBy: null, sequence: sql`${h.sequence} + 1`, updatedAt: sql`now()` })
      .where(and(eq(h.id, id), isNotNull(h.withdrawnAt)));
  },
  async purge(tx, before) {
    const rows = await tx
      .delete(h)
      .where(and(isNotNull(h.withdrawnAt), lt(h.withdrawnAt, before)))
      .returning({ id: h.id });
    return { ids: rows.map((r) => r.id), fileKeys: [] };
  },
};
