import {
  idParam,
  importConfirmRequest,
  importConfirmResponse,
  importIdParam,
  importPreviewResponse,
  STUDENT_STAFF_LIMITS,
  STUDENT_STAFF_MESSAGES,
  studentActionResponse,
  studentCreateRequest,
  studentDetail,
  studentPreview,
  studentReferenceData,
  studentResponse,
  studentsPageResponse,
  studentsQuery,
  studentUpdateRequest,
} from "@puerta/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../app-context.ts";
import { clientIp } from "../../lib/client-ip.ts";
import { validationFailed } from "../../lib/errors.ts";
import { exportFileName, sendCsv, toCsv } from "../../lib/spreadsheet-export.ts";
import { readMultipart } from "../../lib/uploads/index.ts";
import { staffCaller } from "../staff/scope.ts";
import { STUDENT_EXPORT_COLUMNS, sendXlsx, toXlsx } from "./export.ts";
import { createStudentImport } from "./import.ts";
import { createStudentsService } from "./service.ts";

const m = STUDENT_STAFF_MESSAGES;

/**
 * `/api/gestion/etudiants…` (docs/spec/back-office.md sections 4 and 8), declared in the staff
 * scope. The student's page and "voir comme l'étudiant" show contact data and act on the
 * account: they need `update:etudiants`, which the pedagogie (names and centres only) lacks.
 */
export async function studentRoutes(app: FastifyInstance, context: AppContext) {
  const s = app.withTypeProvider<ZodTypeProvider>();
  const students = createStudentsService(context);
  const imports = createStudentImport(context);
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
    "/api/gestion/etudiants/referentiel",
    { config: read, schema: { response: { 200: studentReferenceData } } },
    async () => students.referenceData(),
  );

  s.post(
    "/api/gestion/etudiants/import/preview",
    { config: create, schema: { response: { 200: importPreviewResponse } } },
    async (request) => {
      if (!request.isMultipart()) throw validationFailed({ file: [m.importFileMissing] });
      const form = await readMultipart(request, {
        fileField: "file",
        maxFileBytes: STUDENT_STAFF_LIMITS.importMaxBytes,
        maxFiles: 1,
        tooLargeMessage: m.importTooLarge,
      });
      const [file] = form.files;
      if (!file || file.bytes.length === 0) throw validationFailed({ file: [m.importFileMissing] });
      return imports.preview(staffCaller(request), { name: file.clientName, bytes: file.bytes });
    },
  );

  s.post(
    "/api/gestion/etudiants/import/:import_id/confirm",
    {
      config: create,
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
  for (const [path, action] of Object.entries(actions)) {
    s.post(
      `/api/gestion/etudiants/:id/${path}`,
      { config: update, schema: { params: byId, response: { 200: studentActionResponse } } },
      async (request) => action(staffCaller(request), request.params.id, clientIp(request)),
    );
  }
}
