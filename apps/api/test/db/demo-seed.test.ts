import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_FORMER_STUDENT, DEMO_STUDENTS, seedDemo } from "../../src/demo/index.ts";
import { dayAhead } from "../../src/demo/notifications.ts";
import { bearer, createTestApp, login, queryRows, type TestApp } from "../support/app.ts";
import { DEMO_STAFF, type StaffBrowser, signInStaff } from "../support/staff-browser.ts";

/** The demo academy as a first start seeds it: the back-office has work from the start. */
describe("the demo seed on a first start", () => {
  let t: TestApp;
  let direction: StaffBrowser;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    await seedDemo(t.database.db, t.config);
    direction = (await signInStaff(t, DEMO_STAFF.direction)).browser;
  });
  afterAll(() => t.close());

  it("has last year closed with its former students, and the current year with its cohort", async () => {
    const years = (await direction.get("/api/gestion/annees")).json().data as {
      id: number;
      label: string;
      statut: string;
      inscrits: number;
      anciens_eleves: number;
    }[];
    expect(years.map((year) => year.statut)).toEqual(["en_cours", "cloturee"]);
    const [current, closed] = years;
    const count = async (query: ReturnType<typeof sql>) => (await queryRows<{ n: number }>(t, query))[0]?.n;
    expect(current?.inscrits).toBe(
      await count(
        sql`select count(*)::int as n from etudiants where promotion_id = ${current?.id} and statut_scolaire = 'inscrit'`,
      ),
    );
    expect(current?.inscrits).toBe(2);
    expect(closed?.anciens_eleves).toBe(
      await count(
        sql`select count(*)::int as n from etudiants where promotion_id = ${closed?.id} and statut_scolaire = 'ancien_eleve'`,
      ),
    );
    expect(closed?.anciens_eleves).toBe(3);
    // Last year published too: students no longer see it, the staff find it under the year.
    expect(await count(sql`select count(*)::int as n from notifications where annee_id = ${closed?.id}`)).toBe(1);
    expect(await count(sql`select count(*)::int as n from parascolaires where annee_id = ${closed?.id}`)).toBe(1);
    // The former student of the README signs in, and holds an attestation of the year she attended.
    const token = await login(t.app, DEMO_FORMER_STUDENT);
    const requests = (await t.app.inject({ method: "GET", url: "/api/demandes", headers: bearer(token) })).json()
      .data as { status: string; document?: { numero: string } }[];
    expect(requests.map((request) => request.status)).toEqual(["Disponible"]);
    expect(
      await count(sql`select count(*)::int as n from certificate_requests r join etudiants e on e.id = r.etudiant_id
        where e.email = ${DEMO_FORMER_STUDENT} and r.annee_id = ${closed?.id}`),
    ).toBe(1);
  });

  it("has attestation requests in each state, one of them revoked", async () => {
    const list = await direction.get("/api/gestion/demandes?per_page=50");
    expect(list.statusCode).toBe(200);
    const rows = list.json().data as { status: string; document: { revoked_at: string | null } | null }[];
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(["En Cours", "Disponible", "Refuser"]));
    expect(rows.some((r) => r.status === "Refuser" && r.document?.revoked_at)).toBe(true);
  });

  it("tells each student only what happened to their own requests, and the attestation downloads", async () => {
    const token = await login(t.app, DEMO_STUDENTS.second);
    const mine = (await t.app.inject({ method: "GET", url: "/api/demandes", headers: bearer(token) })).json().data as {
      id: number;
      status: string;
      document?: { numero: string };
    }[];
    const available = mine.find((r) => r.status === "Disponible");
    expect(available?.document?.numero).toMatch(/^PUE-\d{4}-\d{6}$/);
    const pdf = await t.app.inject({
      method: "GET",
      url: `/api/demandes/${available?.id}/document`,
      headers: bearer(token),
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");

    // Every notification about an attestation is one the office writes, about a request it answered.
    const told = await queryRows<{ titre: string; ids: number[] }>(
      t,
      sql`select titre, etudiant_ids as ids from notifications where titre ilike '%attestation%'`,
    );
    const answered = await queryRows<{ id: number }>(
      t,
      sql`select etudiant_id as id from certificate_requests where status <> 'En Cours'`,
    );
    expect(told.length).toBeGreaterThan(0);
    for (const row of told) {
      expect(["Votre attestation est disponible", "Demande d'attestation refusée", "Attestation révoquée"]).toContain(
        row.titre,
      );
      for (const id of row.ids) expect(answered.map((r) => Number(r.id))).toContain(Number(id));
    }
  });

  it("has contact messages to answer, and events with their hours", async () => {
    const inbox = (await direction.get("/api/gestion/messages")).json();
    expect(inbox.total).toBeGreaterThanOrEqual(3);
    expect(inbox.data.some((m: { statut: string }) => m.statut === "nouveau")).toBe(true);
    expect(inbox.data.some((m: { statut: string }) => m.statut === "traite")).toBe(true);
    const events = await queryRows<{ debut: string | null }>(t, sql`select heure_debut as debut from parascolaires`);
    expect(events.filter((e) => e.debut !== null).length).toBeGreaterThanOrEqual(events.length - 1);
  });

  it("dates its messages on the right day of the week, ahead of today", async () => {
    const [exam] = await queryRows<{ titre: string }>(
      t,
      sql`select titre from notifications where titre like 'Examen blanc%'`,
    );
    expect(exam?.titre).toBe(`Examen blanc de Selectividad le ${dayAhead(6, 10)}`);
    // 26 November 2026 is a Thursday: the first Saturday 10 days on is 12 December.
    expect(dayAhead(6, 10, new Date("2026-11-26T10:00:00Z"))).toBe("samedi 12 décembre");
    expect(dayAhead(3, 14, new Date("2026-11-26T10:00:00Z"))).toBe("mercredi 16 décembre");
  });
});
