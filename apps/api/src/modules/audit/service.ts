import type { Database } from "../../db/client.ts";
import { auditLog } from "../../db/schema/index.ts";
import type { AuditActor } from "../../lib/staff-session.ts";

export type { AuditActor };

/** The database or a transaction opened on it: the entry is written with the change it records. */
export type AuditExecutor = Pick<Database, "insert">;

export type AuditChanges = Record<string, { before: unknown; after: unknown }>;

export type AuditEntryInput = {
  actor: AuditActor | null;
  ip: string | null;
  /** A short slug: `creation`, `modification`, `connexion`, `echec_2fa`… */
  action: string;
  /** The permission table's entity (`comptes`, `etudiants`…), so the journal filters by it. */
  entity: string;
  entityId?: string | number | null;
  /** One short French sentence. */
  summary: string;
  changes?: AuditChanges | null;
};

/** Fields whose value never enters the journal, whatever a caller passes (docs/spec/back-office.md section 7). */
const SECRET_FIELD = /pass|hash|token|secret|recovery|cookie|session/i;

/**
 * Appends one entry to the audit log. Every staff write calls it with the transaction of the
 * write, so the change and its entry are committed, or rolled back, together.
 */
export async function audit(executor: AuditExecutor, entry: AuditEntryInput): Promise<void> {
  const changes = entry.changes ? withoutSecrets(entry.changes) : null;
  await executor.insert(auditLog).values({
    staffId: entry.actor?.id ?? null,
    staffName: entry.actor?.name ?? null,
    role: entry.actor?.role ?? null,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    summary: entry.summary,
    changes: changes && Object.keys(changes).length > 0 ? changes : null,
    ip: entry.ip,
  });
}

function withoutSecrets(changes: AuditChanges): AuditChanges {
  return Object.fromEntries(Object.entries(changes).filter(([field]) => !SECRET_FIELD.test(field)));
}

/** The fields among `fields` whose value differs between `before` and `after`, as the journal shows them. */
export function changedFields<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
  fields: readonly (keyof T & string)[],
): AuditChanges {
  const out: AuditChanges = {};
  for (const field of fields) {
    if (!(field in after)) continue;
    if (JSON.stringify(before[field]) !== JSON.stringify(after[field])) {
      out[field] = { before: before[field] ?? null, after: after[field] ?? null };
    }
  }
  return out;
}
