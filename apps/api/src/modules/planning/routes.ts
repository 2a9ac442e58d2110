import { DOCUMENT_DOWNLOADS, planningListResponse } from "@puerta/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { caller } from "../../lib/auth-guard.ts";
import { registerFileDownload } from "../../lib/file-download.ts";
import { createPlanningService } from "./service.ts";

/** /planning is exempt from the policy gate (spec section 4): signed in is enough. */
export async function planningRoutes(app: FastifyInstance, context: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const planning = createPlanningService(context);

  r.get(
    "/api/planifications",
    { onRequest: context.requireAuth, schema: { response: { 200: planningListResponse } } },
    async (request) => ({ success: true as const, data: await planning.list(caller(request).userId) }),
  );

  registerFileDownload(app, context, DOCUMENT_DOWNLOADS.planning, planning.download);
}
