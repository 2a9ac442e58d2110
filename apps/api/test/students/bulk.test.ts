import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, queryRows, type TestApp } from "../support/app.ts";
import { createStudent, uniqueEmail } from "../support/factories.ts";
import { type StaffBrowser, signInNewStaff } from "../support/staff-browser.ts";

describe("back-office students: bulk actions on the list", () => {
  let t: TestApp;
  let direction: StaffBrowser;
  let secretary: StaffBrowser;
  let pedagogie: StaffBrowser;
  const centreIds: Record<string, number> = {};

  const invitationsTo = async (email: string) =>
    (await queryRows<{ n: number }>(t, sql`select count(*)::int as n from mail_outbox where to_address = ${email}`))[0]
      ?.n ?? 0;
  const deactivated = async (email: string) =>
    (await queryRows<{ at: string | null }>(t, sql`select deactivated_at as at from users where email = ${email}`))[0]
      ?.at !== null;

  beforeAll(async () => {
    t = await createTestApp();
    direction = (await signInNewStaff(t, "direction")).browser;
    secretary = (await signInNewStaff(t, "secretariat", { centres: ["Ain Sebaa"] })).browser;
    pedagogie = (await signInNewStaff(t, "pedagogie")).browser;
    const centres = await queryRows<{ id: number; nom: string }>(t, sql`select id, nom from centres`);
    for (const c of centres) centreIds[c.nom] = c.id;
  });
  afterAll(async () => {
    await t.close();
  });

  /**
   * The test's own group, found by the word their names share: two invited students at Ain
   * Sebaa (the secretary's centre), one at Zenith, and one at Ain Sebaa who has activated.
   */
  async function group() {
    const word = `groupe${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const ids: Record<string, number> = {};
    const emails: Record<string, string> = {};
    for (const [key, centre] of [
      ["a1", "Ain Sebaa"],
      ["a2", "Ain Sebaa"],
      ["z1", "Zenith"],
    ] as const) {
      emails[key] = uniqueEmail(key);
      const created = await direction.post("/api/gestion/etudiants", {
        nom: `${word} ${key}`,
        prenom: "Test",
        email: emails[key],
        centre_id: centreIds[centre],
      });
      expect(created.statusCode).toBe(201);
      ids[key] = created.json().id;
    }
    const active = await createStudent(t.database.db, { nom: `${word} actif`, centre: "Ain Sebaa" });
    ids.active = active.etudiantId;
    return { word, ids, emails };
  }

  it("resends invitations to the rows picked, only within a secretary's centres, journalled once", async () => {
    const { ids, emails } = await group();
    const before = { a1: await invitationsTo(emails.a1 ?? ""), z1: await invitationsTo(emails.z1 ?? "") };
    const response = await secretary.post("/api/gestion/etudiants/actions/invitation", {
      ids: [ids.a1, ids.a2, ids.z1, ids.active],
    });
    expect(response.statusCode).toBe(200);
    // Zenith's student does not exist for her; the last one has already activated their account.
    expect(response.json()).toEqual({
      done: 2,
      skipped: 1,
      message: "Invitation renvoyée à 2 étudiants ; 1 déjà activé ou désactivé, sans invitation.",
    });
    expect(await invitationsTo(emails.a1 ?? "")).toBe(before.a1 + 1);
    expect(await invitationsTo(emails.z1 ?? "")).toBe(before.z1);
    const [entry] = await queryRows<{ summary: string; changes: { etudiants: { after: number[] } } }>(
      t,
      sql`select summary, changes from audit_log where action = 'invitation' order by id desc limit 1`,
    );
    expect(entry?.summary).toBe(`Action groupée : ${response.json().message}`);
    // By id and count, never by e-mail address (docs/spec/school-year-and-data.md section 4).
    expect(entry?.changes.etudiants.after).toEqual([ids.a1, ids.a2].sort((a, b) => (a ?? 0) - (b ?? 0)));
    expect(JSON.stringify(entry)).not.toContain("@");
  });

  it("deactivates every student the filters keep, in her centres only; a second time changes nothing", async () => {
    const { word, emails } = await group();
    const response = await secretary.post("/api/gestion/etudiants/actions/desactiver", { all: true, q: word });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ done: 3, skipped: 0, message: "3 comptes désactivés." });
    expect(await deactivated(emails.a1 ?? "")).toBe(true);
    expect(await deactivated(emails.a2 ?? "")).toBe(true);
    expect(await deactivated(emails.z1 ?? "")).toBe(false);
    const again = await secretary.post("/api/gestion/etudiants/actions/desactiver", { all: true, q: word });
    expect(again.json()).toMatchObject({ done: 0, skipped: 3, message: "0 compte désactivé ; 3 l'étaient déjà." });
  });

  it("exports the rows picked, within the caller's centres", async () => {
    const { ids, emails } = await group();
    const csv = await secretary.get(`/api/gestion/etudiants/export.csv?ids=${ids.a1},${ids.z1}`);
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(emails.a1);
    expect((await direction.get(`/api/gestion/etudiants/export.csv?ids=${ids.a1},${ids.z1}`)).body).toContain(
      emails.z1,
    );
    expect((await direction.get("/api/gestion/etudiants/export.csv?ids=1,99999999999")).statusCode).toBe(422);
  });

  it("refuses the pedagogie, and a request that names no students", async () => {
    const { ids, emails } = await group();
    const refused = await pedagogie.post("/api/gestion/etudiants/actions/desactiver", { ids: [ids.z1] });
    expect(refused.statusCode).toBe(403);
    expect(await deactivated(emails.z1 ?? "")).toBe(false);
    const none = await direction.post("/api/gestion/etudiants/actions/desactiver", {});
    expect(none.statusCode).toBe(422);
    expect(none.json().message).toBe("Choisissez des étudiants dans la liste.");
    const unknown = await direction.post("/api/gestion/etudiants/actions/supprimer", { ids: [ids.z1] });
    expect([404, 422]).toContain(unknown.statusCode);
  });
});
