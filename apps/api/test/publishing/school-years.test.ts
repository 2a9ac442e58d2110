import {
  calendarDay,
  NOTIFICATION_STAFF_MESSAGES,
  PUBLISHED_YEAR_MESSAGES,
  type StaffEvent,
  type StaffPlanning,
  schoolYearLabel,
} from "@puerta/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createTestApp, queryRows, signInNewStudent, type TestApp } from "../support/app.ts";
import { createNotification, uniqueName } from "../support/factories.ts";
import { realPdf, sendForm, staffDelete } from "../support/forms.ts";
import { waitFor } from "../support/mail-server.ts";
import { type StaffBrowser, signInNewStaff } from "../support/staff-browser.ts";

/**
 * What is published belongs to a school year (docs/spec/school-year-and-data.md sections 1-2):
 * students see the current year's plannings, notifications and events only; audiences and
 * counters count the current year's enrolled students; staff find a closed year's items under
 * the `annee` filter, read-only, and *Republier* copies one into the current year. A closed year
 * is made here by SQL (the closing screen is tested with its own module).
 */
describe("published content and the school year", () => {
  let t: TestApp;
  let direction: StaffBrowser;
  let secretary: StaffBrowser; // Ain Sebaa
  let zenithSecretary: StaffBrowser;
  let pedagogie: StaffBrowser;
  let ainSebaa: number;
  let current: { id: number; label: string };

  beforeAll(async () => {
    t = await createTestApp({ env: { MAIL_POLL_MS: "100" } });
    direction = (await signInNewStaff(t, "direction")).browser;
    secretary = (await signInNewStaff(t, "secretariat", { centres: ["Ain Sebaa"] })).browser;
    zenithSecretary = (await signInNewStaff(t, "secretariat", { centres: ["Zenith"] })).browser;
    pedagogie = (await signInNewStaff(t, "pedagogie")).browser;
    const [centre] = await queryRows<{ id: number }>(t, sql`select id from centres where nom = 'Ain Sebaa'`);
    ainSebaa = centre?.id ?? 0;
    const [year] = await queryRows<{ id: number; debut: number }>(
      t,
      sql`select id, debut_annee as debut from annees_scolaires where id = current_school_year_id()`,
    );
    current = { id: year?.id ?? 0, label: schoolYearLabel(year?.debut ?? 0) };
  });
  afterAll(() => t.close());

  /** A closed year of its own, before every other one. */
  async function closedYear() {
    const [row] = await queryRows<{ id: number; debut: number }>(
      t,
      sql`insert into annees_scolaires (debut_annee, statut, cloturee_le)
        values ((select min(debut_annee) - 1 from annees_scolaires), 'cloturee', now()) returning id, debut_annee as debut`,
    );
    if (!row) throw new Error("no year");
    return { id: row.id, label: schoolYearLabel(row.debut) };
  }

  const moveToYear = (table: "planifications" | "notifications" | "parascolaires", id: number, yearId: number) =>
    queryRows(t, sql`update ${sql.identifier(table)} set annee_id = ${yearId} where id = ${id}`);

  /** A student who left: last year's cohort, or this year's left mid-year. */
  const makeFormer = (etudiantId: number, yearId?: number) =>
    queryRows(
      t,
      sql`update etudiants set statut_scolaire = 'ancien_eleve', sorti_le = '2026-06-30', motif_sortie = 'fin_de_formation'
        ${yearId ? sql`, promotion_id = ${yearId}` : sql``} where id = ${etudiantId}`,
    );

  const studentGet = (token: string, url: string) => t.app.inject({ method: "GET", url, headers: bearer(token) });

  const journal = (entity: string, id: number) =>
    queryRows<{ action: string; summary: string }>(
      t,
      sql`select action, summary from audit_log where entity = ${entity} and entity_id = ${String(id)} order by id`,
    );

  describe("plannings", () => {
    const publish = async (titre: string) => {
      const response = await sendForm(
        t,
        secretary,
        "POST",
        "/api/gestion/plannings",
        { titre, centre_id: String(ainSebaa), actif: "true" },
        { name: "planning.pdf", bytes: await realPdf(titre) },
      );
      expect(response.statusCode).toBe(201);
      return response.json() as StaffPlanning;
    };
    const listIds = async (browser: StaffBrowser, query = "") => {
      const response = await browser.get(`/api/gestion/plannings?per_page=100${query}`);
      expect(response.statusCode).toBe(200);
      return (response.json().data as StaffPlanning[]).map((row) => row.id);
    };

    it("a student sees this year's plannings only; staff find last year's under Année, read-only (409)", async () => {
      const year = await closedYear();
      const now = await publish(uniqueName("Semaine en cours"));
      const old = await publish(uniqueName("Semaine de l'an dernier"));
      await moveToYear("planifications", old.id, year.id);
      const { token } = await signInNewStudent(t, { centre: "Ain Sebaa", option: "Selectividad Santé" });

      const seen = (await studentGet(token, "/api/planifications")).json().data as {
        id: number;
        fichier_url: string;
      }[];
      expect(seen.map((p) => p.id)).toContain(now.id);
      expect(seen.map((p) => p.id)).not.toContain(old.id);
      // Its download is gone with it, for the student; the staff still open it.
      const oldUrl = `/api/planifications/download/${old.file_name}`;
      expect((await studentGet(token, oldUrl)).statusCode).toBe(404);
      expect((await secretary.get(`/api/gestion/plannings/${old.id}/fichier`)).statusCode).toBe(200);

      // The list: the current year by default, the closed one by id or label.
      const byDefault = await listIds(secretary);
      expect(byDefault).toContain(now.id);
      expect(byDefault).not.toContain(old.id);
      expect(await listIds(secretary, `&annee=${year.id}`)).toEqual([old.id]);
      expect(await listIds(secretary, `&annee=${year.label}`)).toEqual([old.id]);
      const row = (await secretary.get(`/api/gestion/plannings/${old.id}`)).json() as StaffPlanning;
      expect(row.annee).toEqual({ id: year.id, label: year.label, statut: "cloturee" });
      expect(now.annee).toEqual({ id: current.id, label: current.label, statut: "en_cours" });

      const unknown = await secretary.get("/api/gestion/plannings?annee=1900-1901");
      expect(unknown.statusCode).toBe(422);
      expect(unknown.json().errors.annee).toEqual([PUBLISHED_YEAR_MESSAGES.unknownYear]);
      expect((await secretary.get("/api/gestion/plannings?annee=2024-2026")).statusCode).toBe(422);
      expect((await secretary.get("/api/gestion/plannings?annee=999999")).statusCode).toBe(422);

      const readOnly = PUBLISHED_YEAR_MESSAGES.closedYearReadOnly(year.label);
      const edit = await secretary.patch(`/api/gestion/plannings/${old.id}`, { titre: "Autre titre" });
      expect(edit.statusCode).toBe(409);
      expect(edit.json().message).toBe(readOnly);
      const withdraw = await staffDelete(t, secretary, `/api/gestion/plannings/${old.id}`);
      expect(withdraw.statusCode).toBe(409);
      expect(withdraw.json().message).toBe(readOnly);
      const replace = await sendForm(
        t,
        secretary,
        "PUT",
        `/api/gestion/plannings/${old.id}/fichier`,
        {},
        {
          name: "autre.pdf",
          bytes: await realPdf("Autre"),
        },
      );
      expect(replace.statusCode).toBe(409);
      const [stored] = await queryRows<{ titre: string; withdrawn: boolean }>(
        t,
        sql`select titre, withdrawn_at is not null as withdrawn from planifications where id = ${old.id}`,
      );
      expect(stored).toEqual({ titre: old.titre, withdrawn: false });
    });

    it("Republier copies last year's planning into this year: a new row and file, seen by this year's students", async () => {
      const year = await closedYear();
      const old = await publish(uniqueName("Planning à reprendre"));
      await moveToYear("planifications", old.id, year.id);
      const { token } = await signInNewStudent(t, { centre: "Ain Sebaa", option: "Selectividad Santé" });

      // Outside her centres, the Zenith secretary does not even see it; the pedagogy has no planning rights.
      expect((await zenithSecretary.post(`/api/gestion/plannings/${old.id}/republier`)).statusCode).toBe(404);
      expect((await pedagogie.post(`/api/gestion/plannings/${old.id}/republier`)).statusCode).toBe(403);

      const response = await secretary.post(`/api/gestion/plannings/${old.id}/republier`);
      expect(response.statusCode).toBe(201);
      const copy = response.json() as StaffPlanning;
      expect(copy.id).not.toBe(old.id);
      expect(copy).toMatchObject({ titre: old.titre, centre: old.centre, taille_fichier: old.taille_fichier });
      expect(copy.annee).toEqual({ id: current.id, label: current.label, statut: "en_cours" });
      expect(copy.file_name).not.toBe(old.file_name);

      const keys = await queryRows<{ id: number; file_key: string }>(
        t,
        sql`select id, file_key from planifications where id in (${old.id}, ${copy.id}) order by id`,
      );
      expect(new Set(keys.map((k) => k.file_key)).size).toBe(2);

      const seen = (await studentGet(token, "/api/planifications")).json().data as {
        id: number;
        fichier_url: string;
      }[];
      const mine = seen.find((p) => p.id === copy.id);
      expect(mine).toBeDefined();
      expect(seen.map((p) => p.id)).not.toContain(old.id);
      const download = await studentGet(token, mine?.fichier_url ?? "");
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.length).toBe(old.taille_fichier);

      expect(await journal("plannings", copy.id)).toEqual([
        {
          action: "republication",
          summary: `Planning « ${old.titre} » republié pour l'année ${current.label} (copie du planning n° ${old.id} de ${year.label}).`,
        },
      ]);
      // The copy is this year's: republishing it again is refused; the original stays where it was.
      const again = await secretary.post(`/api/gestion/plannings/${copy.id}/republier`);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(PUBLISHED_YEAR_MESSAGES.alreadyCurrent);
      expect((await secretary.get(`/api/gestion/plannings?annee=${year.id}`)).json().data).toHaveLength(1);
    });
  });

  describe("notifications", () => {
    const compose = async (browser: StaffBrowser, body: Record<string, unknown>) => {
      const response = await browser.post("/api/gestion/notifications", {
        titre: uniqueName("Annonce"),
        message: "Réunion des parents.",
        priority: "normal",
        sender: "administration",
        publication: "maintenant",
        email_copy: false,
        ...body,
      });
      expect(response.statusCode).toBe(201);
      return response.json() as { id: number; titre: string; recipient_count: number; read_count: number };
    };

    it("a student reads this year's notifications only: list, unread count, page, mark and read-all", async () => {
      const year = await closedYear();
      const student = await signInNewStudent(t, { acceptedPolicy: true });
      const now = await createNotification(t.database.db, {
        etudiantIds: [student.etudiantId],
        typeDestinataire: "etudiant_specifique",
      });
      const old = await createNotification(t.database.db, {
        etudiantIds: [student.etudiantId],
        typeDestinataire: "etudiant_specifique",
      });
      await moveToYear("notifications", old, year.id);

      const list = (await studentGet(student.token, "/api/notifications")).json().data as { id: number }[];
      expect(list.map((n) => n.id)).toContain(now);
      expect(list.map((n) => n.id)).not.toContain(old);
      const screen = (await studentGet(student.token, "/api/notifications?limit=10")).json();
      expect(screen.data.map((n: { id: number }) => n.id)).toEqual(list.map((n) => n.id).slice(0, 10));
      expect(screen.total).toBe(list.length);
      expect(screen.unread).toBe(list.length);

      expect((await studentGet(student.token, `/api/notifications/${old}`)).statusCode).toBe(404);
      expect((await studentGet(student.token, `/api/notifications/${now}`)).statusCode).toBe(200);
      const mark = await t.app.inject({
        method: "POST",
        url: `/api/notifications/${old}/mark-viewed`,
        headers: bearer(student.token),
        payload: {},
      });
      expect(mark.statusCode).toBe(404);
      const all = await t.app.inject({
        method: "POST",
        url: "/api/notifications/read-all",
        headers: bearer(student.token),
      });
      expect(all.json().marked).toBe(list.length);
      const reads = await queryRows<{ notification_id: number }>(
        t,
        sql`select notification_id from notification_reads where etudiant_id = ${student.etudiantId}`,
      );
      expect(reads.map((r) => r.notification_id)).not.toContain(old);
    });

    it("former students are neither counted, nor listed as readers, nor e-mailed", async () => {
      const year = await closedYear();
      const enrolled = await signInNewStudent(t, { centre: "Ain Sebaa", acceptedPolicy: true });
      const leftMidYear = await signInNewStudent(t, { centre: "Ain Sebaa", acceptedPolicy: true });
      const lastCohort = await signInNewStudent(t, { centre: "Ain Sebaa", acceptedPolicy: true });
      await makeFormer(leftMidYear.etudiantId);
      await makeFormer(lastCohort.etudiantId, year.id);
      const audience = {
        type: "etudiant_specifique",
        ids: [enrolled.etudiantId, leftMidYear.etudiantId, lastCohort.etudiantId],
        centre_ids: [],
      };

      const count = await secretary.post("/api/gestion/notifications/destinataires", { audience });
      expect(count.json()).toEqual({ count: 1, why: null });
      const nobody = await secretary.post("/api/gestion/notifications/destinataires", {
        audience: { ...audience, ids: [leftMidYear.etudiantId] },
      });
      expect(nobody.json()).toEqual({ count: 0, why: NOTIFICATION_STAFF_MESSAGES.noRecipientStudents });

      const sent = await compose(secretary, { audience, email_copy: true });
      expect(sent.recipient_count).toBe(1);
      // Each of the three opens it (the former ones by a read recorded before they left).
      await t.app.inject({
        method: "POST",
        url: `/api/notifications/${sent.id}/mark-viewed`,
        headers: bearer(enrolled.token),
        payload: {},
      });
      await queryRows(
        t,
        sql`insert into notification_reads (notification_id, etudiant_id) values
          (${sent.id}, ${leftMidYear.etudiantId}), (${sent.id}, ${lastCohort.etudiantId})`,
      );
      const row = (await secretary.get(`/api/gestion/notifications/${sent.id}`)).json();
      expect({ read: row.read_count, of: row.recipient_count }).toEqual({ read: 1, of: 1 });
      const readers = (await secretary.get(`/api/gestion/notifications/${sent.id}/lectures`)).json();
      expect(readers.data.map((r: { etudiant_id: number }) => r.etudiant_id)).toEqual([enrolled.etudiantId]);
      expect({ total: readers.total, read: readers.read_count, of: readers.recipient_count }).toEqual({
        total: 1,
        read: 1,
        of: 1,
      });
      // The former students' own lists show nothing of this year (their reduced area may refuse the list itself).
      for (const former of [leftMidYear, lastCohort]) {
        const theirs = await studentGet(former.token, "/api/notifications");
        const ids = theirs.statusCode === 200 ? (theirs.json().data as { id: number }[]).map((n) => n.id) : [];
        expect([200, 403]).toContain(theirs.statusCode);
        expect(ids).not.toContain(sent.id);
      }

      // The copies are queued by the scheduled job once published (every 30 s, scheduled-jobs.ts):
      // wait for the notification's mark past one whole period of the job.
      await waitFor(
        async () => {
          const [row] = await queryRows<{ done: boolean }>(
            t,
            sql`select emailed_at is not null as done from notifications where id = ${sent.id}`,
          );
          return row?.done ? true : undefined;
        },
        "the copies queued",
        45_000,
      );
      const queued = await queryRows<{ to_address: string }>(
        t,
        sql`select to_address from mail_outbox where subject = ${`Nouvelle notification : ${sent.titre}`}`,
      );
      expect(queued.map((m) => m.to_address)).toEqual([enrolled.email]);
    }, 90_000);

    it("last year's notification is read-only; Republier makes this year's draft, which students see once published", async () => {
      const year = await closedYear();
      const student = await signInNewStudent(t, { centre: "Ain Sebaa", acceptedPolicy: true });
      const old = await compose(secretary, { audience: { type: "centre", ids: [ainSebaa], centre_ids: [] } });
      await moveToYear("notifications", old.id, year.id);

      const listed = (await secretary.get(`/api/gestion/notifications?annee=${year.id}`)).json();
      expect(listed.data.map((n: { id: number }) => n.id)).toEqual([old.id]);
      expect(listed.data[0].annee).toEqual({ id: year.id, label: year.label, statut: "cloturee" });
      // Last year's cohort has moved on: nobody of this year is its recipient.
      expect(listed.data[0].recipient_count).toBe(0);
      const byDefault = (await secretary.get("/api/gestion/notifications?per_page=100")).json();
      expect(byDefault.data.map((n: { id: number }) => n.id)).not.toContain(old.id);

      const readOnly = PUBLISHED_YEAR_MESSAGES.closedYearReadOnly(year.label);
      for (const response of [
        await secretary.patch(`/api/gestion/notifications/${old.id}`, { titre: "Corrigée" }),
        await secretary.delete(`/api/gestion/notifications/${old.id}`),
        await secretary.delete(`/api/gestion/notifications/${old.id}/photo`),
      ]) {
        expect(response.statusCode).toBe(409);
        expect(response.json().message).toBe(readOnly);
      }

      expect((await zenithSecretary.post(`/api/gestion/notifications/${old.id}/republier`)).statusCode).toBe(404);
      expect((await pedagogie.post(`/api/gestion/notifications/${old.id}/republier`)).statusCode).toBe(403);
      const response = await secretary.post(`/api/gestion/notifications/${old.id}/republier`);
      expect(response.statusCode).toBe(201);
      const copy = response.json();
      expect(copy).toMatchObject({
        titre: old.titre,
        state: "brouillon",
        published_at: null,
        audience: { type: "centre", ids: [ainSebaa], centre_ids: [] },
        annee: { id: current.id, label: current.label, statut: "en_cours" },
        read_count: 0,
      });
      expect(copy.id).not.toBe(old.id);
      const [{ n: enrolledThere } = { n: -1 }] = await queryRows<{ n: number }>(
        t,
        sql`select count(*)::int as n from etudiants e join users u on u.id = e.user_id
          where e.centre_id = ${ainSebaa} and e.statut_scolaire = 'inscrit' and e.promotion_id = ${current.id}
            and u.deactivated_at is null`,
      );
      expect(copy.recipient_count).toBe(enrolledThere);
      expect((await journal("notifications", copy.id)).map((e) => e.action)).toEqual(["republication"]);

      const before = (await studentGet(student.token, "/api/notifications")).json().data as { id: number }[];
      expect(before.map((n) => n.id)).not.toContain(copy.id);
      const published = await secretary.patch(`/api/gestion/notifications/${copy.id}`, { publication: "maintenant" });
      expect(published.statusCode).toBe(200);
      const after = (await studentGet(student.token, "/api/notifications")).json().data as { id: number }[];
      expect(after.map((n) => n.id)).toContain(copy.id);
      expect(after.map((n) => n.id)).not.toContain(old.id);
    });
  });

  describe("events", () => {
    const today = calendarDay(new Date());
    const create = async (nom: string) => {
      const response = await secretary.post("/api/gestion/parascolaire", {
        nom,
        date: today,
        lieu: "Salle polyvalente",
        type: "ceremony",
        tous_centres: false,
        centre_ids: [ainSebaa],
      });
      expect(response.statusCode).toBe(201);
      return response.json() as StaffEvent;
    };

    it("students see this year's events only (list, page, poster, feed); last year's are read-only, Republier copies them", async () => {
      const year = await closedYear();
      const student = await signInNewStudent(t, { centre: "Ain Sebaa", acceptedPolicy: true });
      const now = await create(uniqueName("Cérémonie"));
      const old = await create(uniqueName("Sortie de l'an dernier"));
      await moveToYear("parascolaires", old.id, year.id);

      const seen = (await studentGet(student.token, "/api/parascolaires")).json().data as { id: number }[];
      expect(seen.map((e) => e.id)).toContain(now.id);
      expect(seen.map((e) => e.id)).not.toContain(old.id);
      expect((await studentGet(student.token, `/api/parascolaires/${old.id}`)).statusCode).toBe(404);
      const stats = (await studentGet(student.token, "/api/parascolaires-stats")).json().data;
      expect(stats.total_events).toBe(seen.length);

      const subscription = await t.app.inject({
        method: "POST",
        url: "/api/calendar/subscription",
        headers: bearer(student.token),
      });
      const feed = await t.app.inject({
        method: "GET",
        url: `${new URL(subscription.json().data.url).pathname}?type=events`,
      });
      expect(feed.body).toContain(now.nom);
      expect(feed.body).not.toContain(old.nom);

      const listed = (await secretary.get(`/api/gestion/parascolaire?annee=${year.label}`)).json();
      expect(listed.data.map((e: StaffEvent) => e.id)).toEqual([old.id]);
      const byDefault = (await secretary.get("/api/gestion/parascolaire?per_page=100")).json();
      expect(byDefault.data.map((e: StaffEvent) => e.id)).toContain(now.id);
      expect(byDefault.data.map((e: StaffEvent) => e.id)).not.toContain(old.id);

      const readOnly = PUBLISHED_YEAR_MESSAGES.closedYearReadOnly(year.label);
      for (const response of [
        await secretary.patch(`/api/gestion/parascolaire/${old.id}`, { lieu: "Ailleurs" }),
        await staffDelete(t, secretary, `/api/gestion/parascolaire/${old.id}`),
        await secretary.delete(`/api/gestion/parascolaire/${old.id}/affiche`),
      ]) {
        expect(response.statusCode).toBe(409);
        expect(response.json().message).toBe(readOnly);
      }

      expect((await zenithSecretary.post(`/api/gestion/parascolaire/${old.id}/republier`)).statusCode).toBe(404);
      const response = await pedagogie.post(`/api/gestion/parascolaire/${old.id}/republier`);
      expect(response.statusCode).toBe(201);
      const copy = response.json() as StaffEvent;
      expect(copy).toMatchObject({ nom: old.nom, date: old.date, lieu: old.lieu, centre_ids: [ainSebaa] });
      expect(copy.annee).toEqual({ id: current.id, label: current.label, statut: "en_cours" });
      const after = (await studentGet(student.token, "/api/parascolaires")).json().data as { id: number }[];
      expect(after.map((e) => e.id)).toContain(copy.id);
      expect((await journal("parascolaire", copy.id)).map((e) => e.action)).toEqual(["republication"]);
    });
  });

  describe("years and counters", () => {
    it("any staff member reads the years for the Année filter", async () => {
      const year = await closedYear();
      const response = await pedagogie.get("/api/gestion/referentiel/annees");
      expect(response.statusCode).toBe(200);
      const years = response.json().data as { id: number; label: string; statut: string }[];
      const all = await queryRows<{ n: number }>(t, sql`select count(*)::int as n from annees_scolaires`);
      expect(years).toHaveLength(all[0]?.n ?? -1);
      expect(years).toContainEqual({ id: year.id, label: year.label, statut: "cloturee" });
      expect(years).toContainEqual({ id: current.id, label: current.label, statut: "en_cours" });
      expect(years[0]?.label.localeCompare(years.at(-1)?.label ?? "")).toBeGreaterThanOrEqual(0);
    });

    it("the dashboard counts this year's enrolled students' unused invitations, not a former student's", async () => {
      const counter = async () =>
        (
          (await direction.get("/api/gestion/tableau-de-bord")).json().counters as { key: string; value: number }[]
        ).find((c) => c.key === "invitations_etudiants")?.value;
      const invited = async () => {
        const student = await signInNewStudent(t);
        await queryRows(t, sql`update users set password_hash = null where id = ${student.userId}`);
        return student;
      };
      const direct = async () =>
        (
          await queryRows<{ n: number }>(
            t,
            sql`select count(*)::int as n from etudiants e join users u on u.id = e.user_id
              where u.password_hash is null and u.deactivated_at is null
                and e.statut_scolaire = 'inscrit' and e.promotion_id = ${current.id}`,
          )
        )[0]?.n;
      await invited();
      const former = await invited();
      expect(await counter()).toBe(await direct());
      const before = await counter();
      await makeFormer(former.etudiantId);
      expect(await counter()).toBe((before ?? 0) - 1);
      expect(await counter()).toBe(await direct());
    });
  });
});
