import { loginRequest, loginResponse, user } from "@puerta/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { caller } from "../../lib/auth-guard.ts";
import { clientIp } from "../../lib/client-ip.ts";

export async function authRoutes(app: FastifyInstance, { auth, captcha, requireAuth }: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get("/api/captcha/challenge", async (_request, reply) => {
    reply.header("Cache-Control", "no-store");
    return captcha.challenge();
  });

  r.post("/api/login", { schema: { body: loginRequest, response: { 200: loginResponse } } }, async (request) =>
    auth.login(request.body, clientIp(request)),
  );

  r.get("/api/user", { onRequest: requireAuth, schema: { response: { 200: user } } }, async (request) =>
    auth.getUser(caller(request).userId),
  );

  r.post(
    "/api/logout",
    { onRequest: requireAuth, schema: { response: { 200: z.object({ message: z.string() }) } } },
    async (request) => {
      await auth.logout(caller(request));
      return { message: "Déconnexion réussie." };
    },
  );
}
