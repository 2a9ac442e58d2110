import {
  certificateCreatedResponse,
  certificateListResponse,
  certificateRequestBody,
  certificateVerification,
  certificateYearsResponse,
  idParam,
} from "@puerta/contract";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../app-context.ts";
import { caller } from "../../lib/auth-guard.ts";
import { clientIp } from "../../lib/client-ip.ts";
import { sendStoredFile } from "../../lib/file-download.ts";
import type { RouteScopes } from "../../route-scopes.ts";
import { createCertificateService } from "./service.ts";
import { createCertificateOffice } from "./staff-service.ts";

const byId = z.object({ id: idParam });
const byCode = z.object({ code: z.string().max(64) });

/**
 * Certificate requests: the student's (behind the policy gate, docs/spec/student-portal.md section 4), the public
 * verification of an attestation (docs/spec/back-office.md section 6); the office's inbox is staff-routes.ts.
 */
export async function certificateRoutes({ reducedArea, public: publicScope }: RouteScopes, context: AppContext) {
  // A former student keeps their attestations (docs/spec/school-year-and-data.md section 3).
  const r = reducedArea.withTypeProvider<ZodTypeProvider>();
  const office = createCertificateOffice(context);
  const certificates = createCertificateService({ ...context, office });

  r.get("/api/demandes", { schema: { response: { 200: certificateListResponse } } }, async (request) => ({
    success: true as const,
    data: await certificates.list(caller(request).userId),
  }));

  r.get("/api/demandes/annees", { schema: { response: { 200: certificateYearsResponse } } }, async (request) =>
    certificates.years(caller(request).userId),
  );

  r.post(
    "/api/demandes",
    {
      config: { idempotent: true },
      schema: { body: certificateRequestBody, response: { 201: certificateCreatedResponse } },
    },
    async (request, reply) => {
      const created = await certificates.create(caller(request).userId, request.body);
      return reply.status(201).send({ success: true as const, ...created });
    },
  );

  r.get("/api/demandes/:id/document", { schema: { params: byId } }, async (request, reply) =>
    sendStoredFile(reply, context.storage, await certificates.document(caller(request).userId, request.params.id)),
  );

  publicScope
    .withTypeProvider<ZodTypeProvider>()
    .get(
      "/api/attestations/:code",
      { schema: { params: byCode, response: { 200: certificateVerification } } },
      async (request, reply) => {
        reply.header("X-Robots-Tag", "noindex");
        reply.header("Cache-Control", "no-store");
        return certificates.verify(request.params.code, clientIp(request));
      },
    );
}
