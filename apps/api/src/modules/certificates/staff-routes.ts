import {
  type CertificateStaffItem,
  certificateRevocation,
  certificateSignatory,
  certificateStaffDetail,
  certificateStaffPage,
  certificateStaffQuery,
  certificateStatusChange,
  idParam,
} from "@puerta/contract";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../app-context.ts";
import { clientIp } from "../../lib/client-ip.ts";
import { sendStoredFile } from "../../lib/file-download.ts";
import type { ExportColumn } from "../../lib/spreadsheet-export.ts";
import { staffCaller } from "../../lib/staff-session.ts";
import type { RouteScopes } from "../../route-scopes.ts";
import { sendAuditedCsv } from "../audit/export.ts";
import { createCertificateOffice } from "./staff-service.ts";

const byId = z.object({ id: idParam });

const dateTime = new Intl.DateTimeFormat("fr-FR", {
  dateStyle: "short",
  timeStyle: "short",
  timeZone: "Africa/Casablanca",
});
const EXPORT_COLUMNS: readonly ExportColumn<CertificateStaffItem>[] = [
  { header: "N° demande", value: (r) => r.id },
  { header: "Date", value: (r) => dateTime.format(new Date(r.created_at)) },
  { header: "Matricule", value: (r) => r.student_id },
  { header: "Nom", value: (r) => r.nom },
  { header: "Prénom", value: (r) => r.prenom },
  { header: "CIN", value: (r) => r.cin },
  { header: "Centre", value: (r) => r.centre },
  { header: "Option", value: (r) => r.option },
  { header: "Année", value: (r) => r.annee },
  { header: "Type", value: (r) => r.type },
  { header: "Niveau", value: (r) => r.niveau },
  { header: "Langues", value: (r) => r.langues.join(", ") },
  { header: "Statut", value: (r) => r.status },
  { header: "Motif", value: (r) => r.motif },
  { header: "N° attestation", value: (r) => r.document?.numero },
];

/** The office's inbox of certificate requests (docs/spec/back-office.md sections 6 and 8). */
export async function certificateStaffRoutes({ staff }: RouteScopes, context: AppContext) {
  const office = createCertificateOffice(context);
  const s = staff.withTypeProvider<ZodTypeProvider>();
  const read = { staff: { permission: "read:demandes" as const } };
  const update = { staff: { permission: "update:demandes" as const } };
  // Revoking and naming the signatory are the direction's (packages/contract rules/permissions.ts).
  const direction = { staff: { permission: "delete:demandes" as const } };

  s.get(
    "/api/gestion/demandes",
    { config: read, schema: { querystring: certificateStaffQuery, response: { 200: certificateStaffPage } } },
    async (request) => office.list(staffCaller(request), request.query),
  );

  s.get(
    "/api/gestion/demandes/export.csv",
    { config: { staff: { permission: "export:demandes" } }, schema: { querystring: certificateStaffQuery } },
    async (request, reply) => {
      const who = staffCaller(request);
      const rows = await office.exportRows(who, request.query);
      return sendAuditedCsv(
        reply,
        context.db,
        {
          staff: who,
          ip: clientIp(request),
          entity: "demandes",
          summary: `Export des demandes d'attestation (${rows.length} lignes)`,
        },
        { base: "demandes", columns: EXPORT_COLUMNS, rows },
      );
    },
  );

  s.get(
    "/api/gestion/demandes/signataire",
    { config: read, schema: { response: { 200: certificateSignatory } } },
    async () => office.getSignatory(),
  );

  s.patch(
    "/api/gestion/demandes/signataire",
    { config: direction, schema: { body: certificateSignatory, response: { 200: certificateSignatory } } },
    async (request) => office.setSignatory(staffCaller(request), request.body, clientIp(request)),
  );

  s.get(
    "/api/gestion/demandes/:id",
    { config: read, schema: { params: byId, response: { 200: certificateStaffDetail } } },
    async (request) => office.get(staffCaller(request), request.params.id),
  );

  s.patch(
    "/api/gestion/demandes/:id",
    {
      config: update,
      schema: { params: byId, body: certificateStatusChange, response: { 200: certificateStaffDetail } },
    },
    async (request) =>
      office.changeStatus(staffCaller(request), request.params.id, request.body, clientIp(request), request.log),
  );

  s.post(
    "/api/gestion/demandes/:id/revoquer",
    {
      config: direction,
      schema: { params: byId, body: certificateRevocation, response: { 200: certificateStaffDetail } },
    },
    async (request) => office.revoke(staffCaller(request), request.params.id, request.body, clientIp(request)),
  );

  // Rectification (docs/spec/school-year-and-data.md section 4): a new number from the record, the old one stays revoked.
  s.post(
    "/api/gestion/demandes/:id/reemettre",
    { config: { ...direction, idempotent: true }, schema: { params: byId, response: { 201: certificateStaffDetail } } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await office.reissue(staffCaller(request), request.params.id, clientIp(request), request.log)),
  );

  s.get("/api/gestion/demandes/:id/document", { config: read, schema: { params: byId } }, async (request, reply) =>
    sendStoredFile(reply, context.storage, await office.staffDocument(staffCaller(request), request.params.id)),
  );
}
