import {
  can,
  type Page,
  STAFF_MESSAGES,
  type StaffActor,
  TRASH_RETENTION_DAYS,
  type TrashItemView,
  type TrashQuery,
} from "@puerta/contract";
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { forbidden, notFound } from "../../lib/errors.ts";
import type { LiveSession } from "../../lib/staff-session.ts";
import { actorOf, auditActor } from "../../lib/staff-session.ts";
import type { FileStorage } from "../../lib/storage/index.ts";
import { audit } from "../audit/service.ts";
import type { TrashKind } from "./kind.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Any 64-bit number of our own: the purge's advisory lock, so one process purges at a time. */
const PURGE_LOCK = 80_250_001;

const restorable = (actor: StaffActor, kind: TrashKind) => can(actor, `update:${kind.entity}`);

/**
 * The restore bin `/gestion/corbeille` (docs/spec/back-office.md section 5): what "Retirer" set
 * aside, of every kind the staff member may restore (`update:<entity>`, and for the secretariat
 * only items inside her centres), newest first; restored with an audit entry, and purged with
 * their files 30 days after withdrawal.
 */
export function createTrash({
  db,
  storage,
  kinds,
}: {
  db: Database;
  storage: Pick<FileStorage, "remove">;
  kinds: readonly TrashKind[];
}) {
  const byName = new Map(kinds.map((kind) => [kind.kind, kind]));

  return {
    async list(
      staff: LiveSession,
      query: TrashQuery,
    ): Promise<Page<TrashItemView> & { kinds: { kind: string; label: string }[] }> {
      const actor = actorOf(staff);
      const mine = kinds.filter((kind) => restorable(actor, kind));
      const shown = mine.filter((kind) => !query.kind || kind.kind === query.kind);
      const lists = await Promise.all(
        shown.map(async (kind) =>
          (await kind.listWithdrawn(db))
            .filter((item) => can(actor, `update:${kind.entity}`, item))
            .map((item) => ({
              kind: kind.kind,
              kind_label: kind.label,
              id: item.id,
              title: item.title,
              withdrawn_at: item.withdrawn_at,
              withdrawn_by: item.withdrawn_by,
              purge_at: new Date(Date.parse(item.withdrawn_at) + TRASH_RETENTION_DAYS * DAY_MS).toISOString(),
            })),
        ),
      );
      const needle = query.q?.toLocaleLowerCase("fr");
      const all = lists
        .flat()
        .filter((item) => !needle || item.title.toLocaleLowerCase("fr").includes(needle))
        .sort((a, b) => b.withdrawn_at.localeCompare(a.withdrawn_at) || b.id - a.id);
      const start = (query.page - 1) * query.per_page;
      return {
        data: all.slice(start, start + query.per_page),
        page: query.page,
        per_page: query.per_page,
        total: all.length,
        kinds: mine.map(({ kind, label }) => ({ kind, label })),
      };
    },

    /** Publishes the item again; 404 for an unknown kind or item, or one outside her centres. */
    async restore(staff: LiveSession, kindName: string, id: number, ip: string) {
      const kind = byName.get(kindName as TrashKind["kind"]);
      if (!kind) throw notFound();
      const actor = actorOf(staff);
      if (!restorable(actor, kind)) throw forbidden(STAFF_MESSAGES.forbidden);
      await db.transaction(async (tx) => {
        const item = await kind.findWithdrawn(tx, id);
        if (!item || !can(actor, `update:${kind.entity}`, item)) throw notFound();
        await kind.restore(tx, id);
        await audit(tx, {
          actor: auditActor(staff),
          ip,
          action: "restauration",
          entity: kind.entity,
          entityId: id,
          summary: `${kind.label} : « ${item.title} » restauré depuis la corbeille.`,
          changes: { withdrawn_at: { before: item.withdrawn_at, after: null } },
        });
      });
    },

    /**
     * Deletes, for good, what was withdrawn more than 30 days before `now`, then its files. An
     * advisory lock makes one process do it when several run the job; the others skip that run.
     */
    async purge(now: Date = new Date()) {
      const before = new Date(now.getTime() - TRASH_RETENTION_DAYS * DAY_MS);
      const fileKeys: string[] = [];
      const purged: Record<string, number[]> = {};
      await db.transaction(async (tx) => {
        const lock = (await tx.execute(sql`select pg_try_advisory_xact_lock(${PURGE_LOCK}) as ok`)) as unknown as {
          rows: { ok: boolean }[];
        };
        if (!lock.rows[0]?.ok) return;
        for (const kind of kinds) {
          const { ids, fileKeys: keys } = await kind.purge(tx, before);
          if (ids.length === 0) continue;
          purged[kind.kind] = ids;
          fileKeys.push(...keys);
          await audit(tx, {
            actor: null,
            ip: null,
            action: "purge",
            entity: kind.entity,
            summary: `Corbeille : ${ids.length} ${kind.label.toLocaleLowerCase("fr")} supprimé(s) définitivement après ${TRASH_RETENTION_DAYS} jours.`,
            changes: { ids: { before: ids, after: null } },
          });
        }
      });
      // Files go once the rows are gone for good: a failed commit leaves both in place.
      for (const key of fileKeys) await storage.remove(key).catch(() => undefined);
      return purged;
    },
  };
}

export type Trash = ReturnType<typeof createTrash>;
