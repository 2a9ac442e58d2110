import { courseDocumentsResponse, DOCUMENT_DOWNLOADS } from "@puerta/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { registerFileDownload } from "../../lib/file-download.ts";
import { createDocumentsService } from "./service.ts";

/** Course support (/support-cours): open to every signed-in student, exempt from the policy gate. */
export async function documentsRoutes(app: FastifyInstance, context: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const documents = createDocumentsService(context);

  r.get(
    "/api/documents",
    { onRequest: context.requireAuth, schema: { response: { 200: courseDocumentsResponse } } },
    async () => {
      const data = await documents.all();
      return { success: true as const, data, message: documents.message(data) };
    },
  );

  registerFileDownload(app, context, DOCUMENT_DOWNLOADS.course, documents.download);
}
