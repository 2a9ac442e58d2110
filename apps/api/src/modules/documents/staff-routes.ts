import {
  courseDocumentCreateFields,
  courseDocumentsOrderRequest,
  courseDocumentsQuery,
  courseDocumentUpdateRequest,
  idParam,
  staffCourseDocument,
  staffCourseDocumentsPage,
  supportSubjects,
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
import { createSupportsAdmin, SUPPORT_EXPORT_COLUMNS } from "./staff-service.ts";

/** `/api/gestion/supports` (docs/spec/back-office.md sections 5 and 8): direction and pedagogie. */
export async function supportsStaffRoutes(scopes: RouteScopes, context: AppContext) {
  const s = scopes.staff.withTypeProvider<ZodTypeProvider>();
  const supports = createSupportsAdmin(context);
  const byId = z.object({ id: idParam });
  const access = (action: "read" | "create" | "update" | "delete" | "export") => ({
    staff: { permission: `${action}:supports` as const },
  });
  const path = "/api/gestion/supports/documents";

  s.get(
    "/api/gestion/supports/matieres",
    { config: access("read"), schema: { response: { 200: supportSubjects } } },
    async () => supports.subjects(),
  );

  s.get(
    path,
    {
      config: access("read"),
      schema: { querystring: courseDocumentsQuery, response: { 200: staffCourseDocumentsPage } },
    },
    async (request) => supports.list(request.query),
  );

  s.get(
    `${path}/export.csv`,
    { config: access("export"), schema: { querystring: courseDocumentsQuery } },
    async (request, reply) => {
      const rows = await supports.exportRows(request.query);
      return sendAuditedCsv(
        reply,
        context.db,
        {
          staff: staffCaller(request),
          ip: clientIp(request),
          entity: "supports",
          summary: listExportSummary("supports de cours", rows.length),
        },
        { base: "supports-de-cours", columns: SUPPORT_EXPORT_COLUMNS, rows },
      );
    },
  );

  s.put(
    `${path}/ordre`,
    {
      config: access("update"),
      schema: {
        body: courseDocumentsOrderRequest,
        response: { 200: z.object({ data: z.array(staffCourseDocument) }) },
      },
    },
    async (request) => ({ data: await supports.reorder(staffCaller(request), request.body, clientIp(request)) }),
  );

  s.get(
    `${path}/:id`,
    { config: access("read"), schema: { params: byId, response: { 200: staffCourseDocument } } },
    async (request) => supports.get(request.params.id),
  );

  s.get(`${path}/:id/fichier`, { config: access("read"), schema: { params: byId } }, async (request, reply) =>
    sendStoredFile(reply, context.storage, await supports.download(request.params.id), "inline"),
  );

  s.post(
    path,
    { config: { ...access("create"), idempotent: true }, schema: { response: { 201: staffCourseDocument } } },
    async (request, reply) => {
      const { fields, file } = await readPdfForm(request);
      const created = await supports.create(
        staffCaller(request),
        parseFormFields(courseDocumentCreateFields, fields),
        file,
        clientIp(request),
      );
      return reply.status(201).send(created);
    },
  );

  s.patch(
    `${path}/:id`,
    {
      config: access("update"),
      schema: { params: byId, body: courseDocumentUpdateRequest, response: { 200: staffCourseDocument } },
    },
    async (request) => supports.update(staffCaller(request), request.params.id, request.body, clientIp(request)),
  );

  withdrawRoute(s, `${path}/:id`, access("delete"), supports.withdraw);
}
