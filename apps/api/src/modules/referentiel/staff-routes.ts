import {
  centresResponse,
  idParam,
  REFERENTIEL_KINDS,
  REFERENTIEL_REQUESTS,
  referentielData,
  type SchoolYearStatus,
  schoolYearLabel,
  schoolYearOptionsResponse,
} from "@puerta/contract";
import { asc, desc } from "drizzle-orm";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../app-context.ts";
import { centres, schoolYears } from "../../db/schema/index.ts";
import { clientIp } from "../../lib/client-ip.ts";
import { staffCaller } from "../../lib/staff-session.ts";
import type { RouteScopes } from "../../route-scopes.ts";
import { createReferentiel } from "./staff-service.ts";

/**
 * Reference data for the back-office: the centres for pickers, to any signed-in staff member;
 * and `/gestion/referentiel` (direction): every kind, created, renamed, deleted while unused.
 */
export async function referentielRoutes({ staff: scope }: RouteScopes, { db }: AppContext) {
  scope
    .withTypeProvider<ZodTypeProvider>()
    .get(
      "/api/gestion/referentiel/centres",
      { config: { staff: {} }, schema: { response: { 200: centresResponse } } },
      async () => ({
        data: await db.select({ id: centres.id, name: centres.nom }).from(centres).orderBy(asc(centres.nom)),
      }),
    );

  // The school years, newest first, for the *Année* filter of the publishing lists (any staff
  // member: `/api/gestion/annees` and its counts are the direction's).
  scope
    .withTypeProvider<ZodTypeProvider>()
    .get(
      "/api/gestion/referentiel/annees",
      { config: { staff: {} }, schema: { response: { 200: schoolYearOptionsResponse } } },
      async () => {
        const rows = await db
          .select({ id: schoolYears.id, debut: schoolYears.debutAnnee, statut: schoolYears.statut })
          .from(schoolYears)
          .orderBy(desc(schoolYears.debutAnnee));
        return {
          data: rows.map((row) => ({
            id: row.id,
            label: schoolYearLabel(row.debut),
            statut: row.statut as SchoolYearStatus,
          })),
        };
      },
    );

  const referentiel = createReferentiel(db);
  const s = scope.withTypeProvider<ZodTypeProvider>();
  s.get(
    "/api/gestion/referentiel",
    { config: { staff: { permission: "read:referentiel" } }, schema: { response: { 200: referentielData } } },
    async () => referentiel.all(),
  );
  // One kind's list, for the pickers of every screen (docs/spec/back-office.md section 8); the
  // centres' picker list is the route above.
  for (const kind of REFERENTIEL_KINDS) {
    if (kind === "centres") continue;
    s.get(
      `/api/gestion/referentiel/${kind}`,
      { config: { staff: {} }, schema: { response: { 200: z.object({ data: referentielData.shape[kind] }) } } },
      async () => ({ data: await referentiel.list(kind) }),
    );
  }
  for (const kind of REFERENTIEL_KINDS) {
    const body = REFERENTIEL_REQUESTS[kind];
    const byId = z.object({ id: idParam });
    s.post(
      `/api/gestion/referentiel/${kind}`,
      {
        config: { staff: { permission: "create:referentiel" } },
        schema: { body, response: { 201: referentielData } },
      },
      async (request, reply) =>
        reply.status(201).send(await referentiel.create(staffCaller(request), kind, request.body, clientIp(request))),
    );
    s.patch(
      `/api/gestion/referentiel/${kind}/:id`,
      {
        config: { staff: { permission: "update:referentiel" } },
        schema: { params: byId, body, response: { 200: referentielData } },
      },
      async (request) =>
        referentiel.update(staffCaller(request), kind, request.params.id, request.body, clientIp(request)),
    );
    s.delete(
      `/api/gestion/referentiel/${kind}/:id`,
      {
        config: { staff: { permission: "delete:referentiel" } },
        schema: { params: byId, response: { 200: referentielData } },
      },
      async (request) => referentiel.remove(staffCaller(request), kind, request.params.id, clientIp(request)),
    );
  }
}
