import { and, desc, eq, isNotNull, lt, sql } from "drizzle-orm";
import { orientationDocuments, staffUsers } from "../../db/schema/index.ts";
import type { TrashExecutor, TrashItem, TrashKind } from "../trash/kind.ts";

const p = orientationDocuments;

const itemColumns = {
  id: p.id,
  title: p.titre,
  withdrawn_at: sql<string>`to_char(${p.withdrawnAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  withdrawn_by: staffUsers.name,
};

/** Every student sees orientation documents: they target every centre. */
const toItem = (row: Omit<TrashItem, "centre_ids">): TrashItem => ({ ...row, centre_ids: [null] });

const withdrawnRows = (db: TrashExecutor) =>
  db.select(itemColumns).from(p).leftJoin(staffUsers, eq(staffUsers.id, p.withdrawnBy));

/** Withdrawn orientation documents in the restore bin (modules/trash/kind.ts); open to every centre. */
export const orientationTrashKind: TrashKind = {
  kind: "orientation",
  label: "Documents d'orientation",
  entity: "orientation",

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
