import { MESSAGES } from "@puerta/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createTestApp, queryRows, type TestApp } from "../support/app.ts";
import { createAccessToken, createStudent } from "../support/factories.ts";
import { DEMO_STAFF, type StaffBrowser, signInStaff } from "../support/staff-browser.ts";

const V2 = {
  titre: "Politique de non-remboursement 2027",
  contenu: "## Article 1 — Objet\n\nLes frais **versés** restent acquis.\n\n<script>alert(1)</script>",
  date_effet: "2027-01-01",
};

describe("policy versions (/api/gestion/politique)", () => {
  let t: TestApp;
  let direction: StaffBrowser;
  let secretariat: StaffBrowser;
  let studentToken: string;

  const gated = () => t.app.inject({ method: "GET", url: "/api/demandes", headers: bearer(studentToken) });
  const acceptAsStudent = () =>
    t.app.inject({
      method: "POST",
      url: "/api/policy/accept",
      headers: bearer(studentToken),
      payload: { accepted: true },
    });
  const activeStudents = async () =>
    (
      await queryRows<{ n: number }>(
        t,
        sql`select count(*)::int as n from etudiants e join users u on u.id = e.user_id
      where u.password_hash is not null and u.deactivated_at is null`,
      )
    )[0]?.n ?? 0;

  beforeAll(async () => {
    t = await createTestApp();
    direction = (await signInStaff(t, DEMO_STAFF.direction)).browser;
    secretariat = (await signInStaff(t, DEMO_STAFF.secretariat)).browser;
    const student = await createStudent(t.database.db, {
      nom: "Amrani",
      prenom: "Yasmine",
      centre: "Ain Sebaa",
      acceptedPolicy: true,
    });
    studentToken = await createAccessToken(t.database.db, student.userId);
  });
  afterAll(() => t.close());

  it("is the direction's: the secretariat gets 403, anonymous 401", async () => {
    expect((await secretariat.get("/api/gestion/politique")).statusCode).toBe(403);
    expect((await secretariat.post("/api/gestion/politique", V2)).statusCode).toBe(403);
    expect((await secretariat.get("/api/gestion/politique/en-vigueur/acceptations")).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: "/api/gestion/politique" })).statusCode).toBe(401);
  });

  it("lists the seeded version as published and in force", async () => {
    const list = await direction.get("/api/gestion/politique");
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ total: 1, page: 1, per_page: 50 });
    expect(list.json().data[0]).toMatchObject({
      version: 1,
      titre: "Politique de non-remboursement",
      statut: "publiee",
      en_vigueur: true,
      date_effet: "2025-09-01",
    });
  });

  it("validates a draft in French, field by field, and writes nothing", async () => {
    const bad = await direction.post("/api/gestion/politique", { titre: " ", contenu: "", date_effet: "2027-02-30" });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      titre: ["Le titre est requis."],
      contenu: ["Le contenu est requis."],
      date_effet: ["La date d'effet doit être une date valide (AAAA-MM-JJ)."],
    });
    expect(await queryRows(t, sql`select id from policies where status = 'brouillon'`)).toEqual([]);
  });

  it("a draft is editable and does not reach students; publishing makes them accept again", async () => {
    expect((await gated()).statusCode).toBe(200);

    const created = await direction.post("/api/gestion/politique", { ...V2, titre: "Brouillon" });
    expect(created.statusCode).toBe(201);
    const draft = created.json();
    expect(draft).toMatchObject({ version: null, statut: "brouillon", en_vigueur: false, acceptations: 0 });

    const edited = await direction.patch(`/api/gestion/politique/${draft.id}`, { titre: V2.titre });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ titre: V2.titre, contenu: V2.contenu });

    // Still the first version for the student: drafts are not in force.
    const content = await t.app.inject({ method: "GET", url: "/api/policy/content", headers: bearer(studentToken) });
    expect(content.json().policy.version).toBe(1);
    expect((await gated()).statusCode).toBe(200);

    const published = await direction.post(`/api/gestion/politique/${draft.id}/publier`);
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({ version: 2, statut: "publiee", en_vigueur: true });
    expect(published.json().published_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    const refused = await gated();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(MESSAGES.policy.mustAccept);
    const status = await t.app.inject({ method: "GET", url: "/api/policy/status", headers: bearer(studentToken) });
    expect(status.json()).toMatchObject({ has_accepted: false });
    const served = await t.app.inject({ method: "GET", url: "/api/policy/content", headers: bearer(studentToken) });
    expect(served.json().policy).toMatchObject({
      version: 2,
      title: V2.titre,
      content: V2.contenu,
      effective_date: "2027-01-01",
    });

    expect((await acceptAsStudent()).statusCode).toBe(200);
    expect((await gated()).statusCode).toBe(200);

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
    const active = await activeStudents();
    const report = await direction.get("/api/gestion/politique/en-vigueur/acceptations?acceptation=acceptee");
    expect(report.statusCode).toBe(200);
    const body = report.json();
    expect(body.version).toMatchObject({ version: 2, en_vigueur: true });
    expect(body).toMatchObject({ acceptees: 1, etudiants_actifs: active, total: 1 });
    expect(body.data[0]).toMatchObject({ nom: "Amrani", prenom: "Yasmine", centre: "Ain Sebaa" });
    expect(body.data[0].accepted_at).toMatch(/^\d{4}-/);

    const missing = (
      await direction.get(
        `/api/gestion/politique/${body.version.id}/acceptations?acceptation=non_acceptee&per_page=200`,
      )
    ).json();
    expect(missing.total).toBe(active - 1);
    expect(missing.data.every((row: { accepted_at: string | null }) => row.accepted_at === null)).toBe(true);
    expect(missing.data.map((row: { nom: string }) => row.nom)).not.toContain("Amrani");

    const first = (await direction.get("/api/gestion/politique?statut=publiee&sort=version")).json().data[0];
    const v1 = (await direction.get(`/api/gestion/politique/${first.id}/acceptations`)).json();
    expect(v1).toMatchObject({ acceptees: 2, etudiants_actifs: active });

    const dashboard = (await direction.get("/api/gestion/tableau-de-bord")).json();
    expect(dashboard.counters).toContainEqual({
      key: "politique",
      label: "Étudiants n'ayant pas accepté la politique en vigueur",
      value: active - 1,
      href: "/gestion/politique/en-vigueur?acceptation=non_acceptee",
    });
  });

  it("leaves deactivated students out of the active students and of the counter", async () => {
    const before = (await direction.get("/api/gestion/politique/en-vigueur/acceptations")).json();
    const missing = (
      await direction.get("/api/gestion/politique/en-vigueur/acceptations?acceptation=non_acceptee&per_page=1")
    ).json();
    const [row] = await queryRows<{ id: number }>(
      t,
      sql`select e.id from etudiants e join users u on u.id = e.user_id where u.email = ${missing.data[0].email}`,
    );
    expect((await direction.post(`/api/gestion/etudiants/${row?.id}/desactiver`, {})).statusCode).toBe(200);
    const after = (await direction.get("/api/gestion/politique/en-vigueur/acceptations")).json();
    expect(after.etudiants_actifs).toBe(before.etudiants_actifs - 1);
    const counter = (await direction.get("/api/gestion/tableau-de-bord"))
      .json()
      .counters.find((c: { key: string }) => c.key === "politique");
    expect(counter.value).toBe(missing.total - 1);
    await direction.post(`/api/gestion/etudiants/${row?.id}/reactiver`, {});
  });

  it("exports the report as CSV and journals it", async () => {
    const response = await direction.get(
      "/api/gestion/politique/en-vigueur/acceptations/export.csv?acceptation=acceptee",
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-disposition"]).toMatch(
      /filename="acceptations-politique-v2-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = response.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("Matricule;Nom;Prénom;E-mail;Centre;Acceptée;Acceptée le");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/;Amrani;Yasmine;.*;Ain Sebaa;Oui;\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    const [entry] = await queryRows<{ action: string }>(
      t,
      sql`select action from audit_log where entity = 'politique' and action = 'export'`,
    );
    expect(entry).toBeDefined();
    expect((await direction.get("/api/gestion/politique/abc/acceptations")).statusCode).toBe(422);
    expect((await direction.get("/api/gestion/politique/999999/acceptations")).statusCode).toBe(404);
  });
});
