import {
  changePasswordRequest,
  forgotPasswordRequest,
  messageResponse,
  resetPasswordRequest,
  verifyResetTokenRequest,
  verifyResetTokenResponse,
} from "@puerta/contract";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../app-context.ts";
import { caller } from "../../lib/auth-guard.ts";
import { clientIp } from "../../lib/client-ip.ts";
import type { RouteScopes } from "../../route-scopes.ts";
import { createPasswordService } from "./service.ts";

export async function passwordRoutes(scopes: RouteScopes, context: AppContext) {
  const r = scopes.public.withTypeProvider<ZodTypeProvider>();
  const passwords = createPasswordService(context);

  // /modifier-mot-de-passe is behind the policy gate (docs/spec/student-portal.md section 4): so is the change;
  // a former student keeps it (docs/spec/school-year-and-data.md section 3).
  scopes.reducedArea
    .withTypeProvider<ZodTypeProvider>()
    .post(
      "/api/change-password",
      { schema: { body: changePasswordRequest, response: { 200: messageResponse } } },
      async (request) => passwords.change(caller(request), request.body),
    );

  r.post(
    "/api/student/forgot-password",
    { schema: { body: forgotPasswordRequest, response: { 200: messageResponse } } },
    async (request) => passwords.forgot(request.body.email, clientIp(request)),
  );

  r.post(
    "/api/student/verify-reset-token",
    { schema: { body: verifyResetTokenRequest, response: { 200: verifyResetTokenResponse } } },
    async (request) => passwords.verify(request.body.email, request.body.token, clientIp(request)),
  );

  r.post(
    "/api/student/reset-password",
    { schema: { body: resetPasswordRequest, response: { 200: messageResponse } } },
    async (request) => passwords.reset(request.body, clientIp(request)),
  );
}
