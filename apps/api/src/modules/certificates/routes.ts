import { certificateCreatedResponse, certificateListResponse, certificateRequestBody } from "@puerta/contract";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../app-context.ts";
import { caller } from "../../lib/auth-guard.ts";
import type { RouteScopes } from "../../route-scopes.ts";
import { createCertificateService } from "./service.ts";

/** /demande-attestation is behind the policy gate (spec section 4): both calls are too, 403 before the body is judged. */
export async function certificateRoutes({ accepted }: RouteScopes, context: AppContext) {
  const r = accepted.withTypeProvider<ZodTypeProvider>();
  const certificates = createCertificateService(context);

  r.get("/api/demandes", { schema: { response: { 200: certificateListResponse } } }, async (request) => ({
    success: true as const,
    data: await certificates.list(caller(request).userId),
  }));

  r.post(
    "/api/demandes",
    { schema: { body: certificateRequestBody, response: { 201: certificateCreatedResponse } } },
    async (request, reply) => {
      const created = await certificates.create(caller(request).userId, request.body);
      return reply.status(201).send({ success: true as const, ...created });
    },
  );
}
