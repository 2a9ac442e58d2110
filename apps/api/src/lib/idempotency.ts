import { createHash } from "node:crypto";
import { MESSAGES } from "@puerta/contract";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Database } from "../db/client.ts";
import { idempotencyKeys } from "../db/schema/index.ts";
import { clientIp } from "./client-ip.ts";
import { HttpError, validationFailed } from "./errors.ts";

/**
 * `Idempotency-Key` (draft-ietf-httpapi-idempotency-key-header) on the writes that create or
 * send, declared with `config: { idempotent: true }` on the route (decision 087):
 * - the key is the caller's (student, staff member, or address on a public route), stored with
 *   a fingerprint of the request BEFORE the handler runs, so a crash after the effect leaves the
 *   key taken and a retry cannot do it again;
 * - the same key and the same request again: the first answer, stored, with
 *   `Idempotent-Replayed: true`, and nothing done;
 * - the same key with another request: 422; while the first is still in flight: 409;
 * - an answer that is not a success frees the key (nothing was done: the handler's transaction
 *   rolled back), so the form can be corrected and sent again with it;
 * - keys live a day (`IDEMPOTENCY_KEY_HOURS`), then are purged by the scheduled jobs.
 * A request without the header is served as before.
 */

export const IDEMPOTENCY_KEY_HOURS = 24;
/** A key still in flight after this long: its process most likely died before answering. */
const STALE_IN_FLIGHT_SECONDS = 120;
const MAX_KEY_LENGTH = 255;
/** Fields that change with every attempt of the same submission, left out of the fingerprint. */
const VOLATILE_FIELDS = new Set(["recaptcha_token"]);

const IDEMPOTENCY_MESSAGES = MESSAGES.idempotency;

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route honours `Idempotency-Key` (lib/idempotency.ts). */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    idempotency: { caller: string; key: string } | null;
  }
}

/** The key of the header: a structured-field string (`"…"`) as the draft says, or the bare value. */
export function parseIdempotencyKey(header: string | string[] | undefined): string | null | undefined {
  if (header === undefined) return undefined;
  if (Array.isArray(header)) return null;
  const trimmed = header.trim();
  const quoted = /^"([^"\\]*)"$/.exec(trimmed);
  const key = quoted ? quoted[1] : trimmed;
  if (!key || key.length > MAX_KEY_LENGTH || !/^[\x21-\x7e]+$/.test(key)) return null;
  return key;
}

function callerOf(request: FastifyRequest): string {
  if (request.staff) return `personnel:${request.staff.id}`;
  if (request.auth) return `etudiant:${request.auth.userId}`;
  return `ip:${clientIp(request)}`;
}

function fingerprintOf(request: FastifyRequest): string {
  const hash = createHash("sha256");
  hash.update(`${request.method} ${request.url}\n`);
  if (String(request.headers["content-type"] ?? "").startsWith("multipart/")) {
    // An upload is read by its handler, after this: its length stands for it.
    hash.update(`multipart ${request.headers["content-length"] ?? ""}`);
  } else if (request.body !== undefined) {
    const body = request.body;
    const stable =
      body && typeof body === "object" && !Array.isArray(body)
        ? Object.fromEntries(Object.entries(body).filter(([name]) => !VOLATILE_FIELDS.has(name)))
        : body;
    hash.update(JSON.stringify(stable));
  }
  return hash.digest("hex");
}

export function registerIdempotency(app: FastifyInstance, db: Database) {
  app.decorateRequest("idempotency", null);

  // preHandler: after the scope's guards (onRequest) and the body's validation, so only an
  // authorised, well-formed request takes a key.
  app.addHook("preHandler", async (request, reply) => {
    if (!request.routeOptions.config.idempotent) return;
    const key = parseIdempotencyKey(request.headers["idempotency-key"]);
    if (key === undefined) return;
    if (key === null) throw validationFailed({ "Idempotency-Key": [IDEMPOTENCY_MESSAGES.invalidKey] });
    const caller = callerOf(request);
    const fingerprint = fingerprintOf(request);

    for (let attempt = 0; attempt < 2; attempt++) {
      // A new key, or one older than its lifetime that the purge has not reached yet.
      const taken = await db
        .insert(idempotencyKeys)
        .values({ caller, key, fingerprint })
        .onConflictDoUpdate({
          target: [idempotencyKeys.caller, idempotencyKeys.key],
          set: {
            fingerprint,
            statusCode: null,
            contentType: null,
            responseBody: null,
            createdAt: sql`now()`,
            completedAt: null,
          },
          setWhere: sql`${idempotencyKeys.createdAt} < now() - make_interval(hours => ${IDEMPOTENCY_KEY_HOURS})`,
        })
        .returning({ key: idempotencyKeys.key });
      if (taken.length > 0) {
        request.idempotency = { caller, key };
        return;
      }
      const [row] = await db
        .select({
          fingerprint: idempotencyKeys.fingerprint,
          statusCode: idempotencyKeys.statusCode,
          contentType: idempotencyKeys.contentType,
          responseBody: idempotencyKeys.responseBody,
          stale: sql<boolean>`${idempotencyKeys.createdAt} < now() - make_interval(secs => ${STALE_IN_FLIGHT_SECONDS})`,
        })
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.caller, caller), eq(idempotencyKeys.key, key)));
      if (!row) continue; // freed by a failed first request in between: take it now
      if (row.fingerprint !== fingerprint) {
        throw validationFailed({ "Idempotency-Key": [IDEMPOTENCY_MESSAGES.keyReused] });
      }
      if (row.statusCode === null) {
        throw new HttpError(409, {
          message: row.stale ? IDEMPOTENCY_MESSAGES.unanswered : IDEMPOTENCY_MESSAGES.inFlight,
        });
      }
      reply.code(row.statusCode).header("Idempotent-Replayed", "true");
      if (row.contentType) reply.header("Content-Type", row.contentType);
      return reply.send(row.responseBody ?? "");
    }
    throw new HttpError(409, { message: IDEMPOTENCY_MESSAGES.inFlight });
  });

  app.addHook("onSend", async (request, reply, payload) => {
    const taken = request.idempotency;
    if (!taken) return payload;
    request.idempotency = null;
    const where = and(
      eq(idempotencyKeys.caller, taken.caller),
      eq(idempotencyKeys.key, taken.key),
      isNull(idempotencyKeys.statusCode),
    );
    try {
      if (reply.statusCode >= 200 && reply.statusCode < 300) {
        const body = typeof payload === "string" ? payload : Buffer.isBuffer(payload) ? payload.toString("utf8") : "";
        const contentType = reply.getHeader("Content-Type");
        await db
          .update(idempotencyKeys)
          .set({
            statusCode: reply.statusCode,
            contentType: contentType === undefined ? null : String(contentType),
            responseBody: body,
            completedAt: sql`now()`,
          })
          .where(where);
      } else {
        await db.delete(idempotencyKeys).where(where);
      }
    } catch (error) {
      // The key stays "in flight": a retry is refused (409), never done twice.
      request.log.error({ err: error }, "idempotency key not settled");
    }
    return payload;
  });
}

/** The scheduled purge: keys past their lifetime. */
export async function purgeIdempotencyKeys(db: Database): Promise<number> {
  const gone = await db
    .delete(idempotencyKeys)
    .where(sql`${idempotencyKeys.createdAt} < now() - make_interval(hours => ${IDEMPOTENCY_KEY_HOURS})`)
    .returning({ key: idempotencyKeys.key });
  return gone.length;
}
