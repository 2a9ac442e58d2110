import type { Entity } from "@puerta/contract";
import type { Database } from "../../db/client.ts";

/**
 * The database or a transaction opened on it (drizzle's transaction has the same query API).
 * Restores and purges run inside the transaction that also writes their audit entry.
 */
export type TrashExecutor = Pick<Database, "select" | "update" | "delete" | "insert" | "execute">;

/** One withdrawn item as the restore bin lists it. */
export type TrashItem = {
  id: number;
  /** What the staff recognise it by: a title, a name, a date and label… */
  title: string;
  withdrawn_at: string;
  /** Display name of the staff member who withdrew it, when known. */
  withdrawn_by: string | null;
  /** The centres it targets (`null` = every centre), for the secretariat's scope. */
  centre_ids: (number | null)[];
};

/**
 * One kind of published thing that "Retirer" sends to the restore bin (docs/spec/back-office.md
 * section 5). Each publishing module exports one (`modules/<name>/trash-kind.ts`); the `trash`
 * module lists, restores and purges every kind through this shape, and knows nothing else of them.
 *
 * Convention shared by every kind: the table has `withdrawn_at timestamptz` and
 * `withdrawn_by integer references staff_users` (both null while published); student queries
 * and iCal feeds leave out rows whose `withdrawn_at` is set.
 */
export type TrashKind = {
  /** URL segment of `/api/gestion/corbeille/{kind}/{id}/restaurer`. */
  kind: "plannings" | "supports" | "orientation" | "parascolaire" | "jours-feries" | "notifications";
  /** French label of the kind in the bin (`Plannings`, `Supports de cours`…). */
  label: string;
  /** The permission entity: restoring needs `update:<entity>` on the item. */
  entity: Entity;
  /** Every withdrawn item of this kind, newest first. */
  listWithdrawn(db: TrashExecutor): Promise<TrashItem[]>;
  /** The withdrawn item `id`, or null when there is none (unknown or not withdrawn). */
  findWithdrawn(db: TrashExecutor, id: number): Promise<TrashItem | null>;
  /** Publishes the item again (clears `withdrawn_at` and `withdrawn_by`). */
  restore(tx: TrashExecutor, id: number): Promise<void>;
  /**
   * Deletes the rows withdrawn before `before` and answers their ids and the storage keys of
   * their files, which the caller deletes once the transaction has committed.
   */
  purge(tx: TrashExecutor, before: Date): Promise<{ ids: number[]; fileKeys: string[] }>;
};
