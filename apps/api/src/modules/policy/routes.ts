import { policyAcceptRequest, policyContentResponse, policyStatusResponse } from "@puerta/contract";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../app-context.ts";
import { caller } from "../../lib/auth-guard.ts";
import { clientIp, userAgent } from "../../lib/client-ip.ts";
import type { RouteScopes } from "../../route-scopes.ts";

/** The policy itself is read and accepted before it is accepted: signed in is enough. */
export async function policyRoutes({ authenticated }: RouteScopes, { policy }: AppContext) {
  const r = authenticated.withTypeProvider<ZodTypeProvider>();

  r.get("/api/policy/status", { schema: { response: { 200: policyStatusResponse } } }, async (request) => {
    const { accepted, acceptedAt } = await policy.status(caller(request).userId);
    return { success: true, has_accepted: accepted, accepted, accepted_at: acceptedAt?.toISOString() ?? null };
  });

  r.get("/api/policy/content", { schema: { response: { 200: policyContentResponse } } }, async () => ({
    success: true as const,
    policy: await policy.content(),
  }));

  r.post(
    "/api/policy/accept",
    { schema: { body: policyAcceptRequest, response: { 200: policyStatusResponse } } },
    async (request) => {
      const userId = caller(request).userId;
      await policy.accept(userId, clientIp(request), userAgent(request));
      const { acceptedAt } = await policy.status(userId);
      return { success: true, has_accepted: true, accepted: true, accepted_at: acceptedAt?.toISOString() ?? null };
    },
  );
}
