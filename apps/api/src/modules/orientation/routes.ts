import { DOCUMENT_DOWNLOADS, orientationListResponse } from "@puerta/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { registerFileDownload } from "../../lib/file-download.ts";
import { createOrientationService } from "./service.ts";

/** /etudiants/orientation: open to every signed-in student, exempt from the policy gate. */
export async function orientationRoutes(app: FastifyInstance, context: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const orientation = createOrientationService(context);

  r.get(
    "/api/orientations",
    { onRequest: context.requireAuth, schema: { response: { 200: orientationListResponse } } },
    async () => ({ success: true as const, data: await orientation.list() }),
  );

  registerFileDownload(app, context, DOCUMENT_DOWNLOADS.orientation, orientation.download);
}
