import {
  changePasswordRequest,
  forgotPasswordRequest,
  messageResponse,
  resetPasswordRequest,
  verifyResetTokenRequest,
  verifyResetTokenResponse,
} from "@puerta/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { caller } from "../../lib/auth-guard.ts";
import { clientIp } from "../../lib/client-ip.ts";
import { createPasswordService } from "./service.ts";

export async function passwordRoutes(app: FastifyInstance, context: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const passwords = createPasswordService(context);

  r.post(
    "/api/change-password",
    {
      onRequest: context.requireAuth,
      schema: { body: changePasswordRequest, response: { 200: messageResponse } },
    },
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
