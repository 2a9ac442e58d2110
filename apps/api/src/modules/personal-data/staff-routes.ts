import { erasurePreview, erasureRequest, erasureResponse, idParam } from "@puerta/contract";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../app-context.ts";
import { clientIp } from "../../lib/client-ip.ts";
import type { PersonalDataPart } from "../../lib/personal-data.ts";
import { staffCaller } from "../../lib/staff-session.ts";
import type { RouteModule, RouteScopes } from "../../route-scopes.ts";
import { createErasureOffice } from "./staff-service.ts";

/**
 * The staff side of law 09-08 (docs/spec/school-year-and-data.md sections 4 and 5): the erasure of
 * a student's data, and what it will do (direction only). `parts`: src/personal-data-parts.ts.
 */
export const personalDataStaffRoutes =
  (parts: readonly PersonalDataPart[]): RouteModule =>
  async ({ staff: scope }: RouteScopes, { db, storage, config }: AppContext) => {
    const office = createErasureOffice({ db, storage, dataDir: config.dataDir, parts });
    const s = scope.withTypeProvider<ZodTypeProvider>();
    const byId = z.object({ id: idParam });
    s.get(
      "/api/gestion/etudiants/:id/effacement",
      {
        config: { staff: { permission: "delete:donnees-personnelles" } },
        schema: { params: byId, response: { 200: erasurePreview } },
      },
      async (request) => office.preview(request.params.id),
    );
    s.post(
      "/api/gestion/etudiants/:id/effacement",
      {
        config: { staff: { permission: "delete:donnees-personnelles" }, idempotent: true },
        schema: { params: byId, body: erasureRequest, response: { 200: erasureResponse } },
      },
      async (request) => office.erase(staffCaller(request), request.params.id, request.body, clientIp(request)),
    );
  };
