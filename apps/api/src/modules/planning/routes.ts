import { DOCUMENT_DOWNLOADS, planningListResponse } from "@puerta/contract";
import type { AppContext } from "../../app-context.ts";
import { caller } from "../../lib/auth-guard.ts";
import { fileDownloadHandler } from "../../lib/file-download.ts";
import { successJson } from "../../lib/json-text.ts";
import type { RouteScopes } from "../../route-scopes.ts";
import { createPlanningService } from "./service.ts";

/** /planning is exempt from the policy gate (docs/spec/student-portal.md section 4): signed in is enough. */
export async function planningRoutes({ authenticated: app }: RouteScopes, context: AppContext) {
  const planning = createPlanningService(context);

  // Written by PostgreSQL (decision 050): the untyped `app`, since the answer is JsonText.
  app.get("/api/planifications", { schema: { response: { 200: planningListResponse } } }, async (request) =>
    successJson(await planning.listJson(caller(request).userId)),
  );

  app.get(`${DOCUMENT_DOWNLOADS.planning}/:filename`, fileDownloadHandler(context.storage, planning.download));
}
