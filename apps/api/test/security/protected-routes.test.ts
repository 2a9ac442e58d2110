import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accessTokens } from "../../src/db/schema/index.ts";
import { createTestApp, signInNewStudent, type TestApp } from "../support/app.ts";
import { apiRoutes, fillParams, PUBLIC_API_ROUTES, routeKey } from "../support/route-table.ts";

/**
 * Walks the route table of the running app: a route is public only if it is named in
 * PUBLIC_API_ROUTES, so a new route is protected until someone decides otherwise.
 */
describe("every protected API route demands a live token", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const protectedRoutes = () => apiRoutes(t.app).filter((r) => !PUBLIC_API_ROUTES.has(routeKey(r)));

  it("knows the app's routes (the table is not empty and names the public ones that exist)", () => {
    const keys = new Set(apiRoutes(t.app).map(routeKey));
    for (const key of PUBLIC_API_ROUTES) expect(keys, `route publique inconnue : ${key}`).toContain(key);
    expect(protectedRoutes().length).toBeGreaterThan(20);
  });

  async function expectAll401(authorization: string | undefined) {
    const failures: string[] = [];
    for (const route of protectedRoutes()) {
      const response = await t.app.inject({
        method: route.method as "GET",
        url: fillParams(route.url),
        headers: authorization ? { authorization } : {},
        ...(route.method === "GET" || route.method === "DELETE" ? {} : { payload: { bidon: true } }),
      });
      const body = response.headers["content-type"]?.includes("json") ? response.json() : response.body;
      if (response.statusCode !== 401 || body?.message !== "Non authentifié.") {
        failures.push(`${routeKey(route)} → ${response.statusCode} ${JSON.stringify(body).slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
  }

  it("answers 401 'Non authentifié.' without a token", () => expectAll401(undefined));

  it("answers 401 with a malformed or unknown token", async () => {
    await expectAll401("Bearer nimportequoi");
    await expectAll401(`Bearer 999999|${"a".repeat(40)}`);
  });

  it("answers 401 with a revoked token", async () => {
    const token = (await signInNewStudent(t)).token;
    const logout = await t.app.inject({
      method: "POST",
      url: "/api/logout",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(logout.statusCode).toBe(200);
    await expectAll401(`Bearer ${token}`);
  });

  it("answers 401 with an expired token", async () => {
    const token = (await signInNewStudent(t)).token;
    const id = Number(token.split("|")[0]);
    await t.database.db
      .update(accessTokens)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(accessTokens.id, id));
    await expectAll401(`Bearer ${token}`);
  });

  it("answers 401 with a token idle for too long", async () => {
    const token = (await signInNewStudent(t)).token;
    const id = Number(token.split("|")[0]);
    await t.database.db
      .update(accessTokens)
      .set({ lastUsedAt: sql`now() - ${sql.raw(`interval '${t.config.tokenIdleMinutes + 1} minutes'`)}` })
      .where(eq(accessTokens.id, id));
    await expectAll401(`Bearer ${token}`);
  });
});
