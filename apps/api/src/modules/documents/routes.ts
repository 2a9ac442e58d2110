import { courseDocumentsResponse, DOCUMENT_DOWNLOADS } from "@puerta/contract";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.ts";
import { registerFileDownload } from "../../lib/file-download.ts";
import { successJson } from "../../lib/json-text.ts";
import { createDocumentsService } from "./service.ts";

/** Course support (/support-cours): open to every signed-in student, exempt from the policy gate. */
export async function documentsRoutes(app: FastifyInstance, context: AppContext) {
  const documents = createDocumentsService(context);

  // Written by PostgreSQL (decision 050): the untyped `app`, since the answer is JsonText.
  app.get(
    "/api/documents",
    { onRequest: context.requireAuth, schema: { response: { 200: courseDocumentsResponse } } },
    async () => {
      const { json, message } = await documents.all();
      return successJson(json, { message });
    },
  );

  registerFileDownload(app, context, DOCUMENT_DOWNLOADS.course, documents.download);
}
