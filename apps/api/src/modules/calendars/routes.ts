import {
  calendarFeedQuery,
  calendarSubscriptionResponse,
  eventListResponse,
  eventResponse,
  eventStatsResponse,
  holidayListResponse,
  holidayStatsResponse,
  idParam,
} from "@puerta/contract";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../app-context.ts";
import { caller } from "../../lib/auth-guard.ts";
import { sendStoredFile } from "../../lib/file-download.ts";
import { successJson } from "../../lib/json-text.ts";
import type { RouteScopes } from "../../route-scopes.ts";
import { createCalendarsService } from "./service.ts";

export async function calendarRoutes(scopes: RouteScopes, context: AppContext) {
  const calendars = createCalendarsService(context);
  const app = scopes.authenticated;
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The event page sits behind the policy gate (docs/spec/student-portal.md section 4): so do its data and poster.
  const gated = scopes.accepted;
  const byId = z.object({ id: idParam });

  // Written by PostgreSQL (decision 050): the untyped `app`, since the answers are JsonText.
  app.get("/api/parascolaires", { schema: { response: { 200: eventListResponse } } }, async (request) =>
    successJson(await calendars.eventsJson(caller(request).userId)),
  );

  r.get("/api/parascolaires-stats", { schema: { response: { 200: eventStatsResponse } } }, async (request) => ({
    success: true as const,
    data: await calendars.eventStats(caller(request).userId),
  }));

  gated.get<{ Params: z.infer<typeof byId> }>(
    "/api/parascolaires/:id",
    { schema: { params: byId, response: { 200: eventResponse } } },
    async (request) => successJson(await calendars.eventJson(caller(request).userId, request.params.id)),
  );

  // The poster, behind the same gate as the event page (decision 040).
  gated
    .withTypeProvider<ZodTypeProvider>()
    .get("/api/parascolaires/:id/affiche", { schema: { params: byId } }, async (request, reply) => {
      const key = await calendars.afficheKey(caller(request).userId, request.params.id);
      return sendStoredFile(
        reply,
        context.storage,
        { key, downloadName: `affiche-${request.params.id}.webp` },
        "inline",
      );
    });

  r.get("/api/jours-feries", { schema: { response: { 200: holidayListResponse } } }, async (request) => {
    const data = await calendars.holidays(caller(request).userId);
    return {
      success: true as const,
      data,
      message: data.length > 0 ? "Jours fériés récupérés avec succès." : "Aucun jour férié trouvé pour cette année.",
    };
  });

  r.get("/api/jours-feries/statistics", { schema: { response: { 200: holidayStatsResponse } } }, async (request) => ({
    success: true as const,
    data: await calendars.holidayStats(caller(request).userId),
  }));

  // The student's iCalendar subscription link: see it is active, (re)generate it, revoke it.
  r.get(
    "/api/calendar/subscription",
    { schema: { response: { 200: calendarSubscriptionResponse } } },
    async (request) => ({ success: true as const, data: await calendars.subscription(caller(request).userId) }),
  );

  r.post(
    "/api/calendar/subscription",
    { schema: { response: { 200: calendarSubscriptionResponse } } },
    async (request) => ({
      success: true as const,
      data: await calendars.regenerateSubscription(caller(request).userId),
    }),
  );

  r.delete(
    "/api/calendar/subscription",
    { schema: { response: { 200: calendarSubscriptionResponse } } },
    async (request) => ({ success: true as const, data: await calendars.revokeSubscription(caller(request).userId) }),
  );

  // The feed itself: the secret in the path is the credential (calendar apps send no token).
  scopes.public
    .withTypeProvider<ZodTypeProvider>()
    .get(
      "/api/calendar/:file",
      { schema: { params: z.object({ file: z.string().max(100) }), querystring: calendarFeedQuery } },
      async (request, reply) => {
        const body = await calendars.feed(request.params.file, request.query.type);
        return reply
          .header("Content-Type", "text/calendar; charset=utf-8")
          .header("Content-Disposition", 'inline; filename="puerta-calendrier.ics"')
          .header("Cache-Control", "private, max-age=900")
          .header("Referrer-Policy", "no-referrer")
          .send(body);
      },
    );
}
