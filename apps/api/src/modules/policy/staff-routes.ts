import {
  idParam,
  policyAcceptancesQuery,
  policyAcceptancesReport,
  policyVersion,
  policyVersionCreateRequest,
  policyVersionParam,
  policyVersionsPage,
  policyVersionsQuery,
  policyVersionUpdateRequest,
} from "@puerta/contract";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../app-context.ts";
import { clientIp } from "../../lib/client-ip.ts";
import { sendCsv } from "../../lib/spreadsheet-export.ts";
import { staffCaller } from "../../lib/staff-session.ts";
import type { RouteScopes } from "../../route-scopes.ts";
import { createPolicyVersions } from "./staff-service.ts";

/** `/api/gestion/politique` (docs/spec/back-office.md sections 6 and 8): the direction only. */
export async function policyVersionRoutes({ staff: scope }: RouteScopes, { db }: AppContext) {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const versions = createPolicyVersions({ db });
  const byId = z.object({ id: idParam });

  r.get(
    "/api/gestion/politique",
    {
      config: { staff: { permission: "read:politique" } },
      schema: { querystring: policyVersionsQuery, response: { 200: policyVersionsPage } },
    },
    async (request) => versions.list(request.query),
  );

  r.get(
    "/api/gestion/politique/:id",
    { config: { staff: { permission: "read:politique" } }, schema: { params: byId, response: { 200: policyVersion } } },
    async (request) => versions.get(request.params.id),
  );

  r.post(
    "/api/gestion/politique",
    {
      config: { staff: { permission: "create:politique" } },
      schema: { body: policyVersionCreateRequest, response: { 201: policyVersion } },
    },
    async (request, reply) =>
      reply.status(201).send(await versions.create(staffCaller(request), request.body, clientIp(request))),
  );

  r.patch(
    "/api/gestion/politique/:id",
    {
      config: { staff: { permission: "update:politique" } },
      schema: { params: byId, body: policyVersionUpdateRequest, response: { 200: policyVersion } },
    },
    async (request) => versions.update(staffCaller(request), request.params.id, request.body, clientIp(request)),
  );

  r.post(
    "/api/gestion/politique/:id/publier",
    {
      config: { staff: { permission: "update:politique" } },
      schema: { params: byId, response: { 200: policyVersion } },
    },
    async (request) => versions.publish(staffCaller(request), request.params.id, clientIp(request)),
  );

  r.get(
    "/api/gestion/politique/:id/acceptations",
    {
      config: { staff: { permission: "read:politique" } },
      schema: {
        params: policyVersionParam,
        querystring: policyAcceptancesQuery,
        response: { 200: policyAcceptancesReport },
      },
    },
    async (request) => versions.acceptances(request.params.id, request.query),
  );

  r.get(
    "/api/gestion/politique/:id/acceptations/export.csv",
    {
      config: { staff: { permission: "export:politique" } },
      schema: { params: policyVersionParam, querystring: policyAcceptancesQuery },
    },
    async (request, reply) => {
      const { fileName, csv } = await versions.exportAcceptances(
        staffCaller(request),
        request.params.id,
        request.query,
        clientIp(request),
      );
      return sendCsv(reply, fileName, csv);
    },
  );
}
