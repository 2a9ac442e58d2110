import {
  contactMessageDetail,
  contactMessagesPage,
  contactMessagesQuery,
  contactMessageUpdate,
  contactReplyRequest,
  idParam,
} from "@puerta/contract";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../app-context.ts";
import { clientIp } from "../../lib/client-ip.ts";
import { sendCsv } from "../../lib/spreadsheet-export.ts";
import { staffCaller } from "../../lib/staff-session.ts";
import type { RouteScopes } from "../../route-scopes.ts";
import { createContactInbox } from "./staff-service.ts";

/** `/api/gestion/messages` (docs/spec/back-office.md sections 6 and 8): direction and secretariat. */
export async function contactInboxRoutes({ staff: scope }: RouteScopes, { db, config, mail }: AppContext) {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const inbox = createContactInbox({ db, config, mail });
  const byId = z.object({ id: idParam });

  r.get(
    "/api/gestion/messages",
    {
      config: { staff: { permission: "read:messages" } },
      schema: { querystring: contactMessagesQuery, response: { 200: contactMessagesPage } },
    },
    async (request) => inbox.list(request.query),
  );

  r.get(
    "/api/gestion/messages/export.csv",
    { config: { staff: { permission: "export:messages" } }, schema: { querystring: contactMessagesQuery } },
    async (request, reply) => {
      const { fileName, csv } = await inbox.exportCsv(staffCaller(request), request.query, clientIp(request));
      return sendCsv(reply, fileName, csv);
    },
  );

  // Reading is a GET that marks the message read: the journal records who opened it first.
  r.get(
    "/api/gestion/messages/:id",
    {
      config: { staff: { permission: "read:messages" } },
      schema: { params: byId, response: { 200: contactMessageDetail } },
    },
    async (request) => inbox.open(staffCaller(request), request.params.id, clientIp(request)),
  );

  r.patch(
    "/api/gestion/messages/:id",
    {
      config: { staff: { permission: "update:messages" } },
      schema: { params: byId, body: contactMessageUpdate, response: { 200: contactMessageDetail } },
    },
    async (request) => inbox.update(staffCaller(request), request.params.id, request.body.statut, clientIp(request)),
  );

  r.post(
    "/api/gestion/messages/:id/reponse",
    {
      config: { staff: { permission: "update:messages" }, idempotent: true },
      schema: { params: byId, body: contactReplyRequest, response: { 201: contactMessageDetail } },
    },
    async (request, reply) => {
      const detail = await inbox.reply(staffCaller(request), request.params.id, request.body, clientIp(request));
      return reply.status(201).send(detail);
    },
  );
}
