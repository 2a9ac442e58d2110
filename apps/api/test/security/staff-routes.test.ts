import { can, roleHasCentres, STAFF_ROLES, type StaffActor } from "@puerta/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RouteEntry } from "../../src/lib/route-table.ts";
import { bearer, createTestApp, signInNewStudent, type TestApp } from "../support/app.ts";
import { apiRoutes, fillParams, PUBLIC_API_ROUTES, routeKey } from "../support/route-table.ts";
import { STAFF_COOKIE, type StaffBrowser, signInNewStaff } from "../support/staff-browser.ts";

/**
 * The back-office's authorisation matrix, walked from the route table: each /api/gestion route
 * declares what it demands (config.staff), and every one is tried by every kind of caller.
 */
describe("every back-office route, from the route table, by caller", () => {
  let t: TestApp;
  let studentToken: string;
  const browsers: Record<string, { browser: StaffBrowser; actor: StaffActor }> = {};

  beforeAll(async () => {
    t = await createTestApp();
    studentToken = (await signInNewStudent(t)).token;
    for (const role of STAFF_ROLES) {
      const { browser, user } = await signInNewStaff(t, role, { centres: roleHasCentres(role) ? ["Ain Sebaa"] : [] });
      browsers[role] = { browser, actor: { role: user.role, centre_ids: user.centre_ids } };
    }
  });
  afterAll(() => t.close());

  const gestionRoutes = () => apiRoutes(t.app).filter((r) => r.url.startsWith("/api/gestion"));
  const staffRoutes = () => apiRoutes(t.app).filter((r) => r.staff);
  /** Student and public routes: everything that is not the back-office's. */
  const otherRoutes = () =>
    apiRoutes(t.app).filter(
      (r) => !r.staff && !PUBLIC_API_ROUTES.has(routeKey(r)) && !r.url.startsWith("/api/gestion"),
    );

  const call = (route: RouteEntry, options: { cookies?: Record<string, string>; headers?: Record<string, string> }) =>
    t.app.inject({
      method: route.method as "GET",
      // An id nobody has: a write reaches no real account, and the answer is at worst 404.
      url: fillParams(route.url, "999999"),
      ...options,
      ...(route.method === "GET" || route.method === "DELETE" ? {} : { payload: {} }),
    });

  it("knows the back-office routes, and each non-public one declares its access", () => {
    const keys = gestionRoutes().map(routeKey);
    expect(keys).toEqual(
      expect.arrayContaining([
        "GET /api/gestion/me",
        "GET /api/gestion/comptes",
        "POST /api/gestion/comptes/:id/reinitialiser-2fa",
        "GET /api/gestion/journal",
        "GET /api/gestion/tableau-de-bord",
        "GET /api/gestion/referentiel/centres",
      ]),
    );
    const undeclared = gestionRoutes().filter((r) => !r.staff && !PUBLIC_API_ROUTES.has(routeKey(r)));
    expect(undeclared.map(routeKey)).toEqual([]);
  });

  it("answers 401 to a student's bearer token on every back-office route", async () => {
    const failures: string[] = [];
    for (const route of staffRoutes()) {
      const response = await call(route, { headers: bearer(studentToken) });
      if (response.statusCode !== 401 || response.json().message !== "Non authentifié.") {
        failures.push(`${routeKey(route)} → ${response.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
    // The token itself still works where it belongs.
    expect((await t.app.inject({ method: "GET", url: "/api/user", headers: bearer(studentToken) })).statusCode).toBe(
      200,
    );
  });

  it("answers 401 to a staff session cookie on every student route (the student guard reads no cookie)", async () => {
    // A session of its own: the role matrix below signs its sessions out, in whatever order they run.
    const { browser } = await signInNewStaff(t, "direction");
    const failures: string[] = [];
    for (const route of otherRoutes()) {
      const response = await call(route, { cookies: browser.cookies, headers: browser.csrfHeaders });
      const body = response.headers["content-type"]?.includes("json") ? response.json() : response.body;
      if (response.statusCode !== 401 || body?.message !== "Non authentifié.") {
        failures.push(`${routeKey(route)} → ${response.statusCode}`);
      }
    }
    expect(otherRoutes().length).toBeGreaterThan(20);
    expect(failures).toEqual([]);
    expect((await browser.get("/api/gestion/me")).statusCode).toBe(200);
  });

  it("gives each role what the permission table gives it: 403 in French for the rest, never 401", async () => {
    const failures: string[] = [];
    // Signing out last, so that the session serves every other route first.
    const ordered = [...staffRoutes()].sort(
      (a, b) => Number(a.url.endsWith("/logout")) - Number(b.url.endsWith("/logout")),
    );
    for (const [role, { browser, actor }] of Object.entries(browsers)) {
      for (const route of ordered) {
        const permission = route.staff?.permission;
        const allowed = !permission || can(actor, permission);
        const response = await call(route, { cookies: browser.cookies, headers: browser.csrfHeaders });
        const status = response.statusCode;
        const ok = allowed
          ? status !== 401 && status !== 403 && status < 500
          : status === 403 && response.json().message === "Vous n'avez pas les droits nécessaires pour cette action.";
        if (!ok) failures.push(`${role} ${routeKey(route)} (${permission ?? "tout le personnel"}) → ${status}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("answers 401 on every back-office route to a signed-out, forged or absent session", async () => {
    const { browser } = await signInNewStaff(t, "pedagogie");
    const cookies = { ...browser.cookies };
    expect((await browser.post("/api/gestion/logout")).statusCode).toBe(204);
    const forged = { ...cookies, [STAFF_COOKIE]: "A".repeat(48) };
    const anonymous = { "XSRF-TOKEN": cookies["XSRF-TOKEN"] ?? "" };
    const failures: string[] = [];
    for (const route of staffRoutes()) {
      for (const jar of [cookies, forged, anonymous] as Record<string, string>[]) {
        // Each jar echoes its own CSRF cookie, as the browser that holds it would.
        const response = await call(route, { cookies: jar, headers: { "x-xsrf-token": jar["XSRF-TOKEN"] ?? "" } });
        if (response.statusCode !== 401) failures.push(`${routeKey(route)} → ${response.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
