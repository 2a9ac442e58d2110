import { policyAcceptRequest, policyContentResponse, policyStatusResponse } from "@puerta/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { caller } from "../../lib/auth-guard.ts";
import { clientIp, userAgent } from "../../lib/client-ip.ts";

export async function policyRoutes(app: FastifyInstance, { policy, requireAuth }: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/policy/status",
    { onRequest: requireAuth, schema: { response: { 200: policyStatusResponse } } },
    async (request) => {
      const accepted = await policy.hasAcceptedCurrent(caller(request).userId);
      return { success: true, has_accepted: accepted, accepted };
    },
  );

  r.get(
    "/api/policy/content",
    { onRequest: requireAuth, schema: { response: { 200: policyContentResponse } } },
    async () => ({
      success: true as const,
      policy: await policy.content(),
    }),
  );

  r.post(
    "/api/policy/accept",
    { onRequest: requireAuth, schema: { body: policyAcceptRequest, response: { 200: policyStatusResponse } } },
    async (request) => {
      await policy.accept(caller(request).userId, clientIp(request), userAgent(request));
      return { success: true, has_accepted: true, accepted: true };
    },
  );
}
