import {
  idParam,
  orientationCreateFields,
  orientationQuery,
  orientationUpdateRequest,
  staffOrientationDocument,
  staffOrientationPage,
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
import { createOrientationAdmin, ORIENTATION_EXPORT_COLUMNS } from "./staff-service.ts";

/** `/api/gestion/orientation` (docs/spec/back-office.md sections 5 and 8): direction and pedagogie. */
export async function orientationStaffRoutes(scopes: RouteScopes, context: AppContext) {
  const s = scopes.staff.withTypeProvider<ZodTypeProvider>();
  const orientation = createOrientationAdmin(context);
  const byId = z.object({ id: idParam });
  const access = (action: "read" | "create" | "update" | "delete" | "export") => ({
    staff: { permission: `${action}:orientation` as const },
  });

  s.get(
    "/api/gestion/orientation",
    { config: access("read"), schema: { querystring: orientationQuery, response: { 200: staffOrientationPage } } },
    async (request) => orientation.list(request.query),
  );

  s.get(
    "/api/gestion/orientation/export.csv",
    { config: access("export"), schema: { querystring: orientationQuery } },
    async (request, reply) => {
      const rows = await orientation.exportRows(request.query);
      return sendAuditedCsv(
        reply,
        context.db,
        {
          staff: staffCaller(request),
          ip: clientIp(request),
          entity: "orientation",
          summary: listExportSummary("documents d'orientation", rows.length),
        },
        { base: "orientation", columns: ORIENTATION_EXPORT_COLUMNS, rows },
      );
    },
  );

  s.get(
    "/api/gestion/orientation/:id",
    { config: access("read"), schema: { params: byId, response: { 200: staffOrientationDocument } } },
    async (request) => orientation.get(request.params.id),
  );

  s.get(
    "/api/gestion/orientation/:id/fichier",
    { config: access("read"), schema: { params: byId } },
    async (request, reply) =>
      sendStoredFile(reply, context.storage, await orientation.download(request.params.id), "inline"),
  );

  s.post(
    "/api/gestion/orientation",
    { config: { ...access("create"), idempotent: true }, schema: { response: { 201: staffOrientationDocument } } },
    async (request, reply) => {
      const { fields, file } = await readPdfForm(request);
      const created = await orientation.create(
        staffCaller(request),
        parseFormFields(orientationCreateFields, fields),
        file,
        clientIp(request),
      );
      return reply.status(201).send(created);
    },
  );

  s.patch(
    "/api/gestion/orientation/:id",
    {
      config: access("update"),
      schema: { params: byId, body: orientationUpdateRequest, response: { 200: staffOrientationDocument } },
    },
    async (request) => orientation.update(staffCaller(request), request.params.id, request.body, clientIp(request)),
  );

  withdrawRoute(s, "/api/gestion/orientation/:id", access("delete"), orientation.withdraw);
}
