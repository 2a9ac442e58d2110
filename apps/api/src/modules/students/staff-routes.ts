import {
  IMPORT_COLUMNS,
  idParam,
  importConfirmRequest,
  importConfirmResponse,
  importIdParam,
  importPreviewResponse,
  STUDENT_SELECTION_ACTIONS,
  STUDENT_STAFF_LIMITS,
  STUDENT_STAFF_MESSAGES,
  studentActionResponse,
  studentBulkRequest,
  studentBulkResponse,
  studentCreateRequest,
  studentDetail,
  studentLeavingRequest,
  studentPreview,
  studentPromotionsResponse,
  studentReferenceData,
  studentResponse,
  studentsPageResponse,
  studentsQuery,
  studentUpdateRequest,
} from "@puerta/contract";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../app-context.ts";
import { clientIp } from "../../lib/client-ip.ts";
import { validationFailed } from "../../lib/errors.ts";
import { type ExportColumn, exportFileName, sendCsv, toCsv } from "../../lib/spreadsheet-export.ts";
import { staffCaller } from "../../lib/staff-session.ts";
import { readMultipart } from "../../lib/uploads/index.ts";
import type { RouteScopes } from "../../route-scopes.ts";
import { createDataExport, sendDataArchive } from "../personal-data/export.ts";
import { STUDENT_EXPORT_COLUMNS, sendXlsx, toXlsx } from "./export.ts";
import { createStudentImport, type ImportErrorLine } from "./import.ts";
import { createStudentsService } from "./staff-service.ts";

const m = STUDENT_STAFF_MESSAGES;

const IMPORT_ERROR_COLUMNS: readonly ExportColumn<ImportErrorLine>[] = [
  { header: "Ligne", value: (row) => row.line },
  { header: "Colonne", value: (row) => row.column },
  { header: "Message", value: (row) => row.message },
  { header: "E-mail", value: (row) => row.email },
];

/**
 * `/api/gestion/etudiants…` (docs/spec/back-office.md sections 4 and 8), declared in the staff
 * scope. The student's page and "voir comme l'étudiant" show contact data and act on the
 * account: they need `update:etudiants`, which the pedagogie (names and centres only) lacks.
 */
export async function studentRoutes({ staff: app }: RouteScopes, context: AppContext) {
  const s = app.withTypeProvider<ZodTypeProvider>();
  const students = createStudentsService(context);
  const imports = createStudentImport(context);
  const dataExport = createDataExport(context);
  const byId = z.object({ id: idParam });
  const read = { staff: { permission: "read:etudiants" as const } };
  const create = { staff: { permission: "create:etudiants" as const } };
  const update = { staff: { permission: "update:etudiants" as const } };
  const exporting = { staff: { permission: "export:etudiants" as const } };

  s.get(
    "/api/gestion/etudiants",
    { config: read, schema: { querystring: studentsQuery, response: { 200: studentsPageResponse } } },
    async (request) => students.list(staffCaller(request), request.query),
  );

  s.get(
    "/api/gestion/etudiants/export.csv",
    { config: exporting, schema: { querystring: studentsQuery } },
    async (request, reply) => {
      const rows = await students.exportRows(staffCaller(request), request.query, clientIp(request), "csv");
      return sendCsv(reply, exportFileName("etudiants", "csv"), toCsv(STUDENT_EXPORT_COLUMNS, rows));
    },
  );

  s.get(
    "/api/gestion/etudiants/export.xlsx",
    { config: exporting, schema: { querystring: studentsQuery } },
    async (request, reply) => {
      const rows = await students.exportRows(staffCaller(request), request.query, clientIp(request), "xlsx");
      return sendXlsx(reply, exportFileName("etudiants", "xlsx"), await toXlsx(STUDENT_EXPORT_COLUMNS, rows));
    },
  );

  s.get(
    "/api/gestion/etudiants/promotions",
    { config: read, schema: { response: { 200: studentPromotionsResponse } } },
    async () => students.promotions(),
  );

  s.get(
    "/api/gestion/etudiants/referentiel",
    { config: read, schema: { response: { 200: studentReferenceData } } },
    async () => students.referenceData(),
  );

  s.post(
    "/api/gestion/etudiants/import/preview",
    { config: create, schema: { response: { 200: importPreviewResponse } } },
    async (request) => {
      if (!request.isMultipart()) throw validationFailed({ file: [m.importFileMissing] });
      return imports.preview(staffCaller(request), async () => {
        const form = await readMultipart(request, {
          fileField: "file",
          maxFileBytes: STUDENT_STAFF_LIMITS.importMaxBytes,
          maxFiles: 1,
          tooLargeMessage: m.importTooLarge,
        });
        const [file] = form.files;
        if (!file || file.bytes.length === 0) throw validationFailed({ file: [m.importFileMissing] });
        return { name: file.clientName, bytes: file.bytes };
      });
    },
  );

  // The model file: the columns the import expects and one example line, in both formats.
  const templateColumns = IMPORT_COLUMNS.map((column) => ({
    header: column,
    value: (row: Record<(typeof IMPORT_COLUMNS)[number], string>) => row[column],
  }));
  s.get("/api/gestion/etudiants/import/modele.csv", { config: create }, async (_request, reply) =>
    sendCsv(reply, "modele-import-etudiants.csv", toCsv(templateColumns, await imports.templateRows())),
  );
  s.get("/api/gestion/etudiants/import/modele.xlsx", { config: create }, async (_request, reply) =>
    sendXlsx(reply, "modele-import-etudiants.xlsx", await toXlsx(templateColumns, await imports.templateRows())),
  );

  s.get(
    "/api/gestion/etudiants/import/:import_id/erreurs.csv",
    { config: create, schema: { params: importIdParam } },
    async (request, reply) => {
      const errors = await imports.errorReport(staffCaller(request), request.params.import_id);
      return sendCsv(reply, exportFileName("erreurs-import", "csv"), toCsv(IMPORT_ERROR_COLUMNS, errors));
    },
  );

  s.post(
    "/api/gestion/etudiants/import/:import_id/confirm",
    {
      config: { ...create, idempotent: true },
      schema: { params: importIdParam, body: importConfirmRequest, response: { 200: importConfirmResponse } },
    },
    async (request) => imports.confirm(staffCaller(request), request.params.import_id, request.body, clientIp(request)),
  );

  s.get(
    "/api/gestion/etudiants/:id",
    { config: read, schema: { params: byId, response: { 200: studentResponse } } },
    async (request) => students.get(staffCaller(request), request.params.id),
  );

  s.get(
    "/api/gestion/etudiants/:id/fiche",
    { config: update, schema: { params: byId, response: { 200: studentDetail } } },
    async (request) => students.detail(staffCaller(request), request.params.id),
  );

  // Law 09-08's access export (art. 7): direction, and the secretariat of the student's centre.
  s.get("/api/gestion/etudiants/:id/donnees", { config: exporting, schema: { params: byId } }, async (request, reply) =>
    sendDataArchive(reply, await dataExport.forStaff(staffCaller(request), request.params.id, clientIp(request))),
  );

  s.get(
    "/api/gestion/etudiants/:id/apercu",
    { config: update, schema: { params: byId, response: { 200: studentPreview } } },
    async (request) => students.preview(staffCaller(request), request.params.id, clientIp(request)),
  );

  s.post(
    "/api/gestion/etudiants",
    {
      config: { ...create, idempotent: true },
      schema: { body: studentCreateRequest, response: { 201: studentResponse } },
    },
    async (request, reply) => {
      const created = await students.create(staffCaller(request), request.body, clientIp(request));
      return reply.status(201).send(created);
    },
  );

  s.patch(
    "/api/gestion/etudiants/:id",
    { config: update, schema: { params: byId, body: studentUpdateRequest, response: { 200: studentResponse } } },
    async (request) => students.update(staffCaller(request), request.params.id, request.body, clientIp(request)),
  );

  const actions = {
    invitation: students.invite,
    reinitialisation: students.sendReset,
    desactiver: students.deactivate,
    reactiver: students.reactivate,
  } as const;
  s.post(
    "/api/gestion/etudiants/actions/:action",
    {
      config: update,
      schema: {
        params: z.object({ action: z.enum(STUDENT_SELECTION_ACTIONS, { error: m.invalidChoice }) }),
        body: studentBulkRequest,
        response: { 200: studentBulkResponse },
      },
    },
    async (request) =>
      students.bulk(staffCaller(request), { action: request.params.action, body: request.body }, clientIp(request)),
  );

  // "Marquer comme ancien élève" takes a reason and a day besides the selection: a body of its own.
  s.post(
    "/api/gestion/etudiants/actions/ancien_eleve",
    { config: update, schema: { body: studentLeavingRequest, response: { 200: studentBulkResponse } } },
    async (request) =>
      students.bulk(staffCaller(request), { action: "ancien_eleve", body: request.body }, clientIp(request)),
  );

  for (const [path, action] of Object.entries(actions)) {
    s.post(
      `/api/gestion/etudiants/:id/${path}`,
      { config: update, schema: { params: byId, response: { 200: studentActionResponse } } },
      async (request) => action(staffCaller(request), request.params.id, clientIp(request)),
    );
  }
}
