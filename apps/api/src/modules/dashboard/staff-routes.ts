import { can, dashboardResponse, STAFF_LIMITS } from "@puerta/contract";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../app-context.ts";
import { actorOf, staffCaller } from "../../lib/staff-session.ts";
import type { RouteScopes } from "../../route-scopes.ts";
import { createJournal } from "../audit/staff-service.ts";
import { dashboardCounters } from "./staff-service.ts";

/** `GET /api/gestion/tableau-de-bord`: the counters and the last journal entries the person may see. */
export async function dashboardRoutes({ staff: scope }: RouteScopes, { db }: AppContext) {
  const journal = createJournal(db);
  scope
    .withTypeProvider<ZodTypeProvider>()
    .get(
      "/api/gestion/tableau-de-bord",
      { config: { staff: { permission: "read:tableau-de-bord" } }, schema: { response: { 200: dashboardResponse } } },
      async (request) => {
        const staff = staffCaller(request);
        const actor = actorOf(staff);
        // Whoever reads the journal sees its last entries; the others, their own.
        const [counters, entries] = await Promise.all([
          dashboardCounters(db, actor),
          journal.latest(STAFF_LIMITS.dashboardJournalEntries, can(actor, "read:journal") ? null : staff.id),
        ]);
        return { counters, journal: entries };
      },
    );
}
