import { DOCUMENT_DOWNLOADS, orientationListResponse } from "@puerta/contract";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../app-context.ts";
import { fileDownloadHandler } from "../../lib/file-download.ts";
import type { RouteScopes } from "../../route-scopes.ts";
import { createOrientationService } from "./service.ts";

/** /etudiants/orientation: open to every signed-in student, exempt from the policy gate. */
export async function orientationRoutes({ authenticated: app }: RouteScopes, context: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const orientation = createOrientationService(context);

  r.get("/api/orientations", { schema: { response: { 200: orientationListResponse } } }, async () => ({
    success: true as const,
    data: await orientation.list(),
  }));

  app.get(`${DOCUMENT_DOWNLOADS.orientation}/:filename`, fileDownloadHandler(context.storage, orientation.download));
}
