import { AsyncLocalStorage } from "node:async_hooks";
import { createHash, randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { MESSAGES } from "@puerta/contract";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from "fastify";
import { type Database, driverOf } from "../db/client.ts";
import { idempotencyKeys } from "../db/schema/index.ts";
import { clientIp } from "./client-ip.ts";
import { HttpError, validationFailed } from "./errors.ts";

/**
 * `Idempotency-Key` (draft-ietf-httpapi-idempotency-key-header) on the writes that create or
 * send, declared with `config: { idempotent: true }` on the route (decisions 087 and 108):
 * - the key is the caller's (student, staff member, or address on a public route), stored with
 *   a fingerprint of the request BEFORE the effect: by the preHandler for a JSON body, by
 *   readMultipart once an upload's parts are read (its fingerprint covers their content);
 * - the same key and the same request again: the first answer, stored, with
 *   `Idempotent-Replayed: true`, and nothing done;
 * - the same key with another request: 422; while the first is still in flight: 409;
 * - every transaction the handler runs also marks the key's `effect_at`, in that transaction:
 *   after a crash, a key whose effect never committed is taken afresh by the retry at once (its
 *   process known dead), one whose effect committed answers 409 "réponse perdue", never twice;
 *   an attempt whose key was taken over cannot commit its effect (its mark finds no row);
 * - an answer that is not a success frees the key unless its effect committed, so the form can
 *   be corrected and sent again with it;
 * - keys live a day (`IDEMPOTENCY_KEY_HOURS`), then are purged by the scheduled jobs.
 * A request without the header is served as before. A route that opts in writes its effect in
 * `db.transaction` (one autocommit statement would not be marked).
 */

export const IDEMPOTENCY_KEY_HOURS = 24;
/** An attempt's lease, renewed while it works: past it, an owner on another machine is taken as dead. */
const LEASE_SECONDS = 15;
const RENEW_EVERY_MS = 5_000;
const MAX_KEY_LENGTH = 255;
/** Fields that change with every attempt of the same submission, left out of the fingerprint. */
const VOLATILE_FIELDS = new Set(["recaptcha_token"]);

const IDEMPOTENCY_MESSAGES = MESSAGES.idempotency;

/** A request's key, then its attempt once taken. */
type KeyState = {
  caller: string;
  key: string;
  /** The attempt in flight, once this request holds the key. */
  attempt?: string;
  /** Its answer is being stored or the request is over: its transactions no longer mark the key. */
  settled: boolean;
  /** An upload's key is taken once its parts are read (readMultipart → takeUploadKey). */
  takeAfterBody?: (contentDigest: string) => Promise<StoredAnswer | null>;
};

type StoredAnswer = { statusCode: number | null; contentType: string | null; responseBody: string | null };

/** Thrown by takeUploadKey when the upload was already answered: the route's wrapper replays it. */
class AlreadyAnswered extends Error {
  readonly answer: StoredAnswer;
  constructor(answer: StoredAnswer) {
    super("idempotent request already answered");
    this.answer = answer;
  }
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route honours `Idempotency-Key` (lib/idempotency.ts). */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    idempotency: KeyState | null;
  }
}

/** The key of the request whose handler is running: what its transactions mark. */
const running = new AsyncLocalStorage<KeyState>();

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

const isMultipart = (request: FastifyRequest) => String(request.headers["content-type"] ?? "").startsWith("multipart/");

/** A JSON request: method, URL and body; an upload: method, URL and the digest of its parts. */
function fingerprintOf(request: FastifyRequest, uploadDigest?: string): string {
  const hash = createHash("sha256");
  hash.update(`${request.method} ${request.url}\n`);
  if (uploadDigest !== undefined) {
    hash.update(`multipart ${uploadDigest}`);
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

/**
 * Called by readMultipart once every part is read, before the handler does anything with them:
 * takes the key with the parts' digest as fingerprint (422 for another upload under the key, 409
 * while it is in flight). Already answered: the handler stops and the first answer is replayed.
 */
export async function takeUploadKey(request: FastifyRequest, contentDigest: string): Promise<void> {
  const state = request.idempotency;
  if (!state?.takeAfterBody || state.attempt) return;
  const answer = await state.takeAfterBody(contentDigest);
  if (answer) throw new AlreadyAnswered(answer);
}

function replay(reply: FastifyReply, answer: StoredAnswer) {
  reply.code(answer.statusCode ?? 200).header("Idempotent-Replayed", "true");
  if (answer.contentType) reply.header("Content-Type", answer.contentType);
  return reply.send(answer.responseBody ?? "");
}

/** Is a PID running on this machine (EPERM: it is, as another user)? */
function processRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Databases whose transactions mark the running request's key: wrapped once each. */
const marking = new WeakSet<object>();

/**
 * Every transaction run by an idempotent handler ends with the mark of its key, in the same
 * transaction: the effect and "the effect committed" are written together or not at all. A mark
 * that finds no row (the key was taken over by a retry that judged this process dead) throws,
 * and the effect rolls back: at most one attempt ever commits it.
 */
function markEffectsOf(db: Database) {
  if (marking.has(db)) return;
  marking.add(db);
  const transaction = db.transaction.bind(db);
  const marked: Database["transaction"] = (work, config) => {
    const state = running.getStore();
    const attempt = state?.attempt;
    if (!state || attempt === undefined || state.settled) return transaction(work, config);
    return transaction(async (tx) => {
      const result = await work(tx);
      const mine = await tx
        .update(idempotencyKeys)
        .set({ effectAt: sql`coalesce(${idempotencyKeys.effectAt}, now())` })
        .where(
          and(
            eq(idempotencyKeys.caller, state.caller),
            eq(idempotencyKeys.key, state.key),
            eq(idempotencyKeys.attempt, attempt),
          ),
        )
        .returning({ key: idempotencyKeys.key });
      if (mine.length === 0) throw new HttpError(409, { message: IDEMPOTENCY_MESSAGES.inFlight });
      return result;
    }, config);
  };
  db.transaction = marked;
}

export function registerIdempotency(app: FastifyInstance, db: Database) {
  app.decorateRequest("idempotency", null);
  markEffectsOf(db);
  const embedded = "embedded" in driverOf(db);
  /** This process: its machine, its PID and this start of the app. */
  const me = { host: hostname(), pid: process.pid, owner: `${hostname()} ${process.pid} ${randomUUID()}` };
  /** The attempts this process is working on, with their lease's renewal. */
  const working = new Map<string, NodeJS.Timeout>();

  /**
   * Is the process that holds an attempt gone? Ours: unless it still works on it. On the
   * embedded database, any other: one process per data directory, so it was an earlier start.
   * On PostgreSQL: a PID of this machine no longer running, else a lease not renewed.
   */
  const holderIsGone = (row: { owner: string | null; attempt: string | null; lapsed: boolean }) => {
    if (!row.owner || !row.attempt) return true;
    if (row.owner === me.owner) return !working.has(row.attempt);
    if (embedded) return true;
    const [host, pid] = row.owner.split(" ");
    if (host === me.host && Number(pid) !== me.pid && !processRunning(Number(pid))) return true;
    return row.lapsed;
  };

  const hold = (state: KeyState, attempt: string) => {
    state.attempt = attempt;
    const renew = setInterval(() => {
      db.update(idempotencyKeys)
        .set({ leaseUntil: sql`now() + make_interval(secs => ${LEASE_SECONDS})` })
        .where(
          and(
            eq(idempotencyKeys.caller, state.caller),
            eq(idempotencyKeys.key, state.key),
            eq(idempotencyKeys.attempt, attempt),
          ),
        )
        .then(
          () => {},
          () => {}, // the next renewal tries again; a lapsed lease only lets a retry take over safely
        );
    }, RENEW_EVERY_MS);
    renew.unref();
    working.set(attempt, renew);
  };

  const release = (state: KeyState) => {
    state.settled = true;
    if (state.attempt === undefined) return;
    clearInterval(working.get(state.attempt));
    working.delete(state.attempt);
  };

  /** Takes the key for this request, or answers for it: replay (returned), 422 or 409 (thrown). */
  async function take(state: KeyState, fingerprint: string): Promise<StoredAnswer | null> {
    const { caller, key } = state;
    const attempt = randomUUID();
    const holding = {
      owner: me.owner,
      attempt,
      leaseUntil: sql`now() + make_interval(secs => ${LEASE_SECONDS})`,
    };
    const thisKey = and(eq(idempotencyKeys.caller, caller), eq(idempotencyKeys.key, key));
    for (let round = 0; round < 3; round++) {
      // A new key, or one older than its lifetime that the purge has not reached yet.
      const taken = await db
        .insert(idempotencyKeys)
        .values({ caller, key, fingerprint, ...holding })
        .onConflictDoUpdate({
          target: [idempotencyKeys.caller, idempotencyKeys.key],
          set: {
            fingerprint,
            statusCode: null,
            contentType: null,
            responseBody: null,
            createdAt: sql`now()`,
            completedAt: null,
            effectAt: null,
            ...holding,
          },
          setWhere: sql`${idempotencyKeys.createdAt} < now() - make_interval(hours => ${IDEMPOTENCY_KEY_HOURS})`,
        })
        .returning({ key: idempotencyKeys.key });
      if (taken.length > 0) {
        hold(state, attempt);
        return null;
      }
      const [row] = await db
        .select({
          fingerprint: idempotencyKeys.fingerprint,
          statusCode: idempotencyKeys.statusCode,
          contentType: idempotencyKeys.contentType,
          responseBody: idempotencyKeys.responseBody,
          owner: idempotencyKeys.owner,
          attempt: idempotencyKeys.attempt,
          effectAt: idempotencyKeys.effectAt,
          lapsed: sql<boolean>`coalesce(${idempotencyKeys.leaseUntil} < now(), true)`,
        })
        .from(idempotencyKeys)
        .where(thisKey);
      if (!row) continue; // freed by a failed first request in between: take it now
      if (row.fingerprint !== fingerprint) {
        throw validationFailed({ "Idempotency-Key": [IDEMPOTENCY_MESSAGES.keyReused] });
      }
      if (row.statusCode !== null) return row;
      if (!holderIsGone(row)) throw new HttpError(409, { message: IDEMPOTENCY_MESSAGES.inFlight });
      // Its process died: before its effect committed, the retry does it now; after, never again.
      if (row.effectAt !== null) throw new HttpError(409, { message: IDEMPOTENCY_MESSAGES.unanswered });
      const resumed = await db
        .update(idempotencyKeys)
        .set({ ...holding, createdAt: sql`now()` })
        .where(
          and(
            thisKey,
            row.attempt === null ? isNull(idempotencyKeys.attempt) : eq(idempotencyKeys.attempt, row.attempt),
            isNull(idempotencyKeys.statusCode),
            isNull(idempotencyKeys.effectAt),
          ),
        )
        .returning({ key: idempotencyKeys.key });
      if (resumed.length > 0) {
        hold(state, attempt);
        return null;
      }
    }
    throw new HttpError(409, { message: IDEMPOTENCY_MESSAGES.inFlight });
  }

  // The handler of an idempotent route runs with its key in context (its transactions mark it);
  // an upload found already answered by takeUploadKey is replayed from here.
  app.addHook("onRoute", (route) => {
    if (!route.config?.idempotent) return;
    const handler = route.handler as RouteHandlerMethod;
    route.handler = async function idempotentHandler(this: FastifyInstance, request, reply) {
      const state = request.idempotency;
      if (!state) return handler.call(this, request, reply);
      try {
        return await running.run(state, () => handler.call(this, request, reply));
      } catch (error) {
        if (error instanceof AlreadyAnswered) return replay(reply, error.answer);
        throw error;
      }
    };
  });

  // preHandler: after the scope's guards (onRequest) and the body's validation, so only an
  // authorised, well-formed request takes a key.
  app.addHook("preHandler", async (request, reply) => {
    if (!request.routeOptions.config.idempotent) return;
    const key = parseIdempotencyKey(request.headers["idempotency-key"]);
    if (key === undefined) return;
    if (key === null) throw validationFailed({ "Idempotency-Key": [IDEMPOTENCY_MESSAGES.invalidKey] });
    const state: KeyState = { caller: callerOf(request), key, settled: false };
    if (isMultipart(request)) {
      // The parts are read by the handler, after this: the key is taken once they are.
      state.takeAfterBody = (digest) => take(state, fingerprintOf(request, digest));
      request.idempotency = state;
      return;
    }
    const answer = await take(state, fingerprintOf(request));
    if (answer) return replay(reply, answer);
    request.idempotency = state;
  });

  app.addHook("onSend", async (request, reply, payload) => {
    const state = request.idempotency;
    if (!state || state.settled) return payload;
    state.settled = true;
    const attempt = state.attempt;
    if (attempt === undefined) {
      if (state.takeAfterBody && reply.statusCode < 300) {
        request.log.error("idempotent upload answered without its key taken (readMultipart not used)");
      }
      return payload;
    }
    const mine = and(
      eq(idempotencyKeys.caller, state.caller),
      eq(idempotencyKeys.key, state.key),
      eq(idempotencyKeys.attempt, attempt),
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
            owner: null,
            leaseUntil: null,
          })
          .where(mine);
      } else {
        // Nothing committed: the key is free again. An effect committed before the failure: the
        // key stays, unanswered, and a retry is told to look (409) rather than doing it twice.
        const freed = await db
          .delete(idempotencyKeys)
          .where(and(mine, isNull(idempotencyKeys.effectAt)))
          .returning({ key: idempotencyKeys.key });
        if (freed.length === 0) {
          await db.update(idempotencyKeys).set({ owner: null, leaseUntil: null }).where(mine);
        }
      }
    } catch (error) {
      // The key stays in flight with this process gone from it: a retry takes it afresh if the
      // effect never committed, else is told 409 "réponse perdue"; never done twice.
      request.log.error({ err: error }, "idempotency key not settled");
    } finally {
      release(state);
    }
    return payload;
  });

  // An answer that never reached onSend (a hook threw before it): the attempt is over.
  app.addHook("onResponse", async (request) => {
    const state = request.idempotency;
    if (state && !state.settled) release(state);
  });
  app.addHook("onClose", async () => {
    for (const renew of working.values()) clearInterval(renew);
    working.clear();
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
