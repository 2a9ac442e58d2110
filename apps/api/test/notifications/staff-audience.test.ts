import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createTestApp, queryRows, type TestApp } from "../support/app.ts";
import { createAccessToken, createStudent } from "../support/factories.ts";
import { type StaffBrowser, signInNewStaff } from "../support/staff-browser.ts";

/** Issue 28 item 12: the secretariat targets an option or filière inside her centres; the picker and the count say why. */
describe("audiences narrowed to centres, the picker and the empty count", () => {
  let t: TestApp;
  let direction: StaffBrowser;
  let secretariat: StaffBrowser;
  const ids: Record<string, number> = {};
  const made: Record<string, { etudiantId: number; userId: number; token: string }> = {};

  const idOf = async (table: "centres" | "options" | "filieres", nom: string) => {
    const [row] = await queryRows<{ id: number }>(t, sql`select id from ${sql.identifier(table)} where nom = ${nom}`);
    if (!row) throw new Error(`${table} ${nom}`);
    return row.id;
  };
  const sees = async (token: string, id: number) =>
    (
      (await t.app.inject({ method: "GET", url: "/api/notifications", headers: bearer(token) })).json().data as {
        id: number;
      }[]
    ).some((item) => item.id === id);
  const compose = (browser: StaffBrowser, audience: Record<string, unknown>) =>
    browser.post("/api/gestion/notifications", {
      titre: "Réunion Santé",
      message: "Bonjour.",
      priority: "normal",
      sender: "administration",
      publication: "maintenant",
      audience,
    });

  beforeAll(async () => {
    t = await createTestApp();
    direction = (await signInNewStaff(t, "direction")).browser;
    secretariat = (await signInNewStaff(t, "secretariat", { centres: ["Ain Sebaa"] })).browser;
    ids.ainSebaa = await idOf("centres", "Ain Sebaa");
    ids.zenith = await idOf("centres", "Zenith");
    ids.sante = await idOf("options", "Selectividad Santé");
    ids.santeFiliere = await idOf("filieres", "Sciences de la santé");
    for (const [key, centre] of [
      ["ainSante", "Ain Sebaa"],
      ["zenithSante", "Zenith"],
    ] as const) {
      const s = await createStudent(t.database.db, {
        centre,
        option: "Selectividad Santé",
        passwordHash: "x",
        acceptedPolicy: true,
        nom: `Picker${key}`,
      });
      made[key] = { ...s, token: await createAccessToken(t.database.db, s.userId) };
    }
  });
  afterAll(() => t.close());

  it("the secretariat sends Selectividad Santé at Ain Sebaa: only those students get it, and she sees it", async () => {
    const audience = { type: "option", ids: [ids.sante], centre_ids: [ids.ainSebaa] };
    const counted = await secretariat.post("/api/gestion/notifications/destinataires", { audience });
    expect(counted.statusCode).toBe(200);
    const created = await compose(secretariat, audience);
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body.audience).toEqual(audience);
    expect(body.audience_summary).toBe("Options : Selectividad Santé — Centres : Ain Sebaa");
    const [expected] = await queryRows<{ n: number }>(
      t,
      sql`select count(*)::int as n from etudiants e join users u on u.id = e.user_id
        where e.option_id = ${ids.sante} and e.centre_id = ${ids.ainSebaa} and u.deactivated_at is null
          and e.statut_scolaire = 'inscrit' and e.promotion_id = current_school_year_id()`,
    );
    expect(counted.json().count).toBe(expected?.n);
    expect(body.recipient_count).toBe(expected?.n);
    const ain = made.ainSante;
    const zenith = made.zenithSante;
    if (!ain || !zenith) throw new Error("students");
    expect(await sees(ain.token, body.id)).toBe(true);
    expect(await sees(zenith.token, body.id)).toBe(false);
    const hers = (await secretariat.get("/api/gestion/notifications?per_page=200")).json().data;
    expect(hers.map((row: { id: number }) => row.id)).toContain(body.id);

    // A filière too; and the direction may narrow an option to any centre.
    const filiere = await compose(secretariat, {
      type: "filiere",
      ids: [ids.santeFiliere],
      centre_ids: [ids.ainSebaa],
    });
    expect(filiere.statusCode).toBe(201);
    const zenithOnly = await compose(direction, { type: "option", ids: [ids.sante], centre_ids: [ids.zenith] });
    expect(zenithOnly.statusCode).toBe(201);
    expect(await sees(zenith.token, zenithOnly.json().id)).toBe(true);
    expect(await sees(ain.token, zenithOnly.json().id)).toBe(false);
    expect((await secretariat.get(`/api/gestion/notifications/${zenithOnly.json().id}`)).statusCode).toBe(404);
  });

  it("refuses the secretariat an option outside her centres or across every centre, and unknown centres", async () => {
    expect((await compose(secretariat, { type: "option", ids: [ids.sante] })).statusCode).toBe(403);
    expect(
      (await compose(secretariat, { type: "option", ids: [ids.sante], centre_ids: [ids.zenith] })).statusCode,
    ).toBe(403);
    const unknown = await compose(direction, { type: "option", ids: [ids.sante], centre_ids: [999_999] });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.audience).toEqual(["Un destinataire choisi n'existe pas."]);
  });

  it("marks deactivated students in the picker and says why nobody would receive it", async () => {
    const ain = made.ainSante;
    if (!ain) throw new Error("students");
    await queryRows(t, sql`update users set deactivated_at = now() where id = ${ain.userId}`);
    try {
      const found = (await secretariat.get("/api/gestion/notifications/etudiants?q=Pickerain")).json().data;
      expect(found).toEqual([expect.objectContaining({ id: ain.etudiantId, desactive: true })]);
      const active = (await direction.get("/api/gestion/notifications/etudiants?q=Pickerzenith")).json().data;
      expect(active).toEqual([expect.objectContaining({ desactive: false })]);

      const onlyHer = await secretariat.post("/api/gestion/notifications/destinataires", {
        audience: { type: "etudiant_specifique", ids: [ain.etudiantId] },
      });
      expect(onlyHer.json()).toEqual({ count: 0, why: "le seul étudiant concerné a un compte désactivé." });
      // An option nobody follows at Ain Sebaa (a new one): the narrowed audience is empty.
      const [emptyOption] = await queryRows<{ id: number }>(
        t,
        sql`insert into options (nom) values ('Option sans étudiant') returning id`,
      );
      const narrowed = await direction.post("/api/gestion/notifications/destinataires", {
        audience: { type: "option", ids: [emptyOption?.id], centre_ids: [ids.ainSebaa] },
      });
      expect(narrowed.json()).toEqual({ count: 0, why: "aucun étudiant de ces centres ne correspond à ce choix." });
      const some = await direction.post("/api/gestion/notifications/destinataires", { audience: { type: "tous" } });
      expect(some.json().why).toBeNull();
    } finally {
      await queryRows(t, sql`update users set deactivated_at = null where id = ${ain.userId}`);
    }
  });
});
