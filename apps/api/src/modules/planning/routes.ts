import { DOCUMENT_DOWNLOADS, planningListResponse } from "@puerta/contract";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.ts";
import { caller } from "../../lib/auth-guard.ts";
import { registerFileDownload } from "../../lib/file-download.ts";
import { successJson } from "../../lib/json-text.ts";
import { createPlanningService } from "./service.ts";

/** /planning is exempt from the policy gate (spec section 4): signed in is enough. */
export async function planningRoutes(app: FastifyInstance, context: AppContext) {
  const planning = createPlanningService(context);

  // Written by PostgreSQL (decision 050): the untyped `app`, since the answer is JsonText.
  app.get(
    "/api/planifications",
    { onRequest: context.requireAuth, schema: { response: { 200: planningListResponse } } },
    async (request) => successJson(await planning.listJson(caller(request).userId)),
  );

  registerFileDownload(app, context, DOCUMENT_DOWNLOADS.planning, planning.download);
}
