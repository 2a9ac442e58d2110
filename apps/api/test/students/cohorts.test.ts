import { calendarDay, nextDay, schoolYearLabel, schoolYearStarting } from "@puerta/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, queryRows, type TestApp } from "../support/app.ts";
import { createStudent } from "../support/factories.ts";
import { type StaffBrowser, signInNewStaff } from "../support/staff-browser.ts";

/**
 * The students list knows cohorts and school status (docs/spec/school-year-and-data.md section 1):
 * the current year's enrolled by default, the *Promotion* and *Statut scolaire* filters, the
 * exports' columns, and the bulk actions *Marquer comme ancien élève*, *Réactiver*, *Réinscrire*.
 * A past cohort is written here with SQL, as closing a year would leave it.
 */
describe("back-office students: cohorts and school status", () => {
  let t: TestApp;
  let direction: StaffBrowser;
  let secretary: StaffBrowser;
  let pedagogie: StaffBrowser;
  let current: { id: number; start: number; label: string };
  let past: { id: number; label: string; last: string };
  const today = calendarDay(new Date());

  beforeAll(async () => {
    t = await createTestApp();
    direction = (await signInNewStaff(t, "direction")).browser;
    secretary = (await signInNewStaff(t, "secretariat", { centres: ["Ain Sebaa"] })).browser;
    pedagogie = (await signInNewStaff(t, "pedagogie")).browser;
    const [year] = await queryRows<{ id: number; debut: number }>(
      t,
      sql`select id, debut_annee as debut from annees_scolaires where id = current_school_year_id()`,
    );
    if (!year) throw new Error("no current year");
    current = { id: year.id, start: year.debut, label: schoolYearLabel(year.debut) };
    const [closed] = await queryRows<{ id: number }>(
      t,
      // The demo academy may have it already (its former student's year).
      sql`insert into annees_scolaires (debut_annee, statut, cloturee_le)
          values (${year.debut - 1}, 'cloturee', now())
          on conflict (debut_annee) do update set statut = excluded.statut returning id`,
    );
    if (!closed) throw new Error("no past year");
    const previous = schoolYearStarting(year.debut - 1);
    past = { id: closed.id, label: previous.label, last: previous.last };
  });
  afterAll(async () => {
    await t.close();
  });

  type Row = {
    id: number;
    promotion: string;
    statut_scolaire: string;
    sorti_le: string | null;
    motif_sortie: string | null;
    statut: string;
  };
  const listed = async (browser: StaffBrowser, query: string) => {
    const response = await browser.get(`/api/gestion/etudiants?${query}`);
    expect(response.statusCode).toBe(200);
    return (response.json().data as Row[]).map((row) => row.id).sort((a, b) => a - b);
  };
  const sorted = (...ids: number[]) => [...ids].sort((a, b) => a - b);
  const studentRow = async (id: number) =>
    (
      await queryRows<{
        statut_scolaire: string;
        sorti_le: string | null;
        motif_sortie: string | null;
        promotion_id: number;
        deactivated_at: string | null;
      }>(
        t,
        sql`select e.statut_scolaire, e.sorti_le::text as sorti_le, e.motif_sortie, e.promotion_id, u.deactivated_at
            from etudiants e join users u on u.id = e.user_id where e.id = ${id}`,
      )
    )[0];
  const lastEntry = async (action: string) =>
    (
      await queryRows<{ id: number; summary: string; entity_id: string | null; changes: Record<string, unknown> }>(
        t,
        sql`select id, summary, entity_id, changes from audit_log
            where entity = 'etudiants' and action = ${action} order by id desc limit 1`,
      )
    )[0];
  const entryCount = async () =>
    (await queryRows<{ n: number }>(t, sql`select count(*)::int as n from audit_log`))[0]?.n ?? 0;

  /**
   * The test's own students, found by the word their names share: enrolled this year at Ain Sebaa
   * (the secretary's centre) and at Zenith; one who left this year; two of last year's cohort.
   */
  async function cohort() {
    const word = `promo${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const make = async (key: string, centre: "Ain Sebaa" | "Zenith") =>
      (await createStudent(t.database.db, { nom: `${word} ${key}`, centre })).etudiantId;
    const ids = {
      here: await make("here", "Ain Sebaa"),
      zenith: await make("zenith", "Zenith"),
      leftNow: await make("leftNow", "Ain Sebaa"),
      past: await make("past", "Ain Sebaa"),
      pastZenith: await make("pastZenith", "Zenith"),
    };
    await t.database.db.execute(sql`update etudiants set statut_scolaire = 'ancien_eleve', sorti_le = ${today},
      motif_sortie = 'abandon' where id = ${ids.leftNow}`);
    await t.database.db.execute(sql`update etudiants set promotion_id = ${past.id}, statut_scolaire = 'ancien_eleve',
      sorti_le = ${past.last}, motif_sortie = 'fin_de_formation' where id in (${ids.past}, ${ids.pastZenith})`);
    return { word, ids };
  }

  describe("the list, its filters, the fiche and the exports", () => {
    it("shows the current year's enrolled students by default, with their cohort and school status", async () => {
      const { word, ids } = await cohort();
      const response = await direction.get(`/api/gestion/etudiants?q=${word}`);
      expect(response.statusCode).toBe(200);
      const rows = response.json().data as Row[];
      expect(rows.map((row) => row.id).sort((a, b) => a - b)).toEqual(sorted(ids.here, ids.zenith));
      expect(response.json().total).toBe(2);
      for (const row of rows) {
        expect(row).toMatchObject({
          promotion: current.label,
          statut_scolaire: "inscrit",
          sorti_le: null,
          motif_sortie: null,
        });
      }
    });

    it("brings back former students of every cohort, a past cohort, and both filters together", async () => {
      const { word, ids } = await cohort();
      expect(await listed(direction, `q=${word}&statut_scolaire=ancien_eleve`)).toEqual(
        sorted(ids.leftNow, ids.past, ids.pastZenith),
      );
      expect(await listed(direction, `q=${word}&promotion=${past.label}`)).toEqual(sorted(ids.past, ids.pastZenith));
      expect(await listed(direction, `q=${word}&promotion=${current.label}`)).toEqual(
        sorted(ids.here, ids.zenith, ids.leftNow),
      );
      expect(await listed(direction, `q=${word}&promotion=${current.label}&statut_scolaire=ancien_eleve`)).toEqual([
        ids.leftNow,
      ]);
      expect(await listed(direction, `q=${word}&statut_scolaire=inscrit`)).toEqual(sorted(ids.here, ids.zenith));
      // A year that never was keeps nobody.
      expect(await listed(direction, `q=${word}&promotion=1990-1991`)).toEqual([]);

      const former = (
        await direction.get(`/api/gestion/etudiants?q=${word}&statut_scolaire=ancien_eleve&sort=nom`)
      ).json().data as Row[];
      expect(former.find((row) => row.id === ids.past)).toMatchObject({
        promotion: past.label,
        statut_scolaire: "ancien_eleve",
        sorti_le: past.last,
        motif_sortie: "fin_de_formation",
      });
      expect(former.find((row) => row.id === ids.leftNow)).toMatchObject({
        promotion: current.label,
        sorti_le: today,
        motif_sortie: "abandon",
      });
    });

    it("refuses malformed cohort filters in French", async () => {
      for (const query of ["promotion=2026", "promotion=2026-2028", "promotion=deux-mille", "statut_scolaire=parti"]) {
        const response = await direction.get(`/api/gestion/etudiants?${query}`);
        expect(response.statusCode, query).toBe(422);
        expect(JSON.stringify(response.json().errors)).toContain("Ce filtre n'est pas valide.");
      }
    });

    it("keeps a secretary to her centres, and the pedagogie to the current year's enrolled names", async () => {
      const { word, ids } = await cohort();
      expect(await listed(secretary, `q=${word}&statut_scolaire=ancien_eleve`)).toEqual(sorted(ids.leftNow, ids.past));
      expect(await listed(secretary, `q=${word}&promotion=${past.label}`)).toEqual([ids.past]);
      expect(await listed(pedagogie, `q=${word}`)).toEqual(sorted(ids.here, ids.zenith));
      expect(await listed(pedagogie, `q=${word}&statut_scolaire=ancien_eleve`)).toEqual(sorted(ids.here, ids.zenith));
      const names = (await pedagogie.get(`/api/gestion/etudiants?q=${word}`)).json().data as Record<string, unknown>[];
      expect(names.every((row) => !("promotion" in row) && !("statut_scolaire" in row))).toBe(true);
    });

    it("shows the cohort and school status on the student and their fiche", async () => {
      const { ids } = await cohort();
      const student = await direction.get(`/api/gestion/etudiants/${ids.past}`);
      expect(student.statusCode).toBe(200);
      expect(student.json()).toMatchObject({
        promotion: past.label,
        statut_scolaire: "ancien_eleve",
        sorti_le: past.last,
        motif_sortie: "fin_de_formation",
      });
      const fiche = await secretary.get(`/api/gestion/etudiants/${ids.leftNow}/fiche`);
      expect(fiche.statusCode).toBe(200);
      expect(fiche.json().student).toMatchObject({ promotion: current.label, motif_sortie: "abandon" });
    });

    it("lists the years for the Promotion filter, newest first, to whoever reads students", async () => {
      const response = await pedagogie.get("/api/gestion/etudiants/promotions");
      expect(response.statusCode).toBe(200);
      const years = response.json().data as { id: number; label: string; statut: string }[];
      expect(years).toContainEqual({ id: current.id, label: current.label, statut: "en_cours" });
      expect(years).toContainEqual({ id: past.id, label: past.label, statut: "cloturee" });
      expect(years.map((year) => year.label)).toEqual([...years.map((year) => year.label)].sort().reverse());
    });

    it("exports the cohort and school status in French, for the same filters as the list", async () => {
      const { word } = await cohort();
      const csv = await direction.get(`/api/gestion/etudiants/export.csv?q=${word}&statut_scolaire=ancien_eleve`);
      expect(csv.statusCode).toBe(200);
      const lines = csv.body
        .replace(/^\uFEFF/, "")
        .trim()
        .split("\r\n")
        .map((line) => line.split(";"));
      const header = lines[0] ?? [];
      for (const column of ["Promotion", "Statut scolaire", "Sorti le", "Motif de sortie"]) {
        expect(header).toContain(column);
      }
      const cell = (line: string[], column: string) => line[header.indexOf(column)];
      expect(lines).toHaveLength(4);
      const pastLine = lines.find((line) => line[0] === `${word} past`) ?? [];
      expect(cell(pastLine, "Promotion")).toBe(past.label);
      expect(cell(pastLine, "Statut scolaire")).toBe("Ancien élève");
      expect(cell(pastLine, "Sorti le")).toBe(past.last.split("-").reverse().join("/"));
      expect(cell(pastLine, "Motif de sortie")).toBe("Fin de formation");
      expect(cell(lines.find((line) => line[0] === `${word} leftNow`) ?? [], "Motif de sortie")).toBe("Abandon");

      // The default export holds the current year's enrolled, as the list.
      const xlsx = await direction.get(`/api/gestion/etudiants/export.xlsx?q=${word}`);
      const { default: readXlsxFile } = await import("read-excel-file/node");
      const rows = await readXlsxFile(xlsx.rawPayload);
      const head = (rows[0] ?? []) as string[];
      expect(rows).toHaveLength(3);
      for (const row of rows.slice(1)) {
        expect(row[head.indexOf("Promotion")]).toBe(current.label);
        expect(row[head.indexOf("Statut scolaire")]).toBe("Inscrit");
        expect(row[head.indexOf("Sorti le")] ?? null).toBeNull();
      }
    });
  });

  describe("Marquer comme ancien élève", () => {
    it("marks a secretary's students only, skips those already former, journals ids and counts", async () => {
      const { ids } = await cohort();
      const response = await secretary.post("/api/gestion/etudiants/actions/ancien_eleve", {
        ids: [ids.here, ids.zenith, ids.leftNow],
        motif: "transfert",
        sorti_le: today,
      });
      expect(response.statusCode).toBe(200);
      // Zenith's student does not exist for her: neither done nor skipped.
      expect(response.json()).toEqual({
        done: 1,
        skipped: 1,
        message: "1 étudiant marqué comme ancien élève ; 1 l'était déjà.",
      });
      expect(await studentRow(ids.here)).toMatchObject({
        statut_scolaire: "ancien_eleve",
        sorti_le: today,
        motif_sortie: "transfert",
        promotion_id: current.id,
        deactivated_at: null,
      });
      expect(await studentRow(ids.zenith)).toMatchObject({ statut_scolaire: "inscrit", sorti_le: null });
      expect(await studentRow(ids.leftNow)).toMatchObject({ motif_sortie: "abandon" });
      const entry = await lastEntry("sortie");
      expect(entry?.summary).toBe(`Action groupée : ${response.json().message}`);
      expect(entry?.changes).toMatchObject({
        etudiants: { before: null, after: [ids.here] },
        motif_sortie: { after: "transfert" },
        sorti_le: { after: today },
      });
      expect(JSON.stringify(entry)).not.toContain("@");
    });

    it("marks every student the filters keep for the direction (the current year's enrolled by default)", async () => {
      const { word, ids } = await cohort();
      const response = await direction.post("/api/gestion/etudiants/actions/ancien_eleve", {
        all: true,
        q: word,
        motif: "fin_de_formation",
        sorti_le: today,
      });
      expect(response.json()).toEqual({
        done: 2,
        skipped: 0,
        message: "2 étudiants marqués comme anciens élèves.",
      });
      expect(await listed(direction, `q=${word}`)).toEqual([]);
      expect(await listed(direction, `q=${word}&statut_scolaire=ancien_eleve`)).toHaveLength(5);
      expect((await lastEntry("sortie"))?.changes).toMatchObject({
        etudiants: { after: sorted(ids.here, ids.zenith) },
      });
      const again = await direction.post("/api/gestion/etudiants/actions/ancien_eleve", {
        all: true,
        q: word,
        statut_scolaire: "ancien_eleve",
        motif: "fin_de_formation",
        sorti_le: today,
      });
      expect(again.json()).toEqual({
        done: 0,
        skipped: 5,
        message: "0 étudiant marqué comme ancien élève ; 5 l'étaient déjà.",
      });
    });

    it("refuses a missing or unknown reason, a malformed day, a day to come or outside the cohort year: 422 in French, nothing changed", async () => {
      const { ids } = await cohort();
      const before = await entryCount();
      const dayBefore = new Date(Date.UTC(current.start, 7, 31)).toISOString().slice(0, 10);
      const cases: [Record<string, unknown>, string, string][] = [
        [{ sorti_le: today }, "motif", "Choisissez le motif de sortie : fin de formation, abandon ou transfert."],
        [
          { motif: "demenagement", sorti_le: today },
          "motif",
          "Choisissez le motif de sortie : fin de formation, abandon ou transfert.",
        ],
        [{ motif: "abandon" }, "sorti_le", "Indiquez la date de sortie."],
        [{ motif: "abandon", sorti_le: "" }, "sorti_le", "Indiquez la date de sortie."],
        [
          { motif: "abandon", sorti_le: "2026-02-30" },
          "sorti_le",
          "La date de sortie n'est pas une date valide (jour, mois, année).",
        ],
        [
          { motif: "abandon", sorti_le: "14/01/2027" },
          "sorti_le",
          "La date de sortie n'est pas une date valide (jour, mois, année).",
        ],
        [
          { motif: "abandon", sorti_le: nextDay(today) },
          "sorti_le",
          "La date de sortie ne peut pas être postérieure à aujourd'hui.",
        ],
        [
          { motif: "abandon", sorti_le: dayBefore },
          "sorti_le",
          `La date de sortie doit être comprise dans l'année ${current.label} des étudiants choisis (du 1 septembre ${current.start} au 31 août ${current.start + 1}).`,
        ],
      ];
      for (const [body, field, message] of cases) {
        const response = await direction.post("/api/gestion/etudiants/actions/ancien_eleve", {
          ids: [ids.here, ids.zenith],
          ...body,
        });
        expect(response.statusCode, JSON.stringify(body)).toBe(422);
        expect(response.json().errors[field], JSON.stringify(body)).toEqual([message]);
      }
      expect(await studentRow(ids.here)).toMatchObject({ statut_scolaire: "inscrit", sorti_le: null });
      expect(await studentRow(ids.zenith)).toMatchObject({ statut_scolaire: "inscrit", sorti_le: null });
      expect(await entryCount()).toBe(before);
    });
  });

  describe("Réactiver", () => {
    it("turns a Désactivé account on again, within a secretary's centres, journalled once by id", async () => {
      const { ids } = await cohort();
      await t.database.db.execute(
        sql`update users set deactivated_at = now() where id in (select user_id from etudiants where id in (${ids.here}, ${ids.zenith}))`,
      );
      const response = await secretary.post("/api/gestion/etudiants/actions/reactiver", {
        ids: [ids.here, ids.zenith, ids.leftNow],
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ done: 1, skipped: 1, message: "1 compte réactivé ; 1 n'était pas désactivé." });
      expect((await studentRow(ids.here))?.deactivated_at).toBeNull();
      expect((await studentRow(ids.zenith))?.deactivated_at).not.toBeNull();
      const entry = await lastEntry("reactivation");
      expect(entry?.changes).toEqual({ etudiants: { before: null, after: [ids.here] } });
      expect(entry?.summary).toBe(`Action groupée : ${response.json().message}`);

      const all = await direction.post("/api/gestion/etudiants/actions/reactiver", {
        ids: [ids.here, ids.zenith],
      });
      expect(all.json()).toEqual({ done: 1, skipped: 1, message: "1 compte réactivé ; 1 n'était pas désactivé." });
      const row = (await direction.get(`/api/gestion/etudiants/${ids.zenith}`)).json() as Row;
      expect(row.statut).toBe("actif");
    });
  });

  describe("Réinscrire", () => {
    it("enrols former students of every cohort in the current year for the direction; then they are back in the list", async () => {
      const { word, ids } = await cohort();
      const response = await direction.post("/api/gestion/etudiants/actions/reinscrire", {
        all: true,
        q: word,
        statut_scolaire: "ancien_eleve",
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        done: 3,
        skipped: 0,
        message: `3 étudiants réinscrits en ${current.label}.`,
      });
      for (const id of [ids.leftNow, ids.past, ids.pastZenith]) {
        expect(await studentRow(id)).toMatchObject({
          statut_scolaire: "inscrit",
          sorti_le: null,
          motif_sortie: null,
          promotion_id: current.id,
        });
      }
      expect(await listed(direction, `q=${word}`)).toEqual(
        sorted(ids.here, ids.zenith, ids.leftNow, ids.past, ids.pastZenith),
      );
      // The year they attended before stays theirs; the current one is added.
      const years = await queryRows<{ annee_id: number }>(
        t,
        sql`select annee_id from inscriptions where etudiant_id = ${ids.past} order by annee_id`,
      );
      expect(years.map((row) => row.annee_id).sort()).toEqual(sorted(current.id, past.id));
      const entry = await lastEntry("reinscription");
      expect(entry?.changes).toMatchObject({
        etudiants: { before: null, after: sorted(ids.leftNow, ids.past, ids.pastZenith) },
        promotion: { after: current.label },
      });
      expect(JSON.stringify(entry)).not.toContain("@");
    });

    it("re-enrols a secretary's former students only; the enrolled are skipped", async () => {
      const { ids } = await cohort();
      const response = await secretary.post("/api/gestion/etudiants/actions/reinscrire", {
        ids: [ids.past, ids.pastZenith, ids.here],
      });
      expect(response.json()).toEqual({
        done: 1,
        skipped: 1,
        message: `1 étudiant réinscrit en ${current.label} ; 1 y était déjà inscrit.`,
      });
      expect(await studentRow(ids.past)).toMatchObject({ statut_scolaire: "inscrit", promotion_id: current.id });
      expect(await studentRow(ids.pastZenith)).toMatchObject({
        statut_scolaire: "ancien_eleve",
        promotion_id: past.id,
      });
    });
  });

  it("refuses the three actions to the pedagogie, changing nothing", async () => {
    const { ids } = await cohort();
    const before = await entryCount();
    for (const [action, extra] of [
      ["ancien_eleve", { motif: "abandon", sorti_le: today }],
      ["reactiver", {}],
      ["reinscrire", {}],
    ] as const) {
      const response = await pedagogie.post(`/api/gestion/etudiants/actions/${action}`, {
        ids: [ids.here, ids.past],
        ...extra,
      });
      expect(response.statusCode, action).toBe(403);
      expect(response.json().message).toBe("Vous n'avez pas les droits nécessaires pour cette action.");
    }
    expect(await studentRow(ids.here)).toMatchObject({ statut_scolaire: "inscrit" });
    expect(await studentRow(ids.past)).toMatchObject({ statut_scolaire: "ancien_eleve", promotion_id: past.id });
    expect(await entryCount()).toBe(before);
  });
});
