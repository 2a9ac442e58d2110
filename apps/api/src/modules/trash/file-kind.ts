import { and, desc, eq, isNotNull, lt, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client.ts";
import { staffUsers } from "../../db/schema/index.ts";
import { isoTimestamp } from "../../lib/list-sql.ts";
import type { LiveSession } from "../../lib/staff-session.ts";
import { auditActor } from "../../lib/staff-session.ts";
import { audit } from "../audit/service.ts";
import type { TrashItem, TrashKind } from "./kind.ts";

/** A published file table with the withdrawal columns of kind.ts and one stored file a row. */
export type WithdrawableFileTable = PgTable & {
  id: AnyPgColumn;
  titre: AnyPgColumn;
  withdrawnAt: AnyPgColumn;
  withdrawnBy: AnyPgColumn;
  fileKey: AnyPgColumn;
};

/**
 * The restore bin's kind for a table of published PDFs (plannings, course and orientation
 * documents): they differ only by their table and by whom they target, one centre (`centre`) or
 * every centre (no column).
 */
export function withdrawableFileKind(
  meta: Pick<TrashKind, "kind" | "label" | "entity">,
  table: WithdrawableFileTable,
  centre?: AnyPgColumn,
): TrashKind {
  const columns = {
    id: sql<number>`${table.id}`,
    title: sql<string>`${table.titre}`,
    withdrawn_at: isoTimestamp(table.withdrawnAt),
    withdrawn_by: staffUsers.name,
    centre_id: centre ? sql<number | null>`${centre}` : sql<number | null>`null::integer`,
  };
  const toItem = ({ centre_id, ...row }: Omit<TrashItem, "centre_ids"> & { centre_id: number | null }): TrashItem => ({
    ...row,
    centre_ids: [centre_id],
  });
  const withdrawn = isNotNull(table.withdrawnAt);
  const rows = (db: Parameters<TrashKind["listWithdrawn"]>[0]) =>
    db.select(columns).from(table).leftJoin(staffUsers, eq(staffUsers.id, table.withdrawnBy));

  return {
    ...meta,
    async listWithdrawn(db) {
      return (await rows(db).where(withdrawn).orderBy(desc(table.withdrawnAt), desc(table.id))).map(toItem);
    },
    async findWithdrawn(db, id) {
      const [row] = await rows(db).where(and(eq(table.id, id), withdrawn));
      return row ? toItem(row) : null;
    },
    async restore(tx, id) {
      // The column names are kind.ts's convention; a qualified name is not allowed after SET.
      await tx.execute(sql`update ${table} set withdrawn_at = null, withdrawn_by = null where ${table.id} = ${id}`);
    },
    async purge(tx, before) {
      const purged = await tx
        .select({ id: sql<number>`${table.id}`, fileKey: sql<string>`${table.fileKey}` })
        .from(table)
        .where(and(withdrawn, lt(table.withdrawnAt, before)));
      if (purged.length > 0) {
        await tx.execute(sql`delete from ${table} where ${table.id} in ${purged.map((row) => row.id)}`);
      }
      return { ids: purged.map((row) => row.id), fileKeys: purged.map((row) => row.fileKey) };
    },
  };
}

/**
 * "Retirer" for a published PDF (plannings, course and orientation documents): hidden from
 * students at once, into the bin, with its audit entry in the same transaction.
 */
export async function withdrawFile(
  db: Pick<Database, "transaction">,
  table: WithdrawableFileTable,
  entry: { staff: LiveSession; id: number; ip: string; entity: string; summary: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`update ${table} set withdrawn_at = now(), withdrawn_by = ${entry.staff.id}
        where ${table.id} = ${entry.id} and withdrawn_at is null`,
    );
    await audit(tx, {
      actor: auditActor(entry.staff),
      ip: entry.ip,
      action: "retrait",
      entity: entry.entity,
      entityId: entry.id,
      summary: entry.summary,
    });
  });
}
