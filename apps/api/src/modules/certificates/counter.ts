import { CERTIFICATE_STATUS, type StaffActor } from "@puerta/contract";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { certificateRequests, etudiants } from "../../db/schema/index.ts";

const centreOf = sql<number | null>`coalesce(${etudiants.centreId}, ${certificateRequests.centreId})`;

/** "Demandes en attente" on the dashboard (docs/spec/back-office.md section 3), in the staff member's scope. */
/** Typed where it is listed (modules/dashboard/counters.ts), which imports it. */
export const pendingRequestsCounter = {
  key: "demandes",
  label: "Demandes en attente",
  href: `/gestion/demandes?status=${encodeURIComponent(CERTIFICATE_STATUS.pending).replace("%20", "+")}`,
  permission: "read:demandes" as const,
  async count(db: Database, actor: StaffActor): Promise<number> {
    const pending = eq(certificateRequests.status, CERTIFICATE_STATUS.pending);
    const scope =
      actor.role === "secretariat"
        ? actor.centre_ids.length > 0
          ? inArray(centreOf, actor.centre_ids)
          : sql`false`
        : undefined;
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(certificateRequests)
      .innerJoin(etudiants, eq(etudiants.id, certificateRequests.etudiantId))
      .where(scope ? and(pending, scope) : pending);
    return row?.n ?? 0;
  },
};
