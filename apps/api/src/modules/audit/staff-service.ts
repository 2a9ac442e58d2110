import type { AuditEntry, JournalQuery, Page } from "@puerta/contract";
import { and, asc, desc, eq, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { auditLog } from "../../db/schema/index.ts";
import { withinAcademyDays } from "../../lib/academy-time.ts";
import { notFound } from "../../lib/errors.ts";
import { countAll, listPage, searchIn, sortNamed } from "../../lib/list-sql.ts";

const SORTS: Record<string, SQL> = {
  at: asc(auditLog.at),
  "-at": desc(auditLog.at),
  action: asc(auditLog.action),
  "-action": desc(auditLog.action),
  entity: asc(auditLog.entity),
  "-entity": desc(auditLog.entity),
  staff_name: asc(auditLog.staffName),
  "-staff_name": desc(auditLog.staffName),
};

const toEntry = (row: typeof auditLog.$inferSelect): AuditEntry => ({
  id: row.id,
  at: row.at.toISOString(),
  staff_id: row.staffId,
  staff_name: row.staffName,
  role: row.role,
  action: row.action,
  entity: row.entity,
  entity_id: row.entityId,
  summary: row.summary,
  changes: row.changes ?? null,
  ip: row.ip,
});

/** Reading the audit log: the journal screen (direction) and the dashboard's last entries. */
export function createJournal(db: Database) {
  return {
    async list(query: JournalQuery): Promise<Page<AuditEntry>> {
      const sort = sortNamed(SORTS, query.sort ?? "-at");
      const conditions: SQL[] = [];
      if (query.staff_id) conditions.push(eq(auditLog.staffId, query.staff_id));
      if (query.entity) conditions.push(eq(auditLog.entity, query.entity));
      if (query.action) conditions.push(eq(auditLog.action, query.action));
      // Dates are days of Casablanca, where the academy is, by the API's clock (decision 086).
      conditions.push(...withinAcademyDays(auditLog.at, query.from, query.to));
      if (query.q) {
        conditions.push(searchIn(query.q, [auditLog.summary, auditLog.staffName]));
      }
      const where = conditions.length > 0 ? and(...conditions) : undefined;
      return listPage(query, db.select({ n: countAll() }).from(auditLog).where(where), async (limit, offset) => {
        const rows = await db
          .select()
          .from(auditLog)
          .where(where)
          .orderBy(sort, desc(auditLog.id))
          .limit(limit)
          .offset(offset);
        return rows.map(toEntry);
      });
    },

    async get(id: number): Promise<AuditEntry> {
      const [row] = await db.select().from(auditLog).where(eq(auditLog.id, id));
      if (!row) throw notFound();
      return toEntry(row);
    },

    /** The last entries a person may see: everything for whoever reads the journal, else their own. */
    async latest(limit: number, onlyStaffId: number | null): Promise<AuditEntry[]> {
      const rows = await db
        .select()
        .from(auditLog)
        .where(onlyStaffId === null ? undefined : eq(auditLog.staffId, onlyStaffId))
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(limit);
      return rows.map(toEntry);
    },
  };
}

export type Journal = ReturnType<typeof createJournal>;
