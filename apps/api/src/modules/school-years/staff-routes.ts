import { closureRequest, closureResponse, cohortResponse, idParam, schoolYearsResponse } from "@puerta/contract";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../app-context.ts";
import { clientIp } from "../../lib/client-ip.ts";
import { staffCaller } from "../../lib/staff-session.ts";
import type { RouteScopes } from "../../route-scopes.ts";
import { createSchoolYearOffice } from "./staff-service.ts";

/** `/api/gestion/annees` (docs/spec/school-year-and-data.md section 5): the years, and closing one. */
export async function schoolYearRoutes({ staff: scope }: RouteScopes, { db }: AppContext) {
  const office = createSchoolYearOffice(db);
  const s = scope.withTypeProvider<ZodTypeProvider>();
  s.get(
    "/api/gestion/annees",
    { config: { staff: { permission: "read:annees" } }, schema: { response: { 200: schoolYearsResponse } } },
    async () => office.list(),
  );
  const byId = z.object({ id: idParam });
  s.get(
    "/api/gestion/annees/:id/cohorte",
    { config: { staff: { permission: "read:annees" } }, schema: { params: byId, response: { 200: cohortResponse } } },
    async (request) => office.cohort(request.params.id),
  );
  s.post(
    "/api/gestion/annees/:id/cloture",
    {
      config: { staff: { permission: "update:annees" }, idempotent: true },
      schema: { params: byId, body: closureRequest, response: { 200: closureResponse } },
    },
    async (request) => office.close(staffCaller(request), request.params.id, request.body, clientIp(request)),
  );
}
