import { and, desc, eq, isNotNull, lt, sql } from "drizzle-orm";
import { notifications, staffUsers } from "../../db/schema/index.ts";
import { notificationCentres } from "../../lib/centre-scope.ts";
import { isoTimestamp } from "../../lib/list-sql.ts";
import type { TrashItem, TrashKind } from "../trash/kind.ts";

const n = notifications;

const item = {
  id: n.id,
  title: n.titre,
  withdrawn_at: isoTimestamp(n.withdrawnAt),
  withdrawn_by: sql<string | null>`(select s.name from ${staffUsers} s where s.id = ${n.withdrawnBy})`,
  centre_ids: notificationCentres,
};

/** Withdrawn notifications in the restore bin (modules/trash): restored as they were, audience and all. */
export const notificationsTrashKind: TrashKind = {
  kind: "notifications",
  label: "Notifications",
  entity: "notifications",
  async listWithdrawn(db) {
    return (await db.select(item).from(n).where(isNotNull(n.withdrawnAt)).orderBy(desc(n.withdrawnAt))) as TrashItem[];
  },
  async findWithdrawn(db, id) {
    const [row] = await db
      .select(item)
      .from(n)
      .where(and(eq(n.id, id), isNotNull(n.withdrawnAt)));
    return (row as TrashItem | undefined) ?? null;
  },
  async restore(tx, id) {
    await tx.update(n).set({ withdrawnAt: null, withdrawnBy: null, updatedAt: sql`now()` }).where(eq(n.id, id));
  },
  async purge(tx, before) {
    const rows = await tx.delete(n).where(lt(n.withdrawnAt, before)).returning({ id: n.id, photoKey: n.photoKey });
    return {
      ids: rows.map((row) => row.id),
      fileKeys: rows.flatMap((row) => (row.photoKey ? [row.photoKey] : [])),
    };
  },
};
