import {
  EVENT_TYPE_LABELS,
  HOLIDAY_DATE_STATUS_LABELS,
  HOLIDAY_KIND_LABELS,
  holidayGenerateRequest,
  holidayGenerateResponse,
  idParam,
  type StaffEvent,
  type StaffHoliday,
  staffEvent,
  staffEventCreateRequest,
  staffEventsPage,
  staffEventsQuery,
  staffEventUpdateRequest,
  staffHoliday,
  staffHolidayCreateRequest,
  staffHolidaysPage,
  staffHolidaysQuery,
  staffHolidayUpdateRequest,
  UPLOAD_LIMITS,
  UPLOAD_TEXT,
} from "@puerta/contract";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../app-context.ts";
import { clientIp } from "../../lib/client-ip.ts";
import { sendStoredFile } from "../../lib/file-download.ts";
import { type ExportColumn, exportDate } from "../../lib/spreadsheet-export.ts";
import { staffCaller } from "../../lib/staff-session.ts";
import {
  checkImage,
  readMultipart,
  removeStoredFiles,
  requireOneFile,
  storeFileWithRow,
} from "../../lib/uploads/index.ts";
import { withdrawRoute } from "../../lib/withdraw-route.ts";
import type { RouteScopes } from "../../route-scopes.ts";
import { sendAuditedCsv } from "../audit/export.ts";
import { createEventsAdmin } from "./events-staff-service.ts";
import { createHolidaysAdmin } from "./holidays-staff-service.ts";

const byId = z.object({ id: idParam });
/** Every row of a filtered list, for its export. */
const EXPORT_ROWS = 10_000;

const EVENT_COLUMNS: ExportColumn<StaffEvent>[] = [
  { header: "Nom", value: (e) => e.nom },
  { header: "Date", value: (e) => exportDate(e.date) },
  { header: "Début", value: (e) => e.heure_debut },
  { header: "Fin", value: (e) => e.heure_fin },
  { header: "Lieu", value: (e) => e.lieu },
  { header: "Type", value: (e) => EVENT_TYPE_LABELS[e.type] },
  { header: "Centres", value: (e) => (e.tous_centres ? "Tous les centres" : e.centre_ids.join(", ")) },
  { header: "Description", value: (e) => e.description },
];

const HOLIDAY_COLUMNS: ExportColumn<StaffHoliday>[] = [
  { header: "Nom", value: (h) => h.nom },
  { header: "Catégorie", value: (h) => HOLIDAY_KIND_LABELS[h.categorie] },
  { header: "Du", value: (h) => exportDate(h.date) },
  { header: "Au", value: (h) => exportDate(h.date_fin ?? h.date) },
  { header: "Date", value: (h) => (h.statut_date ? HOLIDAY_DATE_STATUS_LABELS[h.statut_date] : "") },
  { header: "Centres", value: (h) => (h.tous_centres ? "Tous les centres" : h.centre_ids.join(", ")) },
  { header: "Description", value: (h) => h.description },
];

/**
 * `/api/gestion/parascolaire` and `/api/gestion/jours-feries` (docs/spec/back-office.md
 * sections 5 and 8), declared in the staff scope: each route names its permission, the
 * services check each resource's centres.
 */
export async function calendarsStaffRoutes({ staff: scope }: RouteScopes, context: AppContext) {
  const { db, storage } = context;
  const events = createEventsAdmin(db);
  const holidays = createHolidaysAdmin(db);
  const s = scope.withTypeProvider<ZodTypeProvider>();
  const access = (
    permission: `${"read" | "create" | "update" | "delete" | "export"}:${"parascolaire" | "jours-feries"}`,
  ) => ({
    staff: { permission },
  });

  // ---------------------------------------------------------------- events

  s.get(
    "/api/gestion/parascolaire",
    {
      config: access("read:parascolaire"),
      schema: { querystring: staffEventsQuery, response: { 200: staffEventsPage } },
    },
    async (request) => events.list(staffCaller(request), request.query),
  );

  s.get(
    "/api/gestion/parascolaire/export.csv",
    { config: access("export:parascolaire"), schema: { querystring: staffEventsQuery } },
    async (request, reply) => {
      const staff = staffCaller(request);
      const page = await events.list(staff, { ...request.query, page: 1, per_page: EXPORT_ROWS });
      return sendAuditedCsv(
        reply,
        db,
        {
          staff,
          ip: clientIp(request),
          entity: "parascolaire",
          summary: `Export des événements parascolaires (${page.total} ligne${page.total > 1 ? "s" : ""}).`,
        },
        { base: "evenements-parascolaires", columns: EVENT_COLUMNS, rows: page.data },
      );
    },
  );

  s.get(
    "/api/gestion/parascolaire/:id",
    { config: access("read:parascolaire"), schema: { params: byId, response: { 200: staffEvent } } },
    async (request) => events.get(staffCaller(request), request.params.id),
  );

  s.get(
    "/api/gestion/parascolaire/:id/affiche",
    { config: access("read:parascolaire"), schema: { params: byId } },
    async (request, reply) => {
      const key = await events.afficheKey(staffCaller(request), request.params.id);
      return sendStoredFile(reply, storage, { key, downloadName: `affiche-${request.params.id}.webp` }, "inline");
    },
  );

  // The poster (affiche): one image per request, checked by content and re-encoded (lib/uploads).
  s.post(
    "/api/gestion/parascolaire/:id/affiche",
    {
      config: { ...access("update:parascolaire"), idempotent: true },
      schema: { params: byId, response: { 200: staffEvent } },
    },
    async (request) => {
      const staff = staffCaller(request);
      const event = await events.posterTarget(staff, request.params.id);
      const form = await readMultipart(request, {
        fileField: "affiche",
        maxFileBytes: UPLOAD_LIMITS.image.maxBytes,
        maxFiles: 1,
        maxFields: 0,
        tooLargeMessage: UPLOAD_TEXT.imageTooLarge,
      });
      const image = await checkImage(requireOneFile(form, "affiche").bytes, {
        field: "affiche",
        resize: { width: 1200, height: 1600, fit: "inside", withoutEnlargement: true },
      });
      const previous = await storeFileWithRow(
        { db, storage },
        { prefix: "posters", file: image, downloadName: `affiche-${event.id}.webp` },
        (tx, stored) => events.writeAffiche(tx, staff, event, stored.key, clientIp(request)),
      );
      if (previous) await removeStoredFiles(storage, [previous]);
      return events.get(staff, event.id);
    },
  );

  s.delete(
    "/api/gestion/parascolaire/:id/affiche",
    { config: access("update:parascolaire"), schema: { params: byId, response: { 200: staffEvent } } },
    async (request) => {
      const staff = staffCaller(request);
      const event = await events.posterTarget(staff, request.params.id);
      const previous = await db.transaction((tx) => events.writeAffiche(tx, staff, event, null, clientIp(request)));
      if (previous) await removeStoredFiles(storage, [previous]);
      return events.get(staff, event.id);
    },
  );

  s.post(
    "/api/gestion/parascolaire",
    {
      config: { ...access("create:parascolaire"), idempotent: true },
      schema: { body: staffEventCreateRequest, response: { 201: staffEvent } },
    },
    async (request, reply) =>
      reply.status(201).send(await events.create(staffCaller(request), request.body, clientIp(request))),
  );

  s.patch(
    "/api/gestion/parascolaire/:id",
    {
      config: access("update:parascolaire"),
      schema: { params: byId, body: staffEventUpdateRequest, response: { 200: staffEvent } },
    },
    async (request) => events.update(staffCaller(request), request.params.id, request.body, clientIp(request)),
  );

  withdrawRoute(s, "/api/gestion/parascolaire/:id", access("delete:parascolaire"), events.withdraw);

  // "Republier": a closed year's event copied into the current year, its poster stored again.
  s.post(
    "/api/gestion/parascolaire/:id/republier",
    {
      config: { ...access("create:parascolaire"), idempotent: true },
      schema: { params: byId, response: { 201: staffEvent } },
    },
    async (request, reply) => {
      const staff = staffCaller(request);
      const event = await events.republishTarget(staff, request.params.id);
      const ip = clientIp(request);
      const id = event.afficheKey
        ? await storeFileWithRow(
            { db, storage },
            {
              prefix: "posters",
              file: { bytes: await storage.read(event.afficheKey), contentType: "image/webp", extension: ".webp" },
              downloadName: "affiche.webp",
            },
            (tx, stored) => events.republish(tx, staff, event, stored.key, ip),
          )
        : await db.transaction((tx) => events.republish(tx, staff, event, null, ip));
      return reply.status(201).send(await events.get(staff, id));
    },
  );

  // ---------------------------------------------------------------- holidays and closures

  s.get(
    "/api/gestion/jours-feries",
    {
      config: access("read:jours-feries"),
      schema: { querystring: staffHolidaysQuery, response: { 200: staffHolidaysPage } },
    },
    async (request) => holidays.list(staffCaller(request), request.query),
  );

  s.get(
    "/api/gestion/jours-feries/export.csv",
    { config: access("export:jours-feries"), schema: { querystring: staffHolidaysQuery } },
    async (request, reply) => {
      const staff = staffCaller(request);
      const page = await holidays.list(staff, { ...request.query, page: 1, per_page: EXPORT_ROWS });
      return sendAuditedCsv(
        reply,
        db,
        {
          staff,
          ip: clientIp(request),
          entity: "jours-feries",
          summary: `Export des jours fériés (${page.total} ligne${page.total > 1 ? "s" : ""}).`,
        },
        { base: "jours-feries", columns: HOLIDAY_COLUMNS, rows: page.data },
      );
    },
  );

  s.post(
    "/api/gestion/jours-feries/generer",
    {
      config: access("create:jours-feries"),
      schema: { body: holidayGenerateRequest, response: { 200: holidayGenerateResponse } },
    },
    async (request) => holidays.generate(staffCaller(request), request.body.annee, clientIp(request)),
  );

  s.get(
    "/api/gestion/jours-feries/:id",
    { config: access("read:jours-feries"), schema: { params: byId, response: { 200: staffHoliday } } },
    async (request) => holidays.get(staffCaller(request), request.params.id),
  );

  s.post(
    "/api/gestion/jours-feries",
    {
      config: { ...access("create:jours-feries"), idempotent: true },
      schema: { body: staffHolidayCreateRequest, response: { 201: staffHoliday } },
    },
    async (request, reply) =>
      reply.status(201).send(await holidays.create(staffCaller(request), request.body, clientIp(request))),
  );

  s.patch(
    "/api/gestion/jours-feries/:id",
    {
      config: access("update:jours-feries"),
      schema: { params: byId, body: staffHolidayUpdateRequest, response: { 200: staffHoliday } },
    },
    async (request) => holidays.update(staffCaller(request), request.params.id, request.body, clientIp(request)),
  );

  s.post(
    "/api/gestion/jours-feries/:id/confirmer",
    { config: access("update:jours-feries"), schema: { params: byId, response: { 200: staffHoliday } } },
    async (request) => holidays.confirm(staffCaller(request), request.params.id, clientIp(request)),
  );

  withdrawRoute(s, "/api/gestion/jours-feries/:id", access("delete:jours-feries"), holidays.withdraw);
}
