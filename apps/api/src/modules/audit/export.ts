import type { Database } from "../../db/client.ts";
import type { LiveSession } from "../staff/queries.ts";
import { auditActor } from "../staff/scope.ts";
import { audit } from "./audit.ts";

/** An export is journalled (docs/spec/back-office.md section 7): who, which list, how many rows. */
export async function auditExport(
  db: Database,
  staff: LiveSession,
  ip: string,
  entity: string,
  rows: number,
  listLabel: string,
) {
  await audit(db, {
    actor: auditActor(staff),
    ip,
    action: "export",
    entity,
    summary: `Export CSV de la liste des ${listLabel} (${rows} ligne${rows > 1 ? "s" : ""}).`,
  });
}
