import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, queryRows, type TestApp } from "../support/app.ts";
import { DEMO_STAFF, type StaffBrowser, signInStaff } from "../support/staff-browser.ts";

describe("GET /api/gestion/comptes/export.csv", () => {
  let t: TestApp;
  let direction: StaffBrowser;
  let secretariat: StaffBrowser;
  beforeAll(async () => {
    t = await createTestApp();
    direction = (await signInStaff(t, DEMO_STAFF.direction)).browser;
    secretariat = (await signInStaff(t, DEMO_STAFF.secretariat)).browser;
  });
  afterAll(() => t.close());

  it("is the direction's", async () => {
    const refused = await secretariat.get("/api/gestion/comptes/export.csv");
    expect(refused.statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: "/api/gestion/comptes/export.csv" })).statusCode).toBe(401);
  });

  it("exports the filtered accounts with their centres, formulas neutralised, and journals it", async () => {
    await direction.post("/api/gestion/comptes", {
      name: "=cmd|' /C calc'!A0",
      email: "formule@example.com",
      role: "secretariat",
      centre_ids: [1],
    });
    const all = await direction.get("/api/gestion/comptes/export.csv");
    expect(all.statusCode).toBe(200);
    expect(all.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(all.headers["content-disposition"]).toMatch(
      /attachment; filename="comptes-personnel-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    expect(all.body.startsWith("\uFEFF")).toBe(true);
    const lines = all.body.slice(1).trim().split("\r\n");
    expect(lines[0]).toBe("Nom;E-mail;Rôle;Centres;Statut;Double authentification;Dernière connexion;Créé le");
    expect(lines).toHaveLength(5);
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^Salma Tazi;secretariat\.demo@example\.com;Secrétariat;Ain Sebaa;Actif;Activée;\d{2}\/\d{2}\/\d{4} \d{2}:\d{2};\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/,
      ),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(/^Nadia Berrada;direction\.demo@example\.com;Direction;Tous les centres;Actif;Activée;/),
    );
    expect(lines).toContainEqual(
      "'=cmd|' /C calc'!A0;formule@example.com;Secrétariat;Ain Sebaa;Invitation envoyée;À activer;;" +
        lines
          .find((l) => l.startsWith("'="))
          ?.split(";")
          .at(-1),
    );

    const filtered = await direction.get("/api/gestion/comptes/export.csv?role=pedagogie");
    expect(filtered.body.slice(1).trim().split("\r\n")).toHaveLength(2);
    expect((await direction.get("/api/gestion/comptes/export.csv?role=roi")).statusCode).toBe(422);

    const entries = await queryRows<{ summary: string; staff_name: string }>(
      t,
      sql`select summary, staff_name from audit_log where entity = 'comptes' and action = 'export' order by id`,
    );
    expect(entries).toEqual([
      { summary: "Export des comptes du personnel (4 comptes).", staff_name: "Nadia Berrada" },
      { summary: "Export des comptes du personnel (1 compte).", staff_name: "Nadia Berrada" },
    ]);
  });
});
