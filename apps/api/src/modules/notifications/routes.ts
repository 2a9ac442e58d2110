import {
  markAllViewedResponse,
  markViewedRequest,
  markViewedResponse,
  notificationDetailResponse,
  notificationListParams,
  notificationListResponse,
  notificationScreenResponse,
} from "@puerta/contract";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../app-context.ts";
import { caller } from "../../lib/auth-guard.ts";
import { successJson } from "../../lib/json-text.ts";
import type { RouteScopes } from "../../route-scopes.ts";
import { createNotificationService } from "./service.ts";

const params = z.object({ id: z.string() });

/**
 * The list (/notifications) is exempt from the policy gate; a notification's page is not
 * (docs/spec/student-portal.md section 4), so its detail, mark and photo are declared behind the gate.
 */
export async function notificationRoutes(scopes: RouteScopes, context: AppContext) {
  const notifications = createNotificationService(context);
  const gated = scopes.accepted;
  const r = gated.withTypeProvider<ZodTypeProvider>();

  // Answers written by PostgreSQL (decision 050): the untyped scope since they are JsonText.
  // With `limit`, the first screen and the counts (what a server-rendered page needs), else the whole list.
  scopes.authenticated.get<{ Querystring: z.infer<typeof notificationListParams> }>(
    "/api/notifications",
    {
      schema: {
        querystring: notificationListParams,
        response: { 200: z.union([notificationScreenResponse, notificationListResponse]) },
      },
    },
    async (request) => {
      const { userId } = caller(request);
      const { limit } = request.query;
      if (limit === undefined) return successJson(await notifications.listJson(userId));
      const screen = await notifications.screenJson(userId, limit);
      return successJson(screen.json, { total: screen.total, unread: screen.unread });
    },
  );

  // Like the list it empties of unread items (exempt from the policy gate): it discloses nothing.
  scopes.authenticated
    .withTypeProvider<ZodTypeProvider>()
    .post("/api/notifications/read-all", { schema: { response: { 200: markAllViewedResponse } } }, async (request) => ({
      success: true as const,
      marked: await notifications.markAllViewed(caller(request).userId),
    }));

  gated.get<{ Params: { id: string } }>(
    "/api/notifications/:id",
    { schema: { params, response: { 200: notificationDetailResponse } } },
    async (request) => successJson(await notifications.detailJson(caller(request).userId, request.params.id)),
  );

  r.post(
    "/api/notifications/:id/mark-viewed",
    { schema: { params, body: markViewedRequest, response: { 200: markViewedResponse } } },
    async (request) => {
      await notifications.markViewed(caller(request).userId, request.params.id);
      return { success: true as const };
    },
  );

  r.get("/api/notifications/:id/photo", { schema: { params } }, async (request, reply) => {
    const photo = await notifications.photo(caller(request).userId, request.params.id);
    return reply
      .header("Content-Type", photo.contentType)
      .header("Content-Disposition", "inline")
      .header("X-Content-Type-Options", "nosniff")
      .header("Cache-Control", "private, max-age=3600")
      .send(photo.bytes);
  });
}
