import type { AuditEntry } from "@puerta/contract";

/** An audit entry as the API sends it, for the dashboard's and the journal's tests. */
export const auditEntry = (id: number, summary: string, changes: AuditEntry["changes"] = null): AuditEntry => ({
  id,
  at: "2026-11-25T10:30:00.000Z",
  staff_id: 2,
  staff_name: "Salma Secrétariat",
  role: "secretariat",
  action: "modification",
  entity: "etudiants",
  entity_id: "7",
  summary,
  changes,
  ip: "203.0.113.5",
});
