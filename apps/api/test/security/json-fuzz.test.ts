import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ZodType } from "zod";
import type { RouteEntry } from "../../src/lib/route-table.ts";
import { AIN_SEBAA_STUDENT, bearer, createTestApp, queryRows, signInNewStudent, type TestApp } from "../support/app.ts";
import { waitFor } from "../support/mail-server.ts";
import {
  apiRoutes,
  databaseFingerprint,
  fillParams,
  looksFrench,
  PUBLIC_API_ROUTES,
  routeKey,
} from "../support/route-table.ts";
import { type StaffBrowser, signInNewStaff } from "../support/staff-browser.ts";

/** Field names of an object schema, so generated bodies also hit the real fields. */
function fieldNames(schema: unknown): string[] {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? Object.keys(shape) : [];
}

const weirdString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom(
    "",
    " ",
    "<script>alert(1)</script>",
    "../../etc/passwd",
    "'; drop table users; --",
    "\u0000",
    "ｅｍａｉｌ＠ｅｘａｍｐｌｅ．ｃｏｍ",
  ),
  fc.string({ minLength: 5_000, maxLength: 20_000 }),
);
const weirdValue = fc.oneof(
  weirdString,
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 5 }),
  fc.jsonValue({ maxDepth: 3 }),
);

/** Random JSON: anything at all, or an object built on the route's own field names. */
const bodyFor = (fields: string[]) =>
  fc.oneof(
    fc.jsonValue({ maxDepth: 4 }),
    fields.length > 0
      ? fc.dictionary(fc.constantFrom(...fields), weirdValue, { maxKeys: fields.length + 1 })
      : fc.object(),
  );

/**
 * Every JSON endpoint, fed random shapes, types, sizes, Unicode and nulls: the answer is a
 * JSON error with a French message whenever the body is invalid, never a 5xx, and an
 * invalid body writes nothing.
 */
describe("random JSON bodies on every JSON endpoint", () => {
  let t: TestApp;
  let token: string;
  let direction: StaffBrowser;
  beforeAll(async () => {
    t = await createTestApp();
    // Past the policy gate, so that the gated endpoints judge the bodies too.
    token = (await signInNewStudent(t, { ...AIN_SEBAA_STUDENT, acceptedPolicy: true })).token;
    direction = (await signInNewStaff(t, "direction")).browser;
    // The enrolment's e-mail to the direction leaves the outbox before any fingerprint is taken.
    await waitFor(
      async () =>
        (await queryRows<{ n: number }>(t, sql`select count(*)::int as n from mail_outbox where status = 'pending'`))[0]
          ?.n === 0,
      "the outbox to settle",
    );
  });

  /**
   * What a real client sends: the back-office's routes get the direction's session cookie, the
   * other routes a bearer token (ignored by public ones), and every route the CSRF double submit.
   */
  const credentials = (route: RouteEntry) => ({
    cookies: route.staff ? direction.cookies : { "XSRF-TOKEN": direction.cookies["XSRF-TOKEN"] ?? "" },
    headers: {
      ...direction.csrfHeaders,
      ...(route.staff || PUBLIC_API_ROUTES.has(routeKey(route)) ? {} : bearer(token)),
    },
  });
  afterAll(() => t.close());

  it("covers every route with a body schema", () => {
    const jsonRoutes = apiRoutes(t.app).filter((r) => r.bodySchema);
    expect(jsonRoutes.map(routeKey)).toEqual(
      expect.arrayContaining(["POST /api/login", "POST /api/demandes", "POST /api/contact"]),
    );
  });

  it("never answers 5xx and refuses invalid bodies with a French 4xx, writing nothing", async () => {
    const jsonRoutes = apiRoutes(t.app).filter((r) => r.bodySchema);
    // A fingerprint reads every table (tens of ms on PGlite), two per refused body were most of
    // this test's time. Every write to a table goes through the write-ahead log first, so a log
    // position unchanged across a call proves the call wrote nothing: the fingerprint is taken
    // again only when the position moved (a valid body's write, or, on a shared PostgreSQL
    // server, another database's), and a refused body's "after" is the next one's "before".
    const walPosition = async () =>
      (await queryRows<{ lsn: string }>(t, sql`select pg_current_wal_insert_lsn()::text as lsn`))[0]?.lsn;
    let unchanged: Record<string, string> | undefined;
    let sightingsRefreshedAt = Number.NEGATIVE_INFINITY;
    for (const route of jsonRoutes) {
      const schema = route.bodySchema as ZodType;
      const { cookies, headers } = credentials(route);
      await fc.assert(
        fc.asyncProperty(bodyFor(fieldNames(schema)), async (body) => {
          const valid = schema.safeParse(body).success;
          // A session or token seen more than a minute ago is written when next used: let that happen
          // first, then mark both seen now; again every 20 s, far from the minute even on a loaded
          // machine (a sighting 59.9 s old, left alone by a call, would be written by the call under test).
          if (performance.now() - sightingsRefreshedAt > 20_000) {
            await t.app.inject({ method: "GET", url: "/api/user", headers: bearer(token) });
            await queryRows(t, sql`update staff_sessions set last_seen_at = now()`);
            await queryRows(t, sql`update personal_access_tokens set last_used_at = now()`);
            sightingsRefreshedAt = performance.now();
            unchanged = undefined;
          }
          const known = unchanged;
          unchanged = undefined; // until this body is shown to have written nothing
          const before = valid ? undefined : (known ?? (await databaseFingerprint(t.database.db)));
          const positionBefore = await walPosition();
          const response = await t.app.inject({
            method: route.method as "POST",
            url: fillParams(route.url),
            cookies,
            headers: { ...headers, "content-type": "application/json" },
            payload: JSON.stringify(body),
          });
          const context = `${routeKey(route)} ← ${JSON.stringify(body).slice(0, 200)}`;
          expect(response.statusCode, context).toBeLessThan(500);
          if (valid) return;
          expect(response.statusCode, context).toBeGreaterThanOrEqual(400);
          const answer = response.json();
          expect(looksFrench(answer.message), `${context} → ${answer.message}`).toBe(true);
          const after = (await walPosition()) === positionBefore ? before : await databaseFingerprint(t.database.db);
          expect(after, context).toEqual(before);
          unchanged = after;
        }),
        { numRuns: 40, seed: 20261122 },
      );
      // The log's word checked against the tables themselves, once per route.
      if (unchanged) expect(await databaseFingerprint(t.database.db), routeKey(route)).toEqual(unchanged);
    }
    // Past the policy gate the gated endpoints judge every body too (argon2 on change-password);
    // the time grows with the routes (the back-office adds many).
  }, 600_000);

  it("answers malformed JSON on every JSON endpoint with a French 400", async () => {
    for (const route of apiRoutes(t.app).filter((r) => r.bodySchema)) {
      for (const payload of ['{"email":', "[1,2", "\u0000", "{'a':1}", "nul"]) {
        const response = await t.app.inject({
          method: route.method as "POST",
          url: fillParams(route.url),
          cookies: credentials(route).cookies,
          headers: { ...credentials(route).headers, "content-type": "application/json" },
          payload,
        });
        expect(response.statusCode, `${routeKey(route)} ← ${payload}`).toBe(400);
        expect(looksFrench(response.json().message)).toBe(true);
      }
    }
  });
});
