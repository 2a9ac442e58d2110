import { LIMITS, MESSAGES } from "@puerta/contract";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { faultOf } from "./faults.ts";
import "./french-validation.ts";

/** The answer to a request that a dependency down could not serve: 503, retry in a moment. */
export const serviceUnavailable = () =>
  new HttpError(
    503,
    { message: MESSAGES.serviceUnavailable },
    { "Retry-After": String(LIMITS.serviceRetryAfterSeconds) },
  );

/** An error whose status and French message are meant for the client. */
export class HttpError extends Error {
  readonly status: number;
  readonly body: Record<string, unknown>;
  readonly headers: Record<string, string>;
  constructor(
    status: number,
    body: { message: string } & Record<string, unknown>,
    headers: Record<string, string> = {},
  ) {
    super(body.message);
    this.status = status;
    this.body = body;
    this.headers = headers;
  }
}

export const notFound = (message: string = MESSAGES.notFound) => new HttpError(404, { message });
export const unauthenticated = () => new HttpError(401, { message: MESSAGES.unauthenticated });
export const forbidden = (message: string) => new HttpError(403, { message });
export const validationFailed = (errors: Record<string, string[]>, message?: string) =>
  new HttpError(422, { message: message ?? Object.values(errors)[0]?.[0] ?? MESSAGES.invalidData, errors });

/** Fastify's own client errors, answered in French. */
const FRAMEWORK_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: MESSAGES.bodyTooLarge },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: MESSAGES.malformedJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: MESSAGES.malformedJson },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: MESSAGES.unsupportedMediaType },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: MESSAGES.invalidData },
  FST_ERR_CTP_INVALID_TYPE: { status: 415, message: MESSAGES.unsupportedMediaType },
  FST_REQ_FILE_TOO_LARGE: { status: 413, message: MESSAGES.bodyTooLarge },
  FST_FILES_LIMIT: { status: 413, message: MESSAGES.bodyTooLarge },
  FST_PARTS_LIMIT: { status: 413, message: MESSAGES.bodyTooLarge },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, message: MESSAGES.unsupportedMediaType },
  FST_ERR_VALIDATION: { status: 422, message: MESSAGES.invalidData },
};

/**
 * Errors Fastify raises before routing (a URL that is not valid percent-encoding), which
 * skip the error handler: answered in the same French shape instead of Fastify's English one.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  request.log.info({ code: error.code }, "client error");
  void reply.status(400).send({ message: MESSAGES.invalidData });
}

/**
 * One error handler: the shapes of docs/ARCHITECTURE.md section 4, details to the log only.
 * `faultSeen` is told of every fault of a dependency a request meets (readiness, decision 107).
 */
export function registerErrorHandler(app: FastifyInstance, faultSeen: () => void = () => {}) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.status).headers(error.headers).send(error.body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, "").replaceAll("/", ".");
        // A body that is not an object at all (null, an array, nothing) has no field to name.
        const message = field === "" ? MESSAGES.invalidData : (issue.message ?? MESSAGES.invalidData);
        errors[field || "body"] = [...(errors[field || "body"] ?? []), message];
      }
      return reply.status(422).send({ message: Object.values(errors)[0]?.[0] ?? MESSAGES.invalidData, errors });
    }
    const known = FRAMEWORK_ERRORS[error.code ?? ""];
    if (known) return reply.status(known.status).send({ message: known.message });
    if (error.statusCode === 429) {
      return reply.status(429).send({ message: MESSAGES.tooManyRequests });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ code: error.code }, "client error");
      return reply.status(error.statusCode).send({ message: MESSAGES.invalidData });
    }
    // The database or the storage down, the disk full: the operator is told in the log, the
    // client gets an answer it can act on instead of a 500 (docs/deploy.md, « Pannes »).
    const fault = faultOf(error);
    if (fault) faultSeen();
    if (fault === "unavailable") {
      request.log.error({ err: error }, "service indisponible : base de données ou stockage injoignable");
      const answer = serviceUnavailable();
      return reply.status(answer.status).headers(answer.headers).send(answer.body);
    }
    if (fault === "disk-full") {
      request.log.error({ err: error }, "disque plein : rien n'a été enregistré");
      return reply.status(507).send({ message: MESSAGES.storageFull });
    }
    request.log.error({ err: error }, "unhandled error");
    return reply.status(500).send({ message: MESSAGES.serverError });
  });
}
