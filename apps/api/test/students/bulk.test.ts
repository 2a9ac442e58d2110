import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, DEMO_STUDENTS, queryRows, type TestApp } from "../support/app.ts";
import { DEMO_STAFF, type StaffBrowser, signInStaff } from "../support/staff-browser.ts";

describe("back-office students: bulk actions on the list", () => {
  let t: TestApp;
  let direction: StaffBrowser;
  let secretary: StaffBrowser;
  let pedagogie: StaffBrowser;
  const ids: Record<string, number> = {};

  const invitationsTo = async (email: string) =>
    (await queryRows<{ n: number }>(t, sql`select count(*)::int as n from mail_outbox where to_address = ${email}`))[0]
      ?.n ?? 0;
  const deactivated = async (email: string) =>
    (await queryRows<{ at: string | null }>(t, sql`select deactivated_at as at from users where email = ${email}`))[0]
      ?.at !== null;

  beforeAll(async () => {
    t = await createTestApp();
    direction = (await signInStaff(t, DEMO_STAFF.direction)).browser;
    secretary = (await signInStaff(t, DEMO_STAFF.secretariat)).browser;
    pedagogie = (await signInStaff(t, DEMO_STAFF.pedagogie)).browser;
    const centres = await queryRows<{ id: number; nom: string }>(t, sql`select id, nom from centres`);
    const centre = (nom: string) => centres.find((c) => c.nom === nom)?.id ?? 0;
    for (const [key, nom, centreName] of [
      ["a1", "Groupe Un", "Ain Sebaa"],
      ["a2", "Groupe Deux", "Ain Sebaa"],
      ["z1", "Groupe Zenith", "Zenith"],
    ] as const) {
      const created = await direction.post("/api/gestion/etudiants", {
        nom,
        prenom: "Test",
        email: `${key}@example.com`,
        centre_id: centre(centreName),
      });
      ids[key] = created.json().id;
    }
    const [first] = await queryRows<{ id: number }>(
      t,
      sql`select e.id from etudiants e join users u on u.id = e.user_id where u.email = ${DEMO_STUDENTS.first}`,
    );
    ids.first = first?.id ?? 0;
  });
  afterAll(async () => {
    await t.close();
  });

  it("resends invitations to the rows picked, only within a secretary's centres, journalled once", async () => {
    const before = { a1: await invitationsTo("a1@example.com"), z1: await invitationsTo("z1@example.com") };
    const response = await secretary.post("/api/gestion/etudiants/actions/invitation", {
      ids: [ids.a1, ids.a2, ids.z1, ids.first],
    });
    expect(response.statusCode).toBe(200);
    // Zenith's student does not exist for her; the demo student has already activated their account.
    expect(response.json()).toEqual({
      done: 2,
      skipped: 1,
      message: "Invitation renvoyée à 2 étudiants ; 1 déjà activé ou désactivé, sans invitation.",
    });
    expect(await invitationsTo("a1@example.com")).toBe(before.a1 + 1);
    expect(await invitationsTo("z1@example.com")).toBe(before.z1);
    const [entry] = await queryRows<{ summary: string; changes: { etudiants: { after: string[] } } }>(
      t,
      sql`select summary, changes from audit_log where action = 'invitation' order by id desc limit 1`,
    );
    expect(entry?.summary).toBe(`Action groupée : ${response.json().message}`);
    expect(entry?.changes.etudiants.after.sort()).toEqual(["a1@example.com", "a2@example.com"]);
  });

  it("deactivates every student the filters keep, in her centres only; a second time changes nothing", async () => {
    const response = await secretary.post("/api/gestion/etudiants/actions/desactiver", { all: true, q: "Groupe" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ done: 2, skipped: 0, message: "2 comptes désactivés." });
    expect(await deactivated("a1@example.com")).toBe(true);
    expect(await deactivated("a2@example.com")).toBe(true);
    expect(await deactivated("z1@example.com")).toBe(false);
    const again = await secretary.post("/api/gestion/etudiants/actions/desactiver", { all: true, q: "Groupe" });
    expect(again.json()).toMatchObject({ done: 0, skipped: 2, message: "0 compte désactivé ; 2 l'étaient déjà." });
  });

  it("exports the rows picked, within the caller's centres", async () => {
    const csv = await secretary.get(`/api/gestion/etudiants/export.csv?ids=${ids.a1},${ids.z1}`);
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("a1@example.com");
    expect((await direction.get(`/api/gestion/etudiants/export.csv?ids=${ids.a1},${ids.z1}`)).body).toContain(
      "z1@example.com",
    );
    expect((await direction.get("/api/gestion/etudiants/export.csv?ids=1,99999999999")).statusCode).toBe(422);
  });

  it("refuses the pedagogie, and a request that names no students", async () => {
    const refused = await pedagogie.post("/api/gestion/etudiants/actions/desactiver", { ids: [ids.z1] });
    expect(refused.statusCode).toBe(403);
    expect(await deactivated("z1@example.com")).toBe(false);
    const none = await direction.post("/api/gestion/etudiants/actions/desactiver", {});
    expect(none.statusCode).toBe(422);
    expect(none.json().message).toBe("Choisissez des étudiants dans la liste.");
    const unknown = await direction.post("/api/gestion/etudiants/actions/supprimer", { ids: [ids.z1] });
    expect([404, 422]).toContain(unknown.statusCode);
  });
});
