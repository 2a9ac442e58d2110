import { courseDocumentsResponse, DOCUMENT_DOWNLOADS } from "@puerta/contract";
import type { AppContext } from "../../app-context.ts";
import { fileDownloadHandler } from "../../lib/file-download.ts";
import { successJson } from "../../lib/json-text.ts";
import type { RouteScopes } from "../../route-scopes.ts";
import { createDocumentsService } from "./service.ts";

/** Course support (/support-cours): open to every signed-in student, exempt from the policy gate. */
export async function documentsRoutes({ authenticated: app }: RouteScopes, context: AppContext) {
  const documents = createDocumentsService(context);

  // Written by PostgreSQL (decision 050): the untyped `app`, since the answer is JsonText.
  app.get("/api/documents", { schema: { response: { 200: courseDocumentsResponse } } }, async () => {
    const { json, message } = await documents.all();
    return successJson(json, { message });
  });

  app.get(`${DOCUMENT_DOWNLOADS.course}/:filename`, fileDownloadHandler(context.storage, documents.download));
}
