import { SCHOOL_YEAR_MESSAGES } from "@puerta/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { RouteEntry } from "../../src/lib/route-table.ts";
import type { RouteModule } from "../../src/route-scopes.ts";
import { bearer, createTestApp, type TestApp } from "../support/app.ts";
import { createAccessToken, createStudent } from "../support/factories.ts";
import { makeFormerStudent } from "../support/former-students.ts";
import { apiRoutes, PUBLIC_API_ROUTES, routeKey } from "../support/route-table.ts";

/**
 * The pages the web sends to /policy-acceptance (docs/spec/student-portal.md section 4: every
 * signed-in page but the exempt ones) and the calls behind them: the API gates what the web gates.
 */
const GATED_API_ROUTES = new Set([
  "GET /api/parascolaires/:id",
  "GET /api/parascolaires/:id/affiche",
  "GET /api/notifications/:id",
  "POST /api/notifications/:id/mark-viewed",
  "GET /api/notifications/:id/photo",
]);

/**
 * What a former student keeps (docs/spec/school-year-and-data.md section 3): their attestations,
 * /profile and the password. Gated too for an enrolled student; a former one is not asked to accept.
 */
const REDUCED_AREA_ROUTES = new Set([
  "GET /api/demandes",
  "GET /api/demandes/annees",
  "POST /api/demandes",
  "GET /api/demandes/:id/document",
  "POST /api/change-password",
  "GET /api/profile/photo",
  "POST /api/profile/photo",
  "GET /api/profile/email-copies",
  "PUT /api/profile/email-copies",
]);

/** Signed in is enough, whatever the school status: who it is, the session, logout, their data. */
const SIGNED_IN_ROUTES = new Set([
  "GET /api/user",
  "POST /api/session/exchange",
  "POST /api/logout",
  // The right of access (law 09-08, art. 7) waits for no policy (decision 112).
  "GET /api/profile/donnees",
]);

/** Routes declared in the scopes with no hook of their own: where they are declared protects them. */
const probe: RouteModule = (scopes) => {
  scopes.public.get("/api/probe/public", async () => ({ scope: "public" }));
  scopes.authenticated.get("/api/probe/authenticated", async () => ({ scope: "authenticated" }));
  scopes.accepted.post(
    "/api/probe/accepted",
    { schema: { body: z.object({ value: z.string().min(1) }) } },
    async () => ({ scope: "accepted" }),
  );
};

describe("route scopes: a route is protected by where it is declared", () => {
  let t: TestApp;
  let pending: string;
  let accepted: string;
  beforeAll(async () => {
    t = await createTestApp({ extraRoutes: [probe] });
    const newcomer = await createStudent(t.database.db, { centre: "Ain Sebaa" });
    const member = await createStudent(t.database.db, { centre: "Ain Sebaa", acceptedPolicy: true });
    pending = await createAccessToken(t.database.db, newcomer.userId);
    accepted = await createAccessToken(t.database.db, member.userId);
  });
  afterAll(() => t.close());

  it("records every API route with its scope, public exactly for the public routes", () => {
    const table = apiRoutes(t.app).filter((r) => !r.url.startsWith("/api/probe/"));
    const unscoped = table.filter((r) => r.scope === "unscoped").map(routeKey);
    expect(unscoped).toEqual(["GET /sanctum/csrf-cookie"]);
    const publicRoutes = table.filter((r) => r.scope === "public" || r.scope === "unscoped").map(routeKey);
    expect(new Set(publicRoutes)).toEqual(PUBLIC_API_ROUTES);
    const gated = table.filter((r) => r.scope === "accepted").map(routeKey);
    expect(new Set(gated)).toEqual(GATED_API_ROUTES);
    expect(new Set(table.filter((r) => r.scope === "reducedArea").map(routeKey))).toEqual(REDUCED_AREA_ROUTES);
    expect(new Set(table.filter((r) => r.scope === "signedIn").map(routeKey))).toEqual(SIGNED_IN_ROUTES);
  });

  it("records a new route in the scope it was declared in", () => {
    const probes = Object.fromEntries(
      apiRoutes(t.app)
        .filter((r) => r.url.startsWith("/api/probe/"))
        .map((r) => [r.url, r.scope]),
    );
    expect(probes).toEqual({
      "/api/probe/public": "public",
      "/api/probe/authenticated": "authenticated",
      "/api/probe/accepted": "accepted",
    });
  });

  it("lets anyone call a public route", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/probe/public" });
    expect(response.statusCode).toBe(200);
  });

  it("answers 401 'Non authentifié.' on an authenticated or gated route without a token", async () => {
    for (const [method, url] of [
      ["GET", "/api/probe/authenticated"],
      ["POST", "/api/probe/accepted"],
    ] as const) {
      const response = await t.app.inject({ method, url, payload: method === "POST" ? {} : undefined });
      expect(response.statusCode, url).toBe(401);
      expect(response.json()).toEqual({ message: "Non authentifié." });
    }
  });

  it("serves an authenticated route to a student who has not accepted the policy", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/probe/authenticated", headers: bearer(pending) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ scope: "authenticated" });
  });

  it("answers 403 on a gated route until the policy is accepted, before judging the body", async () => {
    const refused = await t.app.inject({
      method: "POST",
      url: "/api/probe/accepted",
      headers: bearer(pending),
      payload: {},
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/politique/i);

    const invalid = await t.app.inject({
      method: "POST",
      url: "/api/probe/accepted",
      headers: bearer(accepted),
      payload: {},
    });
    expect(invalid.statusCode).toBe(422);
    const served = await t.app.inject({
      method: "POST",
      url: "/api/probe/accepted",
      headers: bearer(accepted),
      payload: { value: "ok" },
    });
    expect(served.statusCode).toBe(200);
    expect(served.json()).toEqual({ scope: "accepted" });
  });

  it("answers 403 on every gated route of the app for a student who has not accepted", async () => {
    const failures: string[] = [];
    const gatedForEnrolled = (r: RouteEntry) =>
      GATED_API_ROUTES.has(routeKey(r)) || REDUCED_AREA_ROUTES.has(routeKey(r));
    for (const route of apiRoutes(t.app).filter(gatedForEnrolled)) {
      const response = await t.app.inject({
        method: route.method as "GET",
        url: route.url.replace(/:[A-Za-z_]+/g, "1"),
        headers: bearer(pending),
        ...(route.method === "GET" ? {} : { payload: { bidon: true } }),
      });
      if (response.statusCode !== 403) failures.push(`${routeKey(route)} → ${response.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it("answers 403 'formation terminée' to a former student on every student route but the reduced area's", async () => {
    const former = await createStudent(t.database.db, { centre: "Ain Sebaa" });
    await makeFormerStudent(t.database.db, former.etudiantId);
    const token = await createAccessToken(t.database.db, former.userId);
    const failures: string[] = [];
    for (const route of apiRoutes(t.app).filter((r) => r.scope === "authenticated" || r.scope === "accepted")) {
      const response = await t.app.inject({
        method: route.method as "GET",
        url: route.url.replace(/:[A-Za-z_]+/g, "1"),
        headers: bearer(token),
        ...(route.method === "GET" ? {} : { payload: { bidon: true } }),
      });
      if (response.statusCode !== 403 || response.json().message !== SCHOOL_YEAR_MESSAGES.formerStudentForbidden) {
        failures.push(`${routeKey(route)} → ${response.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
    // The reduced area is theirs without accepting the policy: the guard lets the request reach its route.
    for (const key of ["GET /api/demandes", "GET /api/profile/email-copies", "GET /api/user"]) {
      const [, url] = key.split(" ");
      const response = await t.app.inject({ method: "GET", url, headers: bearer(token) });
      expect(response.statusCode, key).toBe(200);
    }
  });
});
