import { MESSAGES } from "@puerta/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createTestApp, queryRows, type TestApp } from "../support/app.ts";
import { createAccessToken, createStudent } from "../support/factories.ts";
import { type StaffBrowser, signInNewStaff } from "../support/staff-browser.ts";

const V2 = {
  titre: "Politique de non-remboursement 2027",
  contenu: "## Article 1 — Objet\n\nLes frais **versés** restent acquis.\n\n<script>alert(1)</script>",
  date_effet: "2027-01-01",
};

describe("policy versions (/api/gestion/politique)", () => {
  let t: TestApp;
  let direction: StaffBrowser;
  let secretariat: StaffBrowser;

  const gated = (token: string) => t.app.inject({ method: "GET", url: "/api/demandes", headers: bearer(token) });
  const activeStudents = async () =>
    (
      await queryRows<{ n: number }>(
        t,
        // The current year's enrolled: former students are not asked to accept it again (decision 111).
        sql`select count(*)::int as n from etudiants e join users u on u.id = e.user_id
      where u.password_hash is not null and u.deactivated_at is null
        and e.statut_scolaire = 'inscrit' and e.promotion_id = current_school_year_id()`,
      )
    )[0]?.n ?? 0;
  /** The report on the version in force (one test publishes a new one: the others read which). */
  const inForce = async (query = "") =>
    (await direction.get(`/api/gestion/politique/en-vigueur/acceptations?per_page=200${query}`)).json();

  /** A student of the test's own, named by a word of its own, who accepted the version in force. */
  async function acceptingStudent() {
    const nom = `Amrani ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const student = await createStudent(t.database.db, {
      nom,
      prenom: "Yasmine",
      centre: "Ain Sebaa",
      acceptedPolicy: true,
    });
    return { ...student, nom, token: await createAccessToken(t.database.db, student.userId) };
  }

  beforeAll(async () => {
    t = await createTestApp();
    direction = (await signInNewStaff(t, "direction")).browser;
    secretariat = (await signInNewStaff(t, "secretariat", { centres: ["Ain Sebaa"] })).browser;
  });
  afterAll(() => t.close());

  it("is the direction's: the secretariat gets 403, anonymous 401", async () => {
    expect((await secretariat.get("/api/gestion/politique")).statusCode).toBe(403);
    expect((await secretariat.post("/api/gestion/politique", V2)).statusCode).toBe(403);
    expect((await secretariat.get("/api/gestion/politique/en-vigueur/acceptations")).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: "/api/gestion/politique" })).statusCode).toBe(401);
  });

  it("lists the seeded version as published, and exactly one version in force", async () => {
    const list = await direction.get("/api/gestion/politique?sort=version");
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ page: 1, per_page: 50 });
    const data = list.json().data as { version: number; en_vigueur: boolean; statut: string }[];
    expect(data[0]).toMatchObject({
      version: 1,
      titre: "Politique de non-remboursement",
      statut: "publiee",
      date_effet: "2025-09-01",
    });
    const published = data.filter((row) => row.statut === "publiee");
    expect(data.filter((row) => row.en_vigueur)).toEqual([published.at(-1)]);
  });

  it("validates a draft in French, field by field, and writes nothing", async () => {
    const drafts = () => queryRows(t, sql`select id from policies where status = 'brouillon'`);
    const before = await drafts();
    const bad = await direction.post("/api/gestion/politique", { titre: " ", contenu: "", date_effet: "2027-02-30" });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      titre: ["Le titre est requis."],
      contenu: ["Le contenu est requis."],
      date_effet: ["La date d'effet doit être une date valide (AAAA-MM-JJ)."],
    });
    expect(await drafts()).toEqual(before);
  });

  it("a draft is editable and does not reach students; publishing makes them accept again", async () => {
    const student = await acceptingStudent();
    const before = (await inForce()).version.version as number;
    expect((await gated(student.token)).statusCode).toBe(200);

    const created = await direction.post("/api/gestion/politique", { ...V2, titre: "Brouillon" });
    expect(created.statusCode).toBe(201);
    const draft = created.json();
    expect(draft).toMatchObject({ version: null, statut: "brouillon", en_vigueur: false, acceptations: 0 });

    const edited = await direction.patch(`/api/gestion/politique/${draft.id}`, { titre: V2.titre });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ titre: V2.titre, contenu: V2.contenu });

    // Still the version in force for the student: drafts are not in force.
    const content = await t.app.inject({ method: "GET", url: "/api/policy/content", headers: bearer(student.token) });
    expect(content.json().policy.version).toBe(before);
    expect((await gated(student.token)).statusCode).toBe(200);

    const published = await direction.post(`/api/gestion/politique/${draft.id}/publier`);
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({ version: before + 1, statut: "publiee", en_vigueur: true });
    expect(published.json().published_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    const refused = await gated(student.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(MESSAGES.policy.mustAccept);
    const status = await t.app.inject({ method: "GET", url: "/api/policy/status", headers: bearer(student.token) });
    expect(status.json()).toMatchObject({ has_accepted: false });
    const served = await t.app.inject({ method: "GET", url: "/api/policy/content", headers: bearer(student.token) });
    expect(served.json().policy).toMatchObject({
      version: before + 1,
      title: V2.titre,
      content: V2.contenu,
      effective_date: "2027-01-01",
    });

    const accepted = await t.app.inject({
      method: "POST",
      url: "/api/policy/accept",
      headers: bearer(student.token),
      payload: { accepted: true },
    });
    expect(accepted.statusCode).toBe(200);
    expect((await gated(student.token)).statusCode).toBe(200);

    // Published is final.
    const again = await direction.patch(`/api/gestion/politique/${draft.id}`, { titre: "Autre" });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("Cette version est déjà publiée : elle ne peut plus être modifiée.");
    expect((await direction.post(`/api/gestion/politique/${draft.id}/publier`)).statusCode).toBe(409);

    const journal = await queryRows<{ action: string }>(
      t,
      sql`select action from audit_log where entity = 'politique' and entity_id = ${String(draft.id)} order by id`,
    );
    expect(journal.map((e) => e.action)).toEqual(["creation", "modification", "publication"]);
  });

  it("reports accepted / active students, who has not accepted, and the dashboard counter", async () => {
    const before = await inForce("&acceptation=acceptee");
    const student = await acceptingStudent();
    const active = await activeStudents();
    const report = await direction.get(
      "/api/gestion/politique/en-vigueur/acceptations?acceptation=acceptee&per_page=200",
    );
    expect(report.statusCode).toBe(200);
    const body = report.json();
    expect(body.version).toMatchObject({ id: before.version.id, en_vigueur: true });
    expect(body).toMatchObject({ acceptees: before.acceptees + 1, etudiants_actifs: active, total: before.total + 1 });
    const row = body.data.find((r: { nom: string }) => r.nom === student.nom);
    expect(row).toMatchObject({ prenom: "Yasmine", centre: "Ain Sebaa" });
    expect(row.accepted_at).toMatch(/^\d{4}-/);

    const missing = (
      await direction.get(
        `/api/gestion/politique/${body.version.id}/acceptations?acceptation=non_acceptee&per_page=200`,
      )
    ).json();
    expect(missing.total).toBe(active - body.acceptees);
    expect(missing.data.every((r: { accepted_at: string | null }) => r.accepted_at === null)).toBe(true);
    expect(missing.data.map((r: { nom: string }) => r.nom)).not.toContain(student.nom);

    const first = (await direction.get("/api/gestion/politique?statut=publiee&sort=version")).json().data[0];
    const [v1Accepted] = await queryRows<{ n: number }>(
      t,
      sql`select count(*)::int as n from policy_acceptances a join users u on u.id = a.user_id
          join etudiants e on e.user_id = u.id
          where a.policy_id = ${first.id} and u.password_hash is not null and u.deactivated_at is null
        and e.statut_scolaire = 'inscrit' and e.promotion_id = current_school_year_id()`,
    );
    const v1 = (await direction.get(`/api/gestion/politique/${first.id}/acceptations`)).json();
    expect(v1).toMatchObject({ acceptees: v1Accepted?.n, etudiants_actifs: active });

    const dashboard = (await direction.get("/api/gestion/tableau-de-bord")).json();
    expect(dashboard.counters).toContainEqual({
      key: "politique",
      label: "Étudiants n'ayant pas accepté la politique en vigueur",
      value: active - body.acceptees,
      href: "/gestion/politique/en-vigueur?acceptation=non_acceptee",
    });
  });

  it("leaves deactivated students out of the active students and of the counter", async () => {
    const student = await createStudent(t.database.db, { centre: "Zenith" }); // has not accepted
    const before = await inForce();
    const missing = await inForce("&acceptation=non_acceptee");
    expect((await direction.post(`/api/gestion/etudiants/${student.etudiantId}/desactiver`, {})).statusCode).toBe(200);
    try {
      const after = await inForce();
      expect(after.etudiants_actifs).toBe(before.etudiants_actifs - 1);
      const counter = (await direction.get("/api/gestion/tableau-de-bord"))
        .json()
        .counters.find((c: { key: string }) => c.key === "politique");
      expect(counter.value).toBe(missing.total - 1);
    } finally {
      await direction.post(`/api/gestion/etudiants/${student.etudiantId}/reactiver`, {});
    }
  });

  it("exports the report as CSV and journals it", async () => {
    const student = await acceptingStudent();
    const current = await inForce("&acceptation=acceptee");
    const response = await direction.get(
      "/api/gestion/politique/en-vigueur/acceptations/export.csv?acceptation=acceptee",
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-disposition"]).toMatch(
      new RegExp(`filename="acceptations-politique-v${current.version.version}-\\d{4}-\\d{2}-\\d{2}\\.csv"`),
    );
    const lines = response.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("Matricule;Nom;Prénom;E-mail;Centre;Acceptée;Acceptée le");
    expect(lines).toHaveLength(1 + current.acceptees);
    const line = lines.find((l) => l.includes(`;${student.nom};`));
    expect(line).toMatch(/;Yasmine;.*;Ain Sebaa;Oui;\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    const [entry] = await queryRows<{ action: string }>(
      t,
      sql`select action from audit_log where entity = 'politique' and action = 'export'`,
    );
    expect(entry).toBeDefined();
    expect((await direction.get("/api/gestion/politique/abc/acceptations")).statusCode).toBe(422);
    expect((await direction.get("/api/gestion/politique/999999/acceptations")).statusCode).toBe(404);
  });
});
