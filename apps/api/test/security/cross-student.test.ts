import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AIN_SEBAA_STUDENT,
  bearer,
  createTestApp,
  signInNewStudent,
  type TestApp,
  ZENITH_STUDENT,
} from "../support/app.ts";
import { multipartBody } from "../support/forms.ts";
import { apiRoutes, PUBLIC_API_ROUTES, routeKey } from "../support/route-table.ts";

/**
 * Protected routes with a parameter, by kind. A new one fails the completeness test until it
 * is placed here, and a per-student one until a case below shows another student cannot reach it.
 */
const PER_STUDENT_ROUTES = new Set([
  "GET /api/notifications/:id",
  "POST /api/notifications/:id/mark-viewed",
  "GET /api/notifications/:id/photo",
  "GET /api/planifications/download/:filename",
  "GET /api/demandes/:id/document",
]);
/** The same for every signed-in student of the academy, by design. */
const ACADEMY_WIDE_ROUTES = new Set([
  "GET /api/parascolaires/:id",
  "GET /api/parascolaires/:id/affiche",
  "GET /api/documents/download/:filename",
  "GET /api/orientations/download/:filename",
]);

type Item = { id: number; fichier_url?: string; photo?: string | null };

describe("one student never reaches another student's resources", () => {
  let t: TestApp;
  /** Students of their own, of Ain Sebaa (Selectividad Santé) and of Zenith (Selectividad Ingénierie). */
  let first: Record<string, string>;
  let second: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    // Both past the policy gate (route-scopes.test.ts covers it): only ownership is at stake here.
    first = bearer((await signInNewStudent(t, { ...AIN_SEBAA_STUDENT, acceptedPolicy: true })).token);
    second = bearer((await signInNewStudent(t, ZENITH_STUDENT)).token);
  });
  afterAll(() => t.close());

  const list = async (url: string, headers: Record<string, string>): Promise<Item[]> => {
    const response = await t.app.inject({ method: "GET", url, headers });
    expect(response.statusCode, url).toBe(200);
    return response.json().data;
  };

  it("classifies every protected route that takes a parameter", () => {
    const unclassified = apiRoutes(t.app)
      // The back-office's routes take no student token: staff-routes.test.ts walks them by role.
      .filter((r) => r.url.includes(":") && !r.staff && !PUBLIC_API_ROUTES.has(routeKey(r)))
      .map(routeKey)
      .filter((key) => !PER_STUDENT_ROUTES.has(key) && !ACADEMY_WIDE_ROUTES.has(key));
    expect(unclassified).toEqual([]);
  });

  it("answers 404 for a notification addressed to another student: detail, mark-viewed and photo", async () => {
    const mine = new Set((await list("/api/notifications", first)).map((n) => n.id));
    const theirs = (await list("/api/notifications", second)).filter((n) => !mine.has(n.id));
    expect(theirs.length).toBeGreaterThan(0);
    for (const n of theirs) {
      for (const [method, url] of [
        ["GET", `/api/notifications/${n.id}`],
        ["POST", `/api/notifications/${n.id}/mark-viewed`],
        ["GET", `/api/notifications/${n.id}/photo`],
      ] as const) {
        const response = await t.app.inject({
          method,
          url,
          headers: first,
          ...(method === "POST" ? { payload: {} } : {}),
        });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
      }
    }
    // And marking did not record anything for the other student either.
    const after = await list("/api/notifications", second);
    expect(after.filter((n) => theirs.some((x) => x.id === n.id))).toEqual(
      expect.arrayContaining(theirs.map((n) => expect.objectContaining({ id: n.id }))),
    );
  });

  it("answers 404 for another centre's planning file", async () => {
    const mine = new Set((await list("/api/planifications", first)).map((p) => p.fichier_url));
    const theirs = (await list("/api/planifications", second)).filter((p) => !mine.has(p.fichier_url));
    expect(theirs.length).toBeGreaterThan(0);
    for (const p of theirs) {
      const name = String(p.fichier_url).split("/").pop();
      const response = await t.app.inject({
        method: "GET",
        url: `/api/planifications/download/${name}`,
        headers: first,
      });
      expect(response.statusCode).toBe(404);
      expect(response.headers["content-type"]).toContain("application/json");
    }
  });

  it("lists only the caller's own certificate requests", async () => {
    const created = await t.app.inject({
      method: "POST",
      url: "/api/demandes",
      headers: second,
      payload: { type: "langue", niveau: "B2" },
    });
    expect(created.statusCode).toBeLessThan(300);
    const response = await t.app.inject({ method: "GET", url: "/api/demandes", headers: first });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const rows: { id: number }[] = Array.isArray(body) ? body : body.data;
    expect(rows.map((r) => r.id)).not.toContain(created.json().data?.id ?? created.json().id);
  });

  it("serves each student only their own profile photo", async () => {
    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: "#c8102e" } })
      .png()
      .toBuffer();
    const form = await multipartBody({}, { field: "photo", name: "moi.png", bytes: png, type: "image/png" });
    const upload = await t.app.inject({
      method: "POST",
      url: "/api/profile/photo",
      headers: { ...second, "content-type": form.contentType },
      payload: form.payload,
    });
    expect(upload.statusCode).toBe(200);
    const mine = await t.app.inject({ method: "GET", url: "/api/profile/photo", headers: first });
    expect(mine.statusCode).toBe(404);
  });

  it("keeps calendar subscriptions apart: revoking one leaves the other's feed working", async () => {
    const a = await t.app.inject({ method: "POST", url: "/api/calendar/subscription", headers: first });
    const b = await t.app.inject({ method: "POST", url: "/api/calendar/subscription", headers: second });
    const urlA: string = a.json().data.url;
    const urlB: string = b.json().data.url;
    expect(urlA).not.toEqual(urlB);
    const feed = (url: string) => t.app.inject({ method: "GET", url: new URL(url).pathname });
    expect((await feed(urlA)).statusCode).toBe(200);
    const revoke = await t.app.inject({ method: "DELETE", url: "/api/calendar/subscription", headers: first });
    expect(revoke.statusCode).toBeLessThan(300);
    expect((await feed(urlA)).statusCode).toBe(404);
    expect((await feed(urlB)).statusCode).toBe(200);
  });
});
