import { loginRequest, loginResponse, user, webSessionResponse } from "@puerta/contract";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../app-context.ts";
import { caller } from "../../lib/auth-guard.ts";
import { clientIp } from "../../lib/client-ip.ts";
import { requireCsrf } from "../../lib/csrf.ts";
import type { RouteScopes } from "../../route-scopes.ts";
import { setStudentSession, studentSessionCookie } from "./cookies.ts";

/**
 * The bearer API of the student spec (section 7: `/api/login` answers a token) and the web's
 * cookie session beside it (decision 100): `POST /api/session` signs in the same way but puts the
 * token in an HttpOnly cookie and answers only the user; `POST /api/session/exchange` moves a
 * token an older web client kept in `localStorage` into that cookie, once. `/api/logout` ends
 * either kind.
 */
export async function authRoutes(scopes: RouteScopes, { auth, captcha, config }: AppContext) {
  const r = scopes.public.withTypeProvider<ZodTypeProvider>();
  const signedIn = scopes.signedIn.withTypeProvider<ZodTypeProvider>();
  const cookie = studentSessionCookie(config);

  const setSession = (request: FastifyRequest, reply: FastifyReply, token: string | null) =>
    setStudentSession(cookie, request, reply, token);

  r.get("/api/captcha/challenge", async (_request, reply) => {
    reply.header("Cache-Control", "no-store");
    return captcha.challenge();
  });

  r.post("/api/login", { schema: { body: loginRequest, response: { 200: loginResponse } } }, async (request) =>
    auth.login(request.body, clientIp(request)),
  );

  // Before any session cookie: the double submit is demanded even without cookies (login CSRF).
  r.post(
    "/api/session",
    { onRequest: requireCsrf, schema: { body: loginRequest, response: { 200: webSessionResponse } } },
    async (request, reply) => {
      const { token, user } = await auth.login(request.body, clientIp(request));
      setSession(request, reply, token);
      return { user };
    },
  );

  signedIn.post(
    "/api/session/exchange",
    { schema: { response: { 200: webSessionResponse } } },
    async (request, reply) => {
      const who = caller(request);
      // The stored token was readable by every script of the page: it ends, a fresh one goes into the cookie.
      const { token } = await auth.issueToken(who.userId);
      await auth.logout(who);
      setSession(request, reply, token);
      return { user: await auth.getUser(who.userId) };
    },
  );

  signedIn.get("/api/user", { schema: { response: { 200: user } } }, async (request) =>
    auth.getUser(caller(request).userId),
  );

  signedIn.post(
    "/api/logout",
    { schema: { response: { 200: z.object({ message: z.string() }) } } },
    async (request, reply) => {
      const who = caller(request);
      await auth.logout(who);
      if (who.via === "cookie") setSession(request, reply, null);
      return { message: "Déconnexion réussie." };
    },
  );
}
