import fastifyMultipart from "@fastify/multipart";
import {
  EMAIL_COPIES_PATH,
  emailCopiesRequest,
  emailCopiesResponse,
  PROFILE_PHOTO,
  PROFILE_TEXT,
  profilePhotoResponse,
} from "@puerta/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../app-context.ts";
import { caller } from "../../lib/auth-guard.ts";
import { clientIp } from "../../lib/client-ip.ts";
import { validationFailed } from "../../lib/errors.ts";
import { UNSUBSCRIBE_PATH, verifyUnsubscribeToken } from "../../lib/mailer/unsubscribe.ts";
import type { RouteScopes } from "../../route-scopes.ts";
import { createDataExport, sendDataArchive } from "../personal-data/export.ts";
import { createProfileService } from "./service.ts";

/**
 * /profile is behind the policy gate (docs/spec/student-portal.md section 4): so are the photo's calls;
 * a former student keeps it (docs/spec/school-year-and-data.md section 3).
 */
export async function profileRoutes(scopes: RouteScopes, context: AppContext) {
  // A child of the gated scope: the multipart parser stays with these routes.
  await scopes.reducedArea.register(async (app) => profileScope(app, context));
  unsubscribeRoutes(scopes.public, context);
  dataExportRoute(scopes.signedIn, context);
}

/**
 * "Télécharger mes données" (law 09-08, art. 7; decision 112): the caller's own, a few times an
 * hour. Signed in is enough: the right of access does not wait for the non-refund policy.
 */
function dataExportRoute(app: FastifyInstance, context: AppContext) {
  const dataExport = createDataExport(context);
  app.get("/api/profile/donnees", async (request, reply) =>
    sendDataArchive(reply, await dataExport.forStudent(caller(request).userId, clientIp(request))),
  );
}

const unsubscribeQuery = z.object({ token: z.string().max(200).optional() });

/**
 * The List-Unsubscribe link of a notification copy (RFC 8058). The mailbox provider POSTs
 * `List-Unsubscribe=One-Click` there with no session: the signed token is the authority, and
 * it can only stop that one student's copies. A person who opens the link (GET, which link
 * scanners also do) changes nothing and lands on /profile, where the checkbox is.
 */
function unsubscribeRoutes(app: FastifyInstance, context: AppContext) {
  const profile = createProfileService(context);
  // The one-click body is a form; every other route keeps answering 415 to one.
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 1024 },
    (request, body, done) => {
      if (request.routeOptions.url === UNSUBSCRIBE_PATH) return done(null, body);
      done(
        Object.assign(new Error("Unsupported Media Type"), { statusCode: 415, code: "FST_ERR_CTP_INVALID_MEDIA_TYPE" }),
        undefined,
      );
    },
  );
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    UNSUBSCRIBE_PATH,
    { schema: { querystring: unsubscribeQuery, response: { 200: emailCopiesResponse } } },
    async (request) => {
      const etudiantId = verifyUnsubscribeToken(context.config.appSecret, request.query.token ?? "");
      if (etudiantId === null || !(await profile.unsubscribe(etudiantId))) {
        throw validationFailed({ token: [PROFILE_TEXT.unsubscribeInvalid] }, PROFILE_TEXT.unsubscribeInvalid);
      }
      return { success: true as const, email_copies: false, message: PROFILE_TEXT.emailCopiesOff };
    },
  );
  r.get(UNSUBSCRIBE_PATH, { schema: { querystring: unsubscribeQuery } }, async (_request, reply) =>
    reply.redirect("/profile", 303),
  );
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

  /** "Recevoir une copie des notifications par e-mail": the student's own setting only. */
  r.get(EMAIL_COPIES_PATH, { schema: { response: { 200: emailCopiesResponse } } }, async (request) => ({
    success: true as const,
    email_copies: await profile.emailCopies(caller(request).userId),
  }));

  r.put(
    EMAIL_COPIES_PATH,
    { schema: { body: emailCopiesRequest, response: { 200: emailCopiesResponse } } },
    async (request) => {
      const on = await profile.setEmailCopies(caller(request).userId, request.body.email_copies);
      return {
        success: true as const,
        email_copies: on,
        message: on ? PROFILE_TEXT.emailCopiesOn : PROFILE_TEXT.emailCopiesOff,
      };
    },
  );

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
