/**
 * Faults of what the server depends on (database, file storage, disk), told apart from bugs so
 * that a request they stop gets an answer the client can act on (lib/errors.ts): 503 with
 * Retry-After while a dependency is down, 507 while the disk is full. Errors arrive wrapped
 * (drizzle's DrizzleQueryError, the S3 driver's StorageUnavailableError): the whole `cause`
 * chain is read.
 */
export type Fault = "unavailable" | "disk-full";

/** Node's errors for a peer that cannot be reached or dropped the connection. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "EHOSTDOWN",
  "ENETUNREACH",
  "ENETDOWN",
]);

/**
 * PostgreSQL's SQLSTATEs of a server that is going away or not taking connections: class 08
 * (connection exception), admin/crash shutdown, cannot connect now, too many connections; and
 * of a statement it cancelled because it waited too long (decision 109): query_canceled
 * (`statement_timeout`) and lock_not_available (`lock_timeout`). Retrying in a moment is the
 * right answer to both: the lock or the load is usually gone.
 */
const UNAVAILABLE_SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300", "57014", "55P03"]);

/**
 * What is said only in words: node-postgres's dropped or never-made connection ("Connection
 * terminated unexpectedly"…), and PostgreSQL refusing connections to a database closed to them
 * (`ALLOW_CONNECTIONS false`, as during maintenance or a restore), whose SQLSTATE (55000) other
 * errors share.
 */
const PG_CONNECTION_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Client has encountered a connection error and is not queryable/,
  /^database ".*" is not currently accepting connections$/,
];

/** Disk full or over quota (errno), or PostgreSQL's disk_full / out of space SQLSTATEs. */
const DISK_FULL_CODES = new Set(["ENOSPC", "EDQUOT", "53100"]);

export class StorageUnavailableError extends Error {
  constructor(cause: unknown) {
    super("Stockage des fichiers injoignable", { cause });
  }
}

/** PostgreSQL did not answer at start: one line for the operator, no stack (server.ts). */
export class DatabaseUnreachableError extends Error {}

function* chain(error: unknown): Generator<unknown> {
  let current = error;
  for (let depth = 0; current && depth < 8; depth++) {
    yield current;
    current = (current as { cause?: unknown }).cause;
  }
}

/** The fault behind `error`, or undefined for an error of ours. */
export function faultOf(error: unknown): Fault | undefined {
  for (const link of chain(error)) {
    if (link instanceof StorageUnavailableError) return "unavailable";
    const { code, message } = link as { code?: unknown; message?: unknown };
    if (typeof code === "string") {
      if (DISK_FULL_CODES.has(code)) return "disk-full";
      if (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || code.startsWith("08")) return "unavailable";
    }
    if (typeof message === "string" && PG_CONNECTION_MESSAGES.some((words) => words.test(message))) {
      return "unavailable";
    }
    // PGlite (and some drivers) only say it in words.
    if (typeof message === "string" && /No space left on device|ENOSPC/.test(message)) return "disk-full";
  }
  return undefined;
}

/** The innermost error's message, in one line: what an operator reads in a startup failure. */
export function rootReason(error: unknown): string {
  let reason = "erreur inconnue";
  for (const link of chain(error)) {
    const { code, message } = link as { code?: unknown; message?: unknown };
    if (typeof message === "string" && message) reason = message;
    else if (typeof code === "string") reason = code;
  }
  return reason.split("\n")[0] ?? reason;
}
