import { contactRequest, messageResponse } from "@puerta/contract";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../app-context.ts";
import { clientIp } from "../../lib/client-ip.ts";
import type { RouteScopes } from "../../route-scopes.ts";
import { createContactService } from "./service.ts";

export async function contactRoutes(scopes: RouteScopes, context: AppContext) {
  const r = scopes.public.withTypeProvider<ZodTypeProvider>();
  const contact = createContactService(context);

  r.post(
    "/api/contact",
    {
      config: { idempotent: true },
      // A locked sender hears 429 even when the body is malformed, and spends no captcha.
      preValidation: async (request) => contact.assertNotLocked(clientIp(request)),
      schema: { body: contactRequest, response: { 200: messageResponse } },
    },
    async (request) => {
      const { recaptcha_token, ...fields } = request.body;
      return contact.send(fields, recaptcha_token, clientIp(request));
    },
  );
}
