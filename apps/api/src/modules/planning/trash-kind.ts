import { and, desc, eq, isNotNull, lt, sql } from "drizzle-orm";
import { planifications, staffUsers } from "../../db/schema/index.ts";
import type { TrashExecutor, TrashItem, TrashKind } from "../trash/kind.ts";

const p = planifications;

const itemColumns = {
  id: p.id,
  title: p.titre,
  withdrawn_at: sql<string>`to_char(${p.withdrawnAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  withdrawn_by: staffUsers.name,
  centreId: p.centreId,
};

const toItem = ({ centreId, ...row }: { centreId: number } & Omit<TrashItem, "centre_ids">): TrashItem => ({
  ...row,
  centre_ids: [centreId],
});

const withdrawnRows = (db: TrashExecutor) =>
  db.select(itemColumns).from(p).leftJoin(staffUsers, eq(staffUsers.id, p.withdrawnBy));

/** Withdrawn plannings in the restore bin (modules/trash/kind.ts); a planning targets its one centre. */
export const planningTrashKind: TrashKind = {
  kind: "plannings",
  label: "Plannings",
  entity: "plannings",

  async listWithdrawn(db) {
    const rows = await withdrawnRows(db).where(isNotNull(p.withdrawnAt)).orderBy(desc(p.withdrawnAt), desc(p.id));
    return rows.map(toItem);
  },

  async findWithdrawn(db, id) {
    const [row] = await withdrawnRows(db).where(and(eq(p.id, id), isNotNull(p.withdrawnAt)));
    return row ? toItem(row) : null;
  },

  async restore(tx, id) {
    await tx.update(p).set({ withdrawnAt: null, withdrawnBy: null }).where(eq(p.id, id));
  },

  async purge(tx, before) {
    const rows = await tx
      .delete(p)
      .where(and(isNotNull(p.withdrawnAt), lt(p.withdrawnAt, before)))
      .returning({ id: p.id, fileKey: p.fileKey });
    return { ids: rows.map((row) => row.id), fileKeys: rows.map((row) => row.fileKey) };
  },
};
