import { auditEntry, idParam, journalPage, journalQuery } from "@puerta/contract";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../app-context.ts";
import type { RouteScopes } from "../../route-scopes.ts";
import { createJournal } from "./staff-service.ts";

/** `/api/gestion/journal` (direction): read only; no route changes or deletes an entry. */
export async function auditRoutes({ staff }: RouteScopes, { db }: AppContext) {
  const journal = createJournal(db);
  const r = staff.withTypeProvider<ZodTypeProvider>();
  const access = { staff: { permission: "read:journal" as const } };

  r.get(
    "/api/gestion/journal",
    { config: access, schema: { querystring: journalQuery, response: { 200: journalPage } } },
    async (request) => journal.list(request.query),
  );

  r.get(
    "/api/gestion/journal/:id",
    { config: access, schema: { params: z.object({ id: idParam }), response: { 200: auditEntry } } },
    async (request) => journal.get(request.params.id),
  );
}
