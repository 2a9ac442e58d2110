import { certificateCreatedResponse, certificateListResponse, certificateRequestBody } from "@puerta/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { caller } from "../../lib/auth-guard.ts";
import { createCertificateService } from "./service.ts";

export async function certificateRoutes(app: FastifyInstance, context: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const certificates = createCertificateService(context);
  r.addHook("onRequest", context.requireAuth);

  r.get("/api/demandes", { schema: { response: { 200: certificateListResponse } } }, async (request) => ({
    success: true as const,
    data: await certificates.list(caller(request).userId),
  }));

  r.post(
    "/api/demandes",
    {
      // The policy gate answers before the body is judged: 403 until it is accepted.
      preValidation: async (request) => context.policy.assertAccepted(caller(request).userId),
      schema: { body: certificateRequestBody, response: { 201: certificateCreatedResponse } },
    },
    async (request, reply) => {
      const created = await certificates.create(caller(request).userId, request.body);
      return reply.status(201).send({ success: true as const, ...created });
    },
  );
}
