import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signInNewStudent, type TestApp } from "../support/app.ts";
import { type StaffBrowser, signInNewStaff } from "../support/staff-browser.ts";

/** docs/spec/back-office.md section 8: `/api/gestion/referentiel/{centres,filieres,options,matieres,niveaux}`. */
describe("back-office reference lists, one path per kind", () => {
  let t: TestApp;
  let secretary: StaffBrowser;
  beforeAll(async () => {
    t = await createTestApp();
    secretary = (await signInNewStaff(t, "secretariat", { centres: ["Ain Sebaa"] })).browser;
  });
  afterAll(() => t.close());

  it("answers each kind's list to any staff member, as the full reference data gives it", async () => {
    const direction = (await signInNewStaff(t, "direction")).browser;
    const all = (await direction.get("/api/gestion/referentiel")).json();
    for (const kind of ["filieres", "options", "matieres", "niveaux"] as const) {
      const response = await secretary.get(`/api/gestion/referentiel/${kind}`);
      expect(response.statusCode, kind).toBe(200);
      expect(response.json().data, kind).toEqual(all[kind]);
      expect(response.json().data.length, kind).toBeGreaterThan(0);
    }
    const centres = await secretary.get("/api/gestion/referentiel/centres");
    expect(centres.statusCode).toBe(200);
    expect(centres.json().data.map((c: { name: string }) => c.name)).toEqual(["Ain Sebaa", "Moulay Youssef", "Zenith"]);
  });

  it("refuses them to a student and to no session", async () => {
    const { token } = await signInNewStudent(t);
    for (const headers of [{ authorization: `Bearer ${token}` }, {}]) {
      const response = await t.app.inject({ method: "GET", url: "/api/gestion/referentiel/options", headers });
      expect(response.statusCode).toBe(401);
    }
  });
});
