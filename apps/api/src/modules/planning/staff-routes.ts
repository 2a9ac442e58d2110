import {
  idParam,
  planningChoices,
  planningCreateFields,
  planningsQuery,
  planningUpdateRequest,
  staffPlanning,
  staffPlanningsPage,
} from "@puerta/contract";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../app-context.ts";
import { clientIp } from "../../lib/client-ip.ts";
import { sendStoredFile } from "../../lib/file-download.ts";
import { staffCaller } from "../../lib/staff-session.ts";
import { parseFormFields, readPdfForm } from "../../lib/uploads/index.ts";
import { withdrawRoute } from "../../lib/withdraw-route.ts";
import type { RouteScopes } from "../../route-scopes.ts";
import { listExportSummary, sendAuditedCsv } from "../audit/export.ts";
import { createPlanningAdmin, PLANNING_EXPORT_COLUMNS } from "./staff-service.ts";

/** `/api/gestion/plannings` (docs/spec/back-office.md sections 5 and 8): direction, and the secretariat in its centres. */
export async function planningStaffRoutes(scopes: RouteScopes, context: AppContext) {
  {
    const scope = scopes.staff;
    const s = scope.withTypeProvider<ZodTypeProvider>();
    const plannings = createPlanningAdmin(context);
    const byId = z.object({ id: idParam });
    const access = (action: "read" | "create" | "update" | "delete" | "export") => ({
      staff: { permission: `${action}:plannings` as const },
    });

    s.get(
      "/api/gestion/plannings",
      { config: access("read"), schema: { querystring: planningsQuery, response: { 200: staffPlanningsPage } } },
      async (request) => plannings.list(staffCaller(request), request.query),
    );

    s.get(
      "/api/gestion/plannings/export.csv",
      { config: access("export"), schema: { querystring: planningsQuery } },
      async (request, reply) => {
        const staff = staffCaller(request);
        const rows = await plannings.exportRows(staff, request.query);
        return sendAuditedCsv(
          reply,
          context.db,
          { staff, ip: clientIp(request), entity: "plannings", summary: listExportSummary("plannings", rows.length) },
          { base: "plannings", columns: PLANNING_EXPORT_COLUMNS, rows },
        );
      },
    );

    s.get(
      "/api/gestion/plannings/choix",
      { config: access("read"), schema: { response: { 200: planningChoices } } },
      async (request) => plannings.choices(staffCaller(request)),
    );

    s.get(
      "/api/gestion/plannings/:id",
      { config: access("read"), schema: { params: byId, response: { 200: staffPlanning } } },
      async (request) => plannings.get(staffCaller(request), request.params.id),
    );

    s.get(
      "/api/gestion/plannings/:id/fichier",
      { config: access("read"), schema: { params: byId } },
      async (request, reply) =>
        sendStoredFile(
          reply,
          context.storage,
          await plannings.download(staffCaller(request), request.params.id),
          "inline",
        ),
    );

    s.post(
      "/api/gestion/plannings",
      { config: { ...access("create"), idempotent: true }, schema: { response: { 201: staffPlanning } } },
      async (request, reply) => {
        const { fields, file } = await readPdfForm(request);
        const created = await plannings.create(
          staffCaller(request),
          parseFormFields(planningCreateFields, fields),
          file,
          clientIp(request),
        );
        return reply.status(201).send(created);
      },
    );

    s.patch(
      "/api/gestion/plannings/:id",
      {
        config: access("update"),
        schema: { params: byId, body: planningUpdateRequest, response: { 200: staffPlanning } },
      },
      async (request) => plannings.update(staffCaller(request), request.params.id, request.body, clientIp(request)),
    );

    s.put(
      "/api/gestion/plannings/:id/fichier",
      { config: { ...access("update"), idempotent: true }, schema: { params: byId, response: { 200: staffPlanning } } },
      async (request) => {
        const staff = staffCaller(request);
        // 404 / 403 before the body is read.
        await plannings.assertReplaceable(staff, request.params.id);
        const { file } = await readPdfForm(request);
        return plannings.replaceFile(staff, request.params.id, file, clientIp(request));
      },
    );

    withdrawRoute(s, "/api/gestion/plannings/:id", access("delete"), plannings.withdraw);

    // "Republier": a closed year's planning copied into the current year (docs/spec/school-year-and-data.md section 2).
    s.post(
      "/api/gestion/plannings/:id/republier",
      { config: { ...access("create"), idempotent: true }, schema: { params: byId, response: { 201: staffPlanning } } },
      async (request, reply) =>
        reply.status(201).send(await plannings.republish(staffCaller(request), request.params.id, clientIp(request))),
    );
  }
}
