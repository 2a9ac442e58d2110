import {
  markViewedRequest,
  markViewedResponse,
  notificationDetailResponse,
  notificationListResponse,
} from "@puerta/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { caller } from "../../lib/auth-guard.ts";
import { successJson } from "../../lib/json-text.ts";
import { createNotificationService } from "./service.ts";

const params = z.object({ id: z.string() });

export async function notificationRoutes(app: FastifyInstance, context: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const notifications = createNotificationService(context);
  // Authentication before validation: an anonymous caller learns nothing, not even a 422.
  r.addHook("onRequest", context.requireAuth);

  // Answers written by PostgreSQL (decision 050): the untyped `app` since they are JsonText.
  app.get("/api/notifications", { schema: { response: { 200: notificationListResponse } } }, async (request) =>
    successJson(await notifications.listJson(caller(request).userId)),
  );

  app.get<{ Params: { id: string } }>(
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
