import {
  AUDIENCE_TYPE_LABELS,
  type AudienceType,
  audienceChoicesResponse,
  audienceCountRequest,
  audienceCountResponse,
  audienceStudentsQuery,
  audienceStudentsResponse,
  idParam,
  NOTIFICATION_PRIORITY_LABELS,
  NOTIFICATION_STATE_LABELS,
  type NotificationPriority,
  type NotificationReader,
  type NotificationStaff,
  notificationReadsPage,
  notificationReadsQuery,
  notificationStaff,
  notificationStaffCreateRequest,
  notificationStaffUpdateRequest,
  notificationsStaffPage,
  notificationsStaffQuery,
  UPLOAD_LIMITS,
  UPLOAD_TEXT,
} from "@puerta/contract";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../app-context.ts";
import { clientIp } from "../../lib/client-ip.ts";
import type { ExportColumn } from "../../lib/spreadsheet-export.ts";
import { staffCaller } from "../../lib/staff-session.ts";
import { readMultipart, requireOneFile } from "../../lib/uploads/index.ts";
import type { RouteScopes } from "../../route-scopes.ts";
import { sendAuditedCsv } from "../audit/export.ts";
import { createNotificationStaff } from "./staff-service.ts";

const when = (value: string | null) =>
  value
    ? new Intl.DateTimeFormat("fr-FR", {
        dateStyle: "short",
        timeStyle: "short",
        timeZone: "Africa/Casablanca",
      }).format(new Date(value))
    : "";

const LIST_COLUMNS: ExportColumn<NotificationStaff>[] = [
  { header: "Titre", value: (row) => row.titre },
  { header: "État", value: (row) => NOTIFICATION_STATE_LABELS[row.state] },
  {
    header: "Priorité",
    value: (row) => NOTIFICATION_PRIORITY_LABELS[row.priority as NotificationPriority] ?? row.priority,
  },
  { header: "Audience", value: (row) => row.audience_summary },
  {
    header: "Type d'audience",
    value: (row) => AUDIENCE_TYPE_LABELS[row.audience.type as AudienceType] ?? row.audience.type,
  },
  { header: "Expéditeur", value: (row) => row.sender },
  { header: "Publication", value: (row) => when(row.published_at) },
  { header: "Lue par", value: (row) => row.read_count },
  { header: "Destinataires", value: (row) => row.recipient_count },
  { header: "Copie e-mail", value: (row) => (row.email_copy ? "oui" : "non") },
  { header: "Message", value: (row) => row.message },
];

const READ_COLUMNS: ExportColumn<NotificationReader>[] = [
  { header: "Étudiant", value: (row) => row.name },
  { header: "Matricule", value: (row) => row.student_id },
  { header: "Centre", value: (row) => row.centre },
  { header: "Lue", value: (row) => (row.read_at ? "oui" : "non") },
  { header: "Lue le", value: (row) => when(row.read_at) },
];

/** `/api/gestion/notifications` (docs/spec/back-office.md sections 5 and 8). */
export async function notificationStaffRoutes({ staff: scope }: RouteScopes, context: AppContext) {
  const service = createNotificationStaff({
    db: context.db,
    storage: context.storage,
    onPublished: () => void context.jobs.notificationEmails.poke(),
  });
  const s = scope.withTypeProvider<ZodTypeProvider>();
  const byId = z.object({ id: idParam });
  const read = { staff: { permission: "read:notifications" as const } };

  s.get(
    "/api/gestion/notifications",
    { config: read, schema: { querystring: notificationsStaffQuery, response: { 200: notificationsStaffPage } } },
    async (request) => service.list(staffCaller(request), request.query),
  );

  s.get(
    "/api/gestion/notifications/export.csv",
    { config: { staff: { permission: "export:notifications" } }, schema: { querystring: notificationsStaffQuery } },
    async (request, reply) => {
      const staff = staffCaller(request);
      const rows = await service.exportRows(staff, request.query);
      return sendAuditedCsv(
        reply,
        context.db,
        {
          staff,
          ip: clientIp(request),
          entity: "notifications",
          summary: `Export des notifications (${rows.length} lignes).`,
        },
        { base: "notifications", columns: LIST_COLUMNS, rows },
      );
    },
  );

  s.get(
    "/api/gestion/notifications/choix",
    { config: read, schema: { response: { 200: audienceChoicesResponse } } },
    async (request) => service.choices(staffCaller(request)),
  );

  s.get(
    "/api/gestion/notifications/etudiants",
    { config: read, schema: { querystring: audienceStudentsQuery, response: { 200: audienceStudentsResponse } } },
    async (request) => ({ data: await service.students(staffCaller(request), request.query) }),
  );

  s.post(
    "/api/gestion/notifications/destinataires",
    { config: read, schema: { body: audienceCountRequest, response: { 200: audienceCountResponse } } },
    async (request) => service.countRecipients(staffCaller(request), request.body.audience),
  );

  s.post(
    "/api/gestion/notifications",
    {
      config: { staff: { permission: "create:notifications" }, idempotent: true },
      schema: { body: notificationStaffCreateRequest, response: { 201: notificationStaff } },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(staffCaller(request), request.body, clientIp(request))),
  );

  s.get(
    "/api/gestion/notifications/:id",
    { config: read, schema: { params: byId, response: { 200: notificationStaff } } },
    async (request) => service.get(staffCaller(request), request.params.id),
  );

  s.patch(
    "/api/gestion/notifications/:id",
    {
      config: { staff: { permission: "update:notifications" } },
      schema: { params: byId, body: notificationStaffUpdateRequest, response: { 200: notificationStaff } },
    },
    async (request) => service.update(staffCaller(request), request.params.id, request.body, clientIp(request)),
  );

  s.delete(
    "/api/gestion/notifications/:id",
    {
      config: { staff: { permission: "delete:notifications" } },
      schema: { params: byId, response: { 200: notificationStaff } },
    },
    async (request) => service.withdraw(staffCaller(request), request.params.id, clientIp(request)),
  );

  // "Republier": a closed year's notification copied into the current year, as a draft
  // (docs/spec/school-year-and-data.md section 2).
  s.post(
    "/api/gestion/notifications/:id/republier",
    {
      config: { staff: { permission: "create:notifications" }, idempotent: true },
      schema: { params: byId, response: { 201: notificationStaff } },
    },
    async (request, reply) =>
      reply.status(201).send(await service.republish(staffCaller(request), request.params.id, clientIp(request))),
  );

  s.get(
    "/api/gestion/notifications/:id/lectures",
    {
      config: read,
      schema: { params: byId, querystring: notificationReadsQuery, response: { 200: notificationReadsPage } },
    },
    async (request) => service.reads(staffCaller(request), request.params.id, request.query),
  );

  s.get(
    "/api/gestion/notifications/:id/lectures/export.csv",
    {
      config: { staff: { permission: "export:notifications" } },
      schema: { params: byId, querystring: notificationReadsQuery },
    },
    async (request, reply) => {
      const staff = staffCaller(request);
      const page = await service.reads(staff, request.params.id, { ...request.query, page: 1 }, 100_000);
      return sendAuditedCsv(
        reply,
        context.db,
        {
          staff,
          ip: clientIp(request),
          entity: "notifications",
          entityId: request.params.id,
          summary: `Export des lectures de la notification n° ${request.params.id} (${page.data.length} lignes).`,
        },
        { base: `notification-${request.params.id}-lectures`, columns: READ_COLUMNS, rows: page.data },
      );
    },
  );

  s.post(
    "/api/gestion/notifications/:id/photo",
    {
      config: { staff: { permission: "update:notifications" }, idempotent: true },
      schema: { params: byId, response: { 200: notificationStaff } },
    },
    async (request) => {
      const form = await readMultipart(request, {
        fileField: "photo",
        maxFileBytes: UPLOAD_LIMITS.image.maxBytes,
        maxFiles: 1,
        maxFields: 0,
        tooLargeMessage: UPLOAD_TEXT.imageTooLarge,
      });
      const file = requireOneFile(form, "photo");
      return service.setPhoto(staffCaller(request), request.params.id, file.bytes, clientIp(request));
    },
  );

  s.delete(
    "/api/gestion/notifications/:id/photo",
    {
      config: { staff: { permission: "update:notifications" } },
      schema: { params: byId, response: { 200: notificationStaff } },
    },
    async (request) => service.removePhoto(staffCaller(request), request.params.id, clientIp(request)),
  );

  s.get("/api/gestion/notifications/:id/photo", { config: read, schema: { params: byId } }, async (request, reply) => {
    const photo = await service.photo(staffCaller(request), request.params.id);
    return reply
      .header("Content-Type", photo.contentType)
      .header("Content-Disposition", "inline")
      .header("X-Content-Type-Options", "nosniff")
      .header("Cache-Control", "private, no-store")
      .send(photo.bytes);
  });
}
