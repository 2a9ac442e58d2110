import { schoolYearStarting } from "@puerta/contract";
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, queryRows, type TestApp } from "../support/app.ts";
import { createStudent, uniqueEmail } from "../support/factories.ts";
import { databaseFingerprint } from "../support/route-table.ts";
import { type StaffBrowser, signInNewStaff } from "../support/staff-browser.ts";

/**
 * `/api/gestion/annees` (docs/spec/school-year-and-data.md sections 1, 2 and 5): the years with
 * their counts, and closing the current one. Each test gets its own academy: a closure changes
 * which year is current for everything after it.
 */
describe("school years and their closure", () => {
  let t: TestApp;
  let direction: StaffBrowser;

  beforeEach(async () => {
    t = await createTestApp({ seed: false });
    await t.database.db.execute(sql`insert into centres (nom) values ('Ain Sebaa'), ('Zenith') on conflict do nothing`);
    direction = (await signInNewStaff(t, "direction")).browser;
  });
  afterEach(() => t.close());

  const current = async () =>
    (
      await queryRows<{ id: number; debut_annee: number }>(
        t,
        sql`select id, debut_annee from annees_scolaires where statut = 'en_cours'`,
      )
    )[0];

  async function cohort(count: number, centre = "Ain Sebaa") {
    const made = [];
    for (let i = 0; i < count; i++)
      made.push(await createStudent(t.database.db, { centre, email: uniqueEmail(`cohorte${i}`) }));
    return made.map((student) => student.etudiantId);
  }

  const statusOf = async (ids: number[]) =>
    queryRows<{
      id: number;
      promotion_id: number;
      statut_scolaire: string;
      sorti_le: string | null;
      motif_sortie: string | null;
    }>(
      t,
      sql`select id, promotion_id, statut_scolaire, sorti_le::text, motif_sortie from etudiants where id = any(${`{${ids.join(",")}}`}::integer[]) order by id`,
    );

  it("lists the current year with the students it counts, and a closed year with who attended and who left", async () => {
    const enrolled = await cohort(3);
    const year = await current();
    if (!year) throw new Error("no current year");
    const list = await direction.get("/api/gestion/annees");
    expect(list.statusCode).toBe(200);
    const { label, first, last } = schoolYearStarting(year.debut_annee);
    const [row] = list.json().data;
    const [counted] = await queryRows<{ n: number }>(
      t,
      sql`select count(*)::int as n from etudiants where promotion_id = ${year.id} and statut_scolaire = 'inscrit'`,
    );
    const n = counted?.n;
    expect(n).toBe(enrolled.length);
    expect(row).toEqual({
      id: year.id,
      label,
      debut: first,
      fin: last,
      statut: "en_cours",
      inscrits: n,
      anciens_eleves: 0,
    });

    const closed = await direction.post(`/api/gestion/annees/${year.id}/cloture`, { continuent: [enrolled[0]] });
    expect(closed.statusCode).toBe(200);
    const after = (await direction.get("/api/gestion/annees")).json().data;
    expect(after.map((y: { label: string; statut: string }) => [y.label, y.statut])).toEqual([
      [schoolYearStarting(year.debut_annee + 1).label, "en_cours"],
      [label, "cloturee"],
    ]);
    // The closed year: the three who attended it, two of whom left with it; the new one: the one who continued.
    expect(after[1]).toMatchObject({ inscrits: 3, anciens_eleves: 2 });
    expect(after[0]).toMatchObject({ inscrits: 1, anciens_eleves: 0 });
  });

  it("lists the cohort of a year, the enrolled students only, for step 1", async () => {
    const [first, second] = await cohort(2);
    const year = await current();
    await t.database.db.execute(
      sql`update etudiants set statut_scolaire = 'ancien_eleve', sorti_le = current_date, motif_sortie = 'abandon' where id = ${second}`,
    );
    const answer = await direction.get(`/api/gestion/annees/${year?.id}/cohorte`);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data.map((student: { id: number }) => student.id)).toEqual([first]);
    expect(answer.json().data[0]).toMatchObject({
      nom: "Test",
      prenom: "Étudiant",
      numero_etudiant: expect.any(String),
    });
    expect((await direction.get("/api/gestion/annees/999999/cohorte")).statusCode).toBe(404);
  });

  it("previews a closure and writes nothing, then applies it in one go: cohorts, former students, holidays, one journal entry", async () => {
    const [stays, ...leaves] = await cohort(4);
    const year = await current();
    if (!year || stays === undefined) throw new Error("setup");
    const nextLabel = schoolYearStarting(year.debut_annee + 1).label;

    const before = await databaseFingerprint(t.database.db);
    const preview = await direction.post(`/api/gestion/annees/${year.id}/cloture`, {
      continuent: [stays],
      apercu: true,
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toEqual({
      continuent: 1,
      anciens_eleves: 3,
      nouvelle_annee: { id: null, label: nextLabel },
    });
    expect(await databaseFingerprint(t.database.db)).toEqual(before);

    const zenith = (await queryRows<{ id: number }>(t, sql`select id from centres where nom = 'Zenith'`))[0]?.id;
    const done = await direction.post(`/api/gestion/annees/${year.id}/cloture`, {
      continuent: [stays],
      changements: [{ etudiant_id: stays, centre_id: zenith }],
    });
    expect(done.statusCode).toBe(200);
    const next = await current();
    expect(next?.debut_annee).toBe(year.debut_annee + 1);
    expect(done.json()).toEqual({
      continuent: 1,
      anciens_eleves: 3,
      nouvelle_annee: { id: next?.id, label: nextLabel },
    });

    const rows = await statusOf([stays, ...leaves]);
    expect(rows[0]).toMatchObject({ promotion_id: next?.id, statut_scolaire: "inscrit", sorti_le: null });
    for (const row of rows.slice(1)) {
      expect(row).toMatchObject({
        promotion_id: year.id,
        statut_scolaire: "ancien_eleve",
        motif_sortie: "fin_de_formation",
      });
      expect(row.sorti_le).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(String(row.sorti_le) <= schoolYearStarting(year.debut_annee).last).toBe(true);
    }
    // Every year attended: the closed one where the student was, the new one where they go.
    const enrolments = await queryRows<{ annee_id: number; centre: string }>(
      t,
      sql`select i.annee_id, c.nom as centre from inscriptions i join centres c on c.id = i.centre_id where i.etudiant_id = ${stays} order by i.annee_id`,
    );
    expect(enrolments).toEqual([
      { annee_id: year.id, centre: "Ain Sebaa" },
      { annee_id: next?.id, centre: "Zenith" },
    ]);
    // The new year opens with its generated holidays.
    const [holidays] = await queryRows<{ n: number }>(
      t,
      sql`select count(*)::int as n from jours_feries where annee_scolaire = ${year.debut_annee + 1}`,
    );
    expect(holidays?.n).toBeGreaterThan(10);
    // One journal entry, with counts and no names.
    const entries = await queryRows<{ summary: string; entity_id: string }>(
      t,
      sql`select summary, entity_id from audit_log where action = 'cloture'`,
    );
    expect(entries).toEqual([
      {
        entity_id: String(year.id),
        summary: `Année ${schoolYearStarting(year.debut_annee).label} clôturée : 1 étudiant(s) continuent en ${nextLabel}, 3 deviennent anciens élèves (Fin de formation).`,
      },
    ]);
  });

  it("refuses a second closure (409), closes once when two directors confirm at once, and replays a retried key", async () => {
    await cohort(2);
    const year = await current();
    if (!year) throw new Error("setup");
    const other = (await signInNewStaff(t, "direction")).browser;
    const [a, b] = await Promise.all([
      direction.post(`/api/gestion/annees/${year.id}/cloture`, { continuent: [] }),
      other.post(`/api/gestion/annees/${year.id}/cloture`, { continuent: [] }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const refused = a.statusCode === 409 ? a : b;
    expect(refused.json()).toEqual({
      message: `L'année ${schoolYearStarting(year.debut_annee).label} est déjà clôturée.`,
    });
    expect(await queryRows(t, sql`select 1 from audit_log where action = 'cloture'`)).toHaveLength(1);

    // The next year closed with a key, and the answer lost: the retry gets the first answer, nothing more.
    const next = await current();
    const send = () =>
      t.app.inject({
        method: "POST",
        url: `/api/gestion/annees/${next?.id}/cloture`,
        cookies: direction.cookies,
        headers: { ...direction.csrfHeaders, "idempotency-key": "cloture-1" },
        payload: { continuent: [] },
      });
    const first = await send();
    const retry = await send();
    expect(first.statusCode).toBe(200);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers["idempotent-replayed"]).toBe("true");
    expect(retry.json()).toEqual(first.json());
    expect(await queryRows(t, sql`select 1 from annees_scolaires`)).toHaveLength(3);
  });

  it("refuses continuing students outside the closed cohort, and unknown places, changing nothing", async () => {
    const [student] = await cohort(1);
    const year = await current();
    if (!year || student === undefined) throw new Error("setup");
    const before = await databaseFingerprint(t.database.db);
    const stranger = await direction.post(`/api/gestion/annees/${year.id}/cloture`, { continuent: [student, 999_999] });
    expect(stranger.statusCode).toBe(422);
    expect(stranger.json().errors.continuent).toEqual([
      "Certains étudiants choisis ne sont pas inscrits dans l'année clôturée.",
    ]);
    const badCentre = await direction.post(`/api/gestion/annees/${year.id}/cloture`, {
      continuent: [student],
      changements: [{ etudiant_id: student, centre_id: 999_999 }],
    });
    expect(badCentre.statusCode).toBe(422);
    expect(badCentre.json().errors.centre_id).toEqual(["Ce centre n'existe pas."]);
    const malformed = await direction.post(`/api/gestion/annees/${year.id}/cloture`, { continuent: "tous" });
    expect(malformed.statusCode).toBe(422);
    expect((await direction.post("/api/gestion/annees/999999/cloture", { continuent: [] })).statusCode).toBe(404);
    expect(await databaseFingerprint(t.database.db)).toEqual(before);
  });

  it("is the direction's: a secretary and the pedagogie get 403 and change nothing", async () => {
    await cohort(1);
    const year = await current();
    for (const role of ["secretariat", "pedagogie"] as const) {
      const { browser } = await signInNewStaff(t, role, { centres: role === "secretariat" ? ["Ain Sebaa"] : [] });
      expect((await browser.get("/api/gestion/annees")).statusCode).toBe(403);
      expect((await browser.post(`/api/gestion/annees/${year?.id}/cloture`, { continuent: [] })).statusCode).toBe(403);
    }
    expect((await current())?.id).toBe(year?.id);
  });
});
