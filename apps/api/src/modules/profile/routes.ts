import fastifyMultipart from "@fastify/multipart";
import { PROFILE_PHOTO, PROFILE_TEXT, profilePhotoResponse } from "@puerta/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../app-context.ts";
import { caller } from "../../lib/auth-guard.ts";
import { validationFailed } from "../../lib/errors.ts";
import type { RouteScopes } from "../../route-scopes.ts";
import { createProfileService } from "./service.ts";

/** /profile is behind the policy gate (docs/spec/student-portal.md section 4): so are the photo's calls. */
export async function profileRoutes(scopes: RouteScopes, context: AppContext) {
  // A child of the gated scope: the multipart parser stays with these routes.
  await scopes.accepted.register(async (app) => profileScope(app, context));
}

async function profileScope(app: FastifyInstance, context: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const profile = createProfileService(context);
  // One file, a few form fields at most; the size limit is checked while streaming.
  await app.register(fastifyMultipart, {
    limits: { fileSize: PROFILE_PHOTO.maxBytes, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
  });

  r.post("/api/profile/photo", { schema: { response: { 200: profilePhotoResponse } } }, async (request) => {
    const file = await request.file();
    if (!file) throw validationFailed({ photo: [PROFILE_TEXT.photoMissing] });
    let bytes: Buffer;
    try {
      bytes = await file.toBuffer();
    } catch (error) {
      if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") {
        throw validationFailed({ photo: [PROFILE_TEXT.photoTooLarge] });
      }
      throw error;
    }
    const url = await profile.replacePhoto(caller(request).userId, bytes);
    return { success: true as const, message: PROFILE_TEXT.photoSaved, profile_image: url };
  });

  /** The caller's own photo only: there is no way to name another student's. */
  r.get("/api/profile/photo", async (request, reply) => {
    const photo = await profile.photo(caller(request).userId);
    return reply
      .header("Content-Type", photo.contentType)
      .header("Content-Disposition", 'inline; filename="photo-profil.webp"')
      .header("X-Content-Type-Options", "nosniff")
      .header("Cache-Control", "no-store")
      .send(photo.bytes);
  });
}
