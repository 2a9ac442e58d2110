import { loginRequest, loginResponse, user } from "@puerta/contract";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../app-context.ts";
import { caller } from "../../lib/auth-guard.ts";
import { clientIp } from "../../lib/client-ip.ts";
import type { RouteScopes } from "../../route-scopes.ts";

export async function authRoutes(scopes: RouteScopes, { auth, captcha }: AppContext) {
  const r = scopes.public.withTypeProvider<ZodTypeProvider>();
  const signedIn = scopes.authenticated.withTypeProvider<ZodTypeProvider>();

  r.get("/api/captcha/challenge", async (_request, reply) => {
    reply.header("Cache-Control", "no-store");
    return captcha.challenge();
  });

  r.post("/api/login", { schema: { body: loginRequest, response: { 200: loginResponse } } }, async (request) =>
    auth.login(request.body, clientIp(request)),
  );

  signedIn.get("/api/user", { schema: { response: { 200: user } } }, async (request) =>
    auth.getUser(caller(request).userId),
  );

  signedIn.post(
    "/api/logout",
    { schema: { response: { 200: z.object({ message: z.string() }) } } },
    async (request) => {
      await auth.logout(caller(request));
      return { message: "Déconnexion réussie." };
    },
  );
}
