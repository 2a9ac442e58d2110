import {
  RETENTION_DEFAULTS,
  RETENTION_KEYS,
  type RetentionPatch,
  type RetentionSettings,
  retentionField,
  retentionPatch,
} from "@puerta/contract";
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { rowsOf } from "../../db/migration-level.ts";
import { auditActor, type LiveSession } from "../../lib/staff-session.ts";
import { type AuditChanges, audit } from "../audit/service.ts";

/**
 * The retention periods and the CNDP number (docs/spec/school-year-and-data.md section 4,
 * decision 114): one row, id 1, written by the first PATCH. Until then every reader gets the
 * spec's defaults: an empty database stays empty (a restore wants it so).
 */

const FIELDS = [...RETENTION_KEYS.map(retentionField), "cndp_numero"] as const;

export const DEFAULT_RETENTION: RetentionSettings = { ...RETENTION_DEFAULTS, cndp_numero: null };

type Reader = Pick<Database, "execute">;

export async function readRetention(db: Reader): Promise<RetentionSettings> {
  const [row] = await rowsOf<RetentionSettings>(
    db,
    sql`select anciens_eleves_mois, invitations_mois, messages_mois, traces_mois, emails_envoyes_mois,
      journal_mois, cndp_numero from conservation where id = 1`,
  );
  return row ?? { ...DEFAULT_RETENTION };
}

/**
 * What the privacy page states, read at most once a minute per database (or at once after a PATCH
 * of this process): another process's PATCH shows within the minute.
 */
const CACHE_MS = 60_000;
const cache = new WeakMap<object, { at: number; value: Promise<RetentionSettings> }>();

export function cachedRetention(db: Reader, now = Date.now()): Promise<RetentionSettings> {
  const hit = cache.get(db);
  if (hit && now - hit.at < CACHE_MS) return hit.value;
  const value = readRetention(db);
  cache.set(db, { at: now, value });
  value.catch(() => cache.delete(db));
  return value;
}

export function createRetentionOffice(db: Database) {
  return {
    get: () => readRetention(db),

    /** Upserts row 1 with the fields given; one journal entry with each changed field, before and after. */
    async update(staff: LiveSession, body: RetentionPatch, ip: string | null): Promise<RetentionSettings> {
      const patch = retentionPatch.parse(body);
      const saved = await db.transaction(async (tx) => {
        // The row is locked (or its absence serialised) so that two PATCHes journal true befores.
        await tx.execute(sql`select pg_advisory_xact_lock(80250114)`);
        const before = await readRetention(tx);
        const after: RetentionSettings = { ...before };
        for (const field of FIELDS) {
          const value = patch[field];
          if (value !== undefined) (after as Record<string, unknown>)[field] = value;
        }
        const changes: AuditChanges = {};
        for (const field of FIELDS) {
          if (before[field] !== after[field]) changes[field] = { before: before[field], after: after[field] };
        }
        if (Object.keys(changes).length === 0) return after;
        await tx.execute(
          sql`insert into conservation (id, anciens_eleves_mois, invitations_mois, messages_mois, traces_mois,
              emails_envoyes_mois, journal_mois, cndp_numero, updated_at)
            values (1, ${after.anciens_eleves_mois}, ${after.invitations_mois}, ${after.messages_mois},
              ${after.traces_mois}, ${after.emails_envoyes_mois}, ${after.journal_mois}, ${after.cndp_numero}, now())
            on conflict (id) do update set anciens_eleves_mois = excluded.anciens_eleves_mois,
              invitations_mois = excluded.invitations_mois, messages_mois = excluded.messages_mois,
              traces_mois = excluded.traces_mois, emails_envoyes_mois = excluded.emails_envoyes_mois,
              journal_mois = excluded.journal_mois, cndp_numero = excluded.cndp_numero, updated_at = now()`,
        );
        await audit(tx, {
          actor: auditActor(staff),
          ip,
          action: "modification",
          entity: "donnees-personnelles",
          entityId: 1,
          summary: `Durées de conservation modifiées : ${Object.keys(changes).join(", ")}.`,
          changes,
        });
        return after;
      });
      cache.set(db, { at: Date.now(), value: Promise.resolve(saved) });
      return saved;
    },
  };
}
