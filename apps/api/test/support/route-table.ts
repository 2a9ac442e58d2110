import { type SQL, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Database } from "../../src/db/client.ts";
import type { RouteEntry } from "../../src/lib/route-table.ts";

/** API routes anyone may call; every other /api route must demand a bearer token. */
export const PUBLIC_API_ROUTES = new Set([
  "GET /sanctum/csrf-cookie",
  "GET /api/captcha/challenge",
  "POST /api/login",
  // The web's sign-in into the HttpOnly session cookie (decision 100): /api/login's rules, CSRF first.
  "POST /api/session",
  "POST /api/contact",
  "POST /api/student/forgot-password",
  "POST /api/student/verify-reset-token",
  "POST /api/student/reset-password",
  // The iCalendar feed is authorised by the secret in its URL (calendar apps send no header).
  "GET /api/calendar/:file",
  // The staff sign-in's two steps and the invitation link (docs/spec/back-office.md section 8).
  "POST /api/gestion/login",
  "POST /api/gestion/login/totp",
  "GET /api/activation",
  "POST /api/activation",
  // The public verification of an attestation (docs/spec/back-office.md section 6), rate-limited by IP.
  "GET /api/attestations/:code",
  // The staff's "mot de passe oublié" (docs/spec/back-office.md section 2).
  "POST /api/gestion/mot-de-passe-oublie",
  "POST /api/gestion/mot-de-passe-oublie/verifier",
  "POST /api/gestion/mot-de-passe-oublie/reinitialiser",
  // The one-click unsubscribe of a notification copy (RFC 8058), authorised by its signed token.
  "POST /api/profile/email-copies/unsubscribe",
  "GET /api/profile/email-copies/unsubscribe",
]);

export const apiRoutes = (app: FastifyInstance): RouteEntry[] =>
  app.routeTable.filter((r) => r.url.startsWith("/api/") || r.url.startsWith("/sanctum/"));

export const routeKey = (r: RouteEntry) => `${r.method} ${r.url}`;

/** A concrete URL for a route pattern: every parameter gets `value`. */
export const fillParams = (url: string, value = "1") => url.replace(/:[A-Za-z_]+/g, value);

/**
 * A fingerprint of every row of every table: two equal fingerprints mean nothing was
 * written in between.
 */
export async function databaseFingerprint(db: Database): Promise<Record<string, string>> {
  const tables = await rows<{ table_name: string }>(
    db,
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  // Every table's digest in one statement: the fuzz takes two fingerprints per refused body.
  const digests = sql.join(
    tables.map(
      ({ table_name }) =>
        sql`select ${table_name}::text as table_name, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from ${sql.identifier(table_name)} t`,
    ),
    sql` union all `,
  );
  const out: Record<string, string> = {};
  for (const row of await rows<{ table_name: string; digest: string }>(db, digests)) out[row.table_name] = row.digest;
  return out;
}

/** Raw SQL rows; PGlite and node-postgres both answer with `{ rows }`. */
async function rows<T>(db: Database, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** True when an error message reads as French prose rather than a framework default. */
export function looksFrench(message: unknown): boolean {
  if (typeof message !== "string" || message.trim().length === 0) return false;
  return !/\b(the|must|expected|required|invalid input|error|unexpected|cannot|should|not found)\b/i.test(message);
}
