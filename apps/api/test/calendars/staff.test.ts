import {
  calendarDay,
  calendarSubscriptionResponse,
  eventListResponse,
  generatedHolidays,
  holidayListResponse,
  nextDay,
  STAFF_MESSAGES,
  type StaffEvent,
  type StaffHoliday,
  schoolYearOf,
} from "@puerta/contract";
import { sql } from "drizzle-orm";
import ICAL from "ical.js";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { joursFeriesTrashKind, parascolaireTrashKind } from "../../src/modules/calendars/trash-kind.ts";
import {
  AIN_SEBAA_STUDENT,
  bearer,
  createTestApp,
  queryRows,
  signInNewStudent,
  type TestApp,
  ZENITH_STUDENT,
} from "../support/app.ts";
import { createGeneratedHoliday, uniqueName } from "../support/factories.ts";
import { sendForm, staffDelete } from "../support/forms.ts";
import { type StaffBrowser, signInNewStaff } from "../support/staff-browser.ts";

const today = calendarDay(new Date());
const year = schoolYearOf(today);
/** A day of the current school year still to come (students' lists cover the current year). */
const soon = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const inYear = (days: number) => {
  const day = soon(days);
  return day <= year.last ? day : soon(-days);
};

// Each test arranges the events and holidays it reads or changes (unique names, factories), so
// that the file runs in any order; the demo seed's calendars are read, never changed.
describe("calendars in the back-office (docs/spec/back-office.md section 5)", () => {
  let t: TestApp;
  let direction: StaffBrowser;
  let secretariat: StaffBrowser;
  let pedagogie: StaffBrowser;
  /** A student of Ain Sebaa (the policy not accepted) and one of Zenith (accepted). */
  let ainSebaaStudent: string;
  let zenithStudent: string;
  const centre: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp();
    direction = (await signInNewStaff(t, "direction", { name: "Nadia Berrada" })).browser;
    secretariat = (await signInNewStaff(t, "secretariat", { centres: ["Ain Sebaa"] })).browser;
    pedagogie = (await signInNewStaff(t, "pedagogie")).browser;
    ainSebaaStudent = (await signInNewStudent(t, AIN_SEBAA_STUDENT)).token;
    zenithStudent = (await signInNewStudent(t, ZENITH_STUDENT)).token;
    for (const row of await queryRows<{ id: number; nom: string }>(t, sql`select id, nom from centres`)) {
      centre[row.nom] = row.id;
    }
  });
  afterAll(() => t.close());

  const posterUpload = (browser: StaffBrowser, id: number, bytes: Buffer, type: string) =>
    sendForm(
      t,
      browser,
      "POST",
      `/api/gestion/parascolaire/${id}/affiche`,
      {},
      {
        field: "affiche",
        name: "affiche.jpg",
        bytes,
        type,
      },
    );
  const del = (browser: StaffBrowser, url: string) => staffDelete(t, browser, url);
  const asStudent = (token: string, url: string) => t.app.inject({ method: "GET", url, headers: bearer(token) });
  const studentEvents = async (token: string) =>
    eventListResponse.parse((await asStudent(token, "/api/parascolaires")).json()).data;
  const studentHolidays = async (token: string) =>
    holidayListResponse.parse((await asStudent(token, "/api/jours-feries")).json()).data;
  const auditCount = async (entity: string) =>
    (await queryRows<{ n: number }>(t, sql`select count(*)::int as n from audit_log where entity = ${entity}`))[0]?.n;
  const eventCount = async () =>
    (await queryRows<{ n: number }>(t, sql`select count(*)::int as n from parascolaires`))[0]?.n;

  /** An event of the test's own, published by `browser`. */
  const createEvent = async (browser: StaffBrowser, overrides: Record<string, unknown> = {}) => {
    const res = await browser.post("/api/gestion/parascolaire", eventBody(overrides));
    expect(res.statusCode).toBe(201);
    return res.json() as StaffEvent;
  };
  const png = () =>
    sharp({ create: { width: 50, height: 50, channels: 3, background: "blue" } })
      .png()
      .toBuffer();

  const eventBody = (overrides: Record<string, unknown> = {}) => ({
    nom: "Atelier d'écriture en espagnol",
    date: inYear(10),
    heure_debut: "14:30",
    heure_fin: "16:00",
    lieu: "Salle 3",
    description: "Un atelier pour préparer l'expression écrite.",
    type: "academic",
    tous_centres: false,
    centre_ids: [centre["Ain Sebaa"]],
    ...overrides,
  });

  describe("events", () => {
    it("a secretary publishes an event for her centre: its students see it, other centres' do not; audited", async () => {
      const audited = await auditCount("parascolaire");
      const zenithTotal = async () =>
        (await asStudent(zenithStudent, "/api/parascolaires-stats")).json().data.total_events;
      const zenithBefore = await zenithTotal();
      const res = await secretariat.post("/api/gestion/parascolaire", eventBody());
      expect(res.statusCode).toBe(201);
      const event: StaffEvent = res.json();
      expect(event).toMatchObject({
        nom: "Atelier d'écriture en espagnol",
        heure_debut: "14:30",
        heure_fin: "16:00",
        type: "academic",
        tous_centres: false,
        centre_ids: [centre["Ain Sebaa"]],
        sequence: 0,
        affiche: null,
      });
      expect(await auditCount("parascolaire")).toBe((audited ?? 0) + 1);

      const seen = (await studentEvents(ainSebaaStudent)).find((e) => e.id === event.id);
      expect(seen).toMatchObject({
        nom_evenement: event.nom,
        type: "academic",
        heure_debut: "14:30",
        heure_fin: "16:00",
      });
      expect((await studentEvents(zenithStudent)).some((e) => e.id === event.id)).toBe(false);
      // The policy gate stands in front of the detail: accepted students only (the Zenith student has accepted).
      expect((await asStudent(zenithStudent, `/api/parascolaires/${event.id}`)).statusCode).toBe(404);
      expect(await zenithTotal()).toBe(zenithBefore);
    });

    it("refuses a secretary a write outside her centres with 403, every centre included, and writes nothing", async () => {
      const before = await eventCount();
      for (const body of [
        eventBody({ centre_ids: [centre.Zenith] }),
        eventBody({ centre_ids: [centre["Ain Sebaa"], centre.Zenith] }),
        eventBody({ tous_centres: true, centre_ids: [] }),
      ]) {
        const res = await secretariat.post("/api/gestion/parascolaire", body);
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe("Cette action sort du périmètre de vos centres.");
      }
      expect(await eventCount()).toBe(before);
    });

    it("hides another centre's events from a secretary (404), and lets her read but not change an all-centres event", async () => {
      const zenith = await createEvent(direction, { nom: uniqueName("Ciné-club Zenith"), centre_ids: [centre.Zenith] });
      const everyone = await createEvent(direction, {
        nom: uniqueName("Forum"),
        tous_centres: true,
        centre_ids: [],
      });
      for (const res of [
        await secretariat.get(`/api/gestion/parascolaire/${zenith.id}`),
        await secretariat.patch(`/api/gestion/parascolaire/${zenith.id}`, { nom: "Piraté" }),
        await del(secretariat, `/api/gestion/parascolaire/${zenith.id}`),
      ]) {
        expect(res.statusCode).toBe(404);
      }
      const list: StaffEvent[] = (await secretariat.get("/api/gestion/parascolaire?per_page=200")).json().data;
      expect(list.some((e) => e.id === zenith.id)).toBe(false);
      expect(list.some((e) => e.id === everyone.id)).toBe(true);
      expect(list.every((e) => e.tous_centres || e.centre_ids.includes(centre["Ain Sebaa"] ?? 0))).toBe(true);
      const searched = `/api/gestion/parascolaire?q=${encodeURIComponent(zenith.nom)}`;
      expect((await secretariat.get(searched)).json().data).toEqual([]);
      expect((await direction.get(searched)).json().data.map((e: StaffEvent) => e.id)).toEqual([zenith.id]);

      expect((await secretariat.get(`/api/gestion/parascolaire/${everyone.id}`)).statusCode).toBe(200);
      const edit = await secretariat.patch(`/api/gestion/parascolaire/${everyone.id}`, { nom: "Changé" });
      expect(edit.statusCode).toBe(403);
      expect((await del(secretariat, `/api/gestion/parascolaire/${everyone.id}`)).statusCode).toBe(403);

      // Her own event cannot be moved to another centre either.
      const own = await createEvent(secretariat, { nom: "Quiz" });
      const moved = await secretariat.patch(`/api/gestion/parascolaire/${own.id}`, { centre_ids: [centre.Zenith] });
      expect(moved.statusCode).toBe(403);
      const widened = await secretariat.patch(`/api/gestion/parascolaire/${own.id}`, { tous_centres: true });
      expect(widened.statusCode).toBe(403);
    });

    it("lets pedagogie and the direction publish for every centre", async () => {
      const res = await pedagogie.post(
        "/api/gestion/parascolaire",
        eventBody({ nom: "Forum des universités", type: "orientation", tous_centres: true, centre_ids: [] }),
      );
      expect(res.statusCode).toBe(201);
      const id = res.json().id;
      expect((await studentEvents(zenithStudent)).some((e) => e.id === id)).toBe(true);
      expect((await studentEvents(ainSebaaStudent)).some((e) => e.id === id)).toBe(true);
    });

    it("answers 422 with French messages by field, and writes nothing", async () => {
      const { id } = await createEvent(direction);
      const before = await eventCount();
      const cases: [Record<string, unknown>, string, string][] = [
        [{ nom: "  " }, "nom", "Le nom est requis."],
        [{ date: "2027-02-30" }, "date", "Saisissez une date valide (AAAA-MM-JJ)."],
        [{ date: "0000-01-01" }, "date", "Saisissez une date valide (AAAA-MM-JJ)."],
        [{ heure_fin: "13:00" }, "heure_fin", "L'heure de fin doit être après l'heure de début."],
        [{ heure_debut: "25:00" }, "heure_debut", "Saisissez une heure valide (HH:MM)."],
        [{ type: "barbecue" }, "type", "Choisissez un type d'événement."],
        [{ centre_ids: [] }, "centre_ids", "Choisissez au moins un centre, ou « Tous les centres »."],
      ];
      for (const [override, field, message] of cases) {
        const res = await direction.post("/api/gestion/parascolaire", eventBody(override));
        expect(res.statusCode, field).toBe(422);
        expect(res.json().errors[field], field).toEqual([message]);
      }
      const unknown = await direction.post("/api/gestion/parascolaire", eventBody({ centre_ids: [999999] }));
      expect(unknown.statusCode).toBe(422);
      expect(unknown.json().errors.centre_ids).toEqual(["Ce centre n'existe pas."]);
      // An edit is checked on the event as it would be.
      const late = await direction.patch(`/api/gestion/parascolaire/${id}`, {
        heure_debut: "10:00",
        heure_fin: "09:00",
      });
      expect(late.statusCode).toBe(422);
      expect(await eventCount()).toBe(before);
    });

    it("filters by centre, type and dates, searches, sorts and pages", async () => {
      // Events of its own, found by a tag in their names: a Zenith club in the second half of the
      // year, an Ain Sebaa workshop in the first, an all-centres forum, and four more to page.
      const tag = uniqueName("Filtres");
      const from = `${year.startYear + 1}-01-01`;
      const club = await createEvent(direction, {
        nom: `Ciné-club ${tag}`,
        type: "cultural",
        date: `${year.startYear + 1}-03-15`,
        centre_ids: [centre.Zenith],
      });
      const workshop = await createEvent(direction, { nom: `Atelier ${tag}`, date: `${year.startYear}-11-15` });
      const forum = await createEvent(direction, {
        nom: `Forum ${tag}`,
        type: "orientation",
        date: `${year.startYear + 1}-02-10`,
        tous_centres: true,
        centre_ids: [],
      });
      const more: StaffEvent[] = [];
      for (const day of ["10-05", "10-12", "12-01", "12-08"]) {
        more.push(await createEvent(direction, { nom: `Séance ${tag}`, date: `${year.startYear}-${day}` }));
      }
      const mine = `&q=${encodeURIComponent(tag)}`;
      const ids = async (query: string) =>
        ((await direction.get(`/api/gestion/parascolaire?per_page=200${query}`)).json().data as StaffEvent[]).map(
          (e) => e.id,
        );

      const byType: StaffEvent[] = (
        await direction.get("/api/gestion/parascolaire?type=orientation&per_page=200")
      ).json().data;
      expect(byType.map((e) => e.id)).toContain(forum.id);
      expect(byType.every((e) => e.type === "orientation")).toBe(true);
      expect(await ids(`&type=orientation${mine}`)).toEqual([forum.id]);

      const zenith = await ids(`&centre_id=${centre.Zenith}${mine}`);
      expect(zenith).toContain(club.id);
      expect(zenith).toContain(forum.id);
      expect(zenith).not.toContain(workshop.id);

      const dated: StaffEvent[] = (
        await direction.get(`/api/gestion/parascolaire?du=${from}&au=${year.last}&per_page=200`)
      ).json().data;
      expect(dated.every((e) => e.date >= from && e.date <= year.last)).toBe(true);
      expect(await ids(`&du=${from}&au=${year.last}${mine}`)).toEqual([forum.id, club.id]);

      // Searched without regard to case.
      const found = (
        await direction.get(`/api/gestion/parascolaire?q=${encodeURIComponent(`ciné-club ${tag}`)}`)
      ).json();
      expect(found.data.map((e: StaffEvent) => e.nom)).toEqual([club.nom]);

      const all = [club, workshop, forum, ...more];
      const byDateDown = [...all].sort((x, y) => y.date.localeCompare(x.date) || x.id - y.id).map((e) => e.id);
      const page = (await direction.get(`/api/gestion/parascolaire?sort=-date&per_page=5&page=2${mine}`)).json();
      expect(page).toMatchObject({ page: 2, per_page: 5, total: all.length });
      expect(page.data.map((e: StaffEvent) => e.id)).toEqual(byDateDown.slice(5));
      expect((await direction.get("/api/gestion/parascolaire?sort=pirate")).statusCode).toBe(422);
      expect((await direction.get("/api/gestion/parascolaire?type=pirate")).statusCode).toBe(422);
      const csv = await direction.get("/api/gestion/parascolaire/export.csv?type=orientation");
      expect(csv.statusCode).toBe(200);
      expect(csv.headers["content-disposition"]).toMatch(/attachment; filename="evenements-parascolaires-/);
      expect(csv.body.startsWith("\uFEFFNom;Date;Début;Fin;Lieu;Type;Centres;Description")).toBe(true);
      expect(csv.body).toContain(forum.nom);
      expect(csv.body).not.toContain(club.nom);
    });

    it("edits raise SEQUENCE; 'Retirer' hides the event from students and staff lists at once", async () => {
      const event: StaffEvent = (
        await secretariat.post("/api/gestion/parascolaire", eventBody({ nom: "Tournoi d'échecs" }))
      ).json();
      const edited = await secretariat.patch(`/api/gestion/parascolaire/${event.id}`, {
        lieu: "Salle 5",
        type: "competition",
      });
      expect(edited.statusCode).toBe(200);
      expect(edited.json()).toMatchObject({ lieu: "Salle 5", type: "competition", sequence: 1 });
      const unchanged = await secretariat.patch(`/api/gestion/parascolaire/${event.id}`, { lieu: "Salle 5" });
      expect(unchanged.json().sequence).toBe(1);

      expect((await del(secretariat, `/api/gestion/parascolaire/${event.id}`)).statusCode).toBe(204);
      expect((await studentEvents(ainSebaaStudent)).some((e) => e.id === event.id)).toBe(false);
      expect((await secretariat.get(`/api/gestion/parascolaire/${event.id}`)).statusCode).toBe(404);
      const [row] = await queryRows<{ withdrawn_at: string | null; withdrawn_by: number | null }>(
        t,
        sql`select withdrawn_at, withdrawn_by from parascolaires where id = ${event.id}`,
      );
      expect(row?.withdrawn_at).not.toBeNull();
      expect(row?.withdrawn_by).not.toBeNull();
      const actions = await queryRows<{ action: string }>(
        t,
        sql`select action from audit_log where entity = 'parascolaire' and entity_id = ${String(event.id)} order by id`,
      );
      expect(actions.map((a) => a.action)).toEqual(["creation", "modification", "retrait"]);
    });

    it("takes a poster by upload: checked, re-encoded as WebP without metadata, shown to students", async () => {
      const event = await createEvent(secretariat, { nom: "Expo photo" });
      const jpeg = await sharp({ create: { width: 300, height: 400, channels: 3, background: "#a50d26" } })
        .jpeg()
        .withMetadata({ exif: { IFD0: { Copyright: "GPS 33.5 -7.6" } } })
        .toBuffer();
      const sendPoster = (id: number, bytes: Buffer, type = "image/jpeg", browser = secretariat) =>
        posterUpload(browser, id, bytes, type);

      const res = await sendPoster(event.id, jpeg);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ affiche: `/api/gestion/parascolaire/${event.id}/affiche`, sequence: 1 });
      const seen = (await studentEvents(ainSebaaStudent)).find((e) => e.id === event.id);
      expect(seen?.affiche).toBe(`/api/parascolaires/${event.id}/affiche`);
      // Another centre's student: no such poster.
      const zenithPoster = await asStudent(zenithStudent, `/api/parascolaires/${event.id}/affiche`);
      expect(zenithPoster.statusCode).toBe(404);
      const staffPoster = await secretariat.get(`/api/gestion/parascolaire/${event.id}/affiche`);
      expect(staffPoster.headers["content-type"]).toBe("image/webp");
      const metadata = await sharp(staffPoster.rawPayload).metadata();
      expect(metadata.format).toBe("webp");
      expect(metadata.exif).toBeUndefined();

      const [{ key: firstKey } = { key: "" }] = await queryRows<{ key: string }>(
        t,
        sql`select affiche_key as key from parascolaires where id = ${event.id}`,
      );
      expect((await sendPoster(event.id, await png(), "image/png")).statusCode).toBe(200);
      const [{ key: secondKey } = { key: "" }] = await queryRows<{ key: string }>(
        t,
        sql`select affiche_key as key from parascolaires where id = ${event.id}`,
      );
      expect(secondKey).not.toBe(firstKey);

      const fake = await sendPoster(event.id, Buffer.from("GIF89a pas une image"), "image/png");
      expect(fake.statusCode).toBe(422);
      expect(fake.json().errors.affiche).toEqual(["Ce fichier n'est pas une image JPEG, PNG ou WebP lisible."]);
      const [{ key: kept } = { key: "" }] = await queryRows<{ key: string }>(
        t,
        sql`select affiche_key as key from parascolaires where id = ${event.id}`,
      );
      expect(kept).toBe(secondKey);

      // Another centre's event does not exist for her.
      const zenith = await createEvent(direction, { nom: uniqueName("Ciné-club"), centre_ids: [centre.Zenith] });
      expect((await sendPoster(zenith.id, await png(), "image/png")).statusCode).toBe(404);

      const removed = await del(secretariat, `/api/gestion/parascolaire/${event.id}/affiche`);
      expect(removed.json().affiche).toBeNull();
      expect((await studentEvents(ainSebaaStudent)).find((e) => e.id === event.id)?.affiche).toBeNull();
    });

    it("serves the poster to staff of the event's scope only", async () => {
      const withPoster = async (overrides: Record<string, unknown>) => {
        const event = await createEvent(direction, { nom: uniqueName("Affiche"), ...overrides });
        expect((await posterUpload(direction, event.id, await png(), "image/png")).statusCode).toBe(200);
        return event;
      };
      const everyone = await withPoster({ tous_centres: true, centre_ids: [] });
      const res = await secretariat.get(`/api/gestion/parascolaire/${everyone.id}/affiche`);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("image/webp");
      const zenith = await withPoster({ centre_ids: [centre.Zenith] });
      expect((await direction.get(`/api/gestion/parascolaire/${zenith.id}/affiche`)).statusCode).toBe(200);
      expect((await secretariat.get(`/api/gestion/parascolaire/${zenith.id}/affiche`)).statusCode).toBe(404);
    });
  });

  describe("holidays and closures", () => {
    const list = async (browser: StaffBrowser, query = "") =>
      (await browser.get(`/api/gestion/jours-feries?per_page=200${query}`)).json().data as StaffHoliday[];
    const holiday = async (id: number) =>
      (await direction.get(`/api/gestion/jours-feries/${id}`)).json() as StaffHoliday;
    /** A generated religious holiday of the test's own, its date 'prevue', for every centre. */
    const expectedHoliday = async (jour: string) => holiday(await createGeneratedHoliday(t.database.db, { jour }));

    it("lists the current school year: generated holidays, religious ones 'prevue'", async () => {
      const listed = await list(direction);
      expect(listed.every((h) => h.date >= year.first && h.date <= year.last)).toBe(true);
      // The year's generation as the demo seed wrote it, which no test changes (the others add
      // and change entries of their own).
      const generated = generatedHolidays(year);
      const rows = generated.map((g) => listed.find((h) => h.genere && h.nom === g.nom && h.date === g.jour));
      expect(rows.length).toBeGreaterThanOrEqual(15);
      expect(rows.every((h) => h !== undefined)).toBe(true);
      const religious = rows.filter((h) => h?.categorie === "religieux");
      expect(religious.length).toBeGreaterThanOrEqual(6);
      expect(religious.every((h) => h?.statut_date === "prevue")).toBe(true);
      expect(rows.filter((h) => h?.categorie !== "religieux").every((h) => h?.statut_date === null)).toBe(true);
      expect(rows.find((h) => h?.nom === "Fête du Travail")?.categorie).toBe("international");
      expect(rows.find((h) => h?.nom === "Fête du Trône")?.categorie).toBe("national");
    });

    it("generates a school year once: a second run, even after a withdrawal, adds nothing", async () => {
      const annee = year.startYear + 3;
      const first = await direction.post("/api/gestion/jours-feries/generer", { annee });
      expect(first.statusCode).toBe(200);
      expect(first.json().created).toBeGreaterThanOrEqual(15);
      const rows = await list(direction, `&annee=${annee}`);
      expect(rows).toHaveLength(first.json().created);
      expect(rows.find((h) => h.nom === "Fête du Trône")?.date).toBe(`${annee + 1}-07-30`);
      expect(rows.some((h) => h.nom === "Aïd al-Fitr" && h.statut_date === "prevue")).toBe(true);
      const trone = rows.find((h) => h.nom === "Fête du Trône");
      expect((await del(direction, `/api/gestion/jours-feries/${trone?.id}`)).statusCode).toBe(204);
      const again = await direction.post("/api/gestion/jours-feries/generer", { annee });
      expect(again.json()).toEqual({ annee, created: 0 });
      expect(await list(direction, `&annee=${annee}`)).toHaveLength(rows.length - 1);
      expect((await direction.post("/api/gestion/jours-feries/generer", { annee: 1900 })).statusCode).toBe(422);
    });

    it("confirms an Islamic holiday's date, or moves it and so confirms it; students see it", async () => {
      const religious = await Promise.all([inYear(50), inYear(60), inYear(70)].map(expectedHoliday));
      const [first, second] = religious;
      if (!first || !second) throw new Error("no religious holiday");
      const confirmed = await direction.post(`/api/gestion/jours-feries/${first.id}/confirmer`);
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json()).toMatchObject({ statut_date: "confirmee", date: first.date, sequence: 1 });

      const moved = nextDay(second.date) <= year.last ? nextDay(second.date) : second.date;
      const edit = await direction.patch(`/api/gestion/jours-feries/${second.id}`, { date: moved });
      expect(edit.json()).toMatchObject({ statut_date: "confirmee", date: moved });

      const seen = await studentHolidays(ainSebaaStudent);
      expect(seen.find((h) => h.id === first.id)).toMatchObject({
        statut_date: "confirmee",
        formatted_date: first.date,
      });
      expect(seen.find((h) => h.id === second.id)).toMatchObject({ statut_date: "confirmee", formatted_date: moved });
      expect(seen.find((h) => h.id === religious[2]?.id)?.statut_date).toBe("prevue");

      const civil = await holiday(
        await createGeneratedHoliday(t.database.db, { jour: inYear(80), categorie: "national" }),
      );
      expect(civil.categorie).toBe("national");
      const refused = await direction.post(`/api/gestion/jours-feries/${civil?.id}/confirmer`);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().message).toBe("Seule la date d'une fête religieuse se confirme.");
      const entries = await queryRows<{ action: string }>(
        t,
        sql`select action from audit_log where entity = 'jours-feries' and entity_id = ${String(first.id)}`,
      );
      expect(entries.map((e) => e.action)).toEqual(["confirmation"]);
    });

    it("adds the academy's closures with a date range and centres: only those centres' students see them", async () => {
      const start = inYear(20);
      const end = nextDay(nextDay(start));
      const res = await direction.post("/api/gestion/jours-feries", {
        nom: "Fermeture pour travaux",
        description: "Le centre Zenith est fermé pour travaux.",
        categorie: "fermeture",
        date: start,
        date_fin: end,
        tous_centres: false,
        centre_ids: [centre.Zenith],
      });
      expect(res.statusCode).toBe(201);
      const closure: StaffHoliday = res.json();
      expect(closure).toMatchObject({ categorie: "fermeture", date_fin: end, tous_centres: false, genere: false });
      expect((await studentHolidays(zenithStudent)).find((h) => h.id === closure.id)).toMatchObject({
        formatted_date: start,
        date_fin: end,
        categorie: "fermeture",
      });
      expect((await studentHolidays(ainSebaaStudent)).some((h) => h.id === closure.id)).toBe(false);
      expect((await list(direction, `&centre_id=${centre["Ain Sebaa"]}`)).some((h) => h.id === closure.id)).toBe(false);
      // The category filter keeps closures only (another test adds closures of its own).
      const closures = await list(direction, "&categorie=fermeture");
      expect(closures.map((h) => h.id)).toContain(closure.id);
      expect(closures.every((h) => h.categorie === "fermeture")).toBe(true);

      const bad = await secretariat.post("/api/gestion/jours-feries", {
        nom: "Vacances",
        categorie: "vacances",
        date: end,
        date_fin: start,
      });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors.date_fin).toEqual(["La date de fin doit être le jour de début ou après."]);

      const widened = await direction.patch(`/api/gestion/jours-feries/${closure.id}`, { tous_centres: true });
      expect(widened.json()).toMatchObject({ tous_centres: true, centre_ids: [], sequence: 1 });
      expect((await studentHolidays(ainSebaaStudent)).some((h) => h.id === closure.id)).toBe(true);
      expect((await del(direction, `/api/gestion/jours-feries/${closure.id}`)).statusCode).toBe(204);
      expect((await studentHolidays(ainSebaaStudent)).some((h) => h.id === closure.id)).toBe(false);
      expect((await direction.get(`/api/gestion/jours-feries/${closure.id}`)).statusCode).toBe(404);
    });

    it("lets a secretary write only the closures of her centres; every-centre and generated entries are the direction's", async () => {
      const closure = (overrides: Record<string, unknown>) => ({
        nom: "Fermeture exceptionnelle",
        categorie: "fermeture",
        date: inYear(40),
        tous_centres: false,
        centre_ids: [centre["Ain Sebaa"]],
        ...overrides,
      });
      const before = await queryRows(t, sql`select id from jours_feries order by id`);
      for (const body of [
        closure({ centre_ids: [centre.Zenith] }),
        closure({ centre_ids: [centre["Ain Sebaa"], centre.Zenith] }),
        closure({ tous_centres: true, centre_ids: [] }),
      ]) {
        const res = await secretariat.post("/api/gestion/jours-feries", body);
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe(STAFF_MESSAGES.outsideScope);
      }
      const generate = await secretariat.post("/api/gestion/jours-feries/generer", { annee: year.startYear + 4 });
      expect(generate.statusCode).toBe(403);
      expect(await queryRows(t, sql`select id from jours_feries order by id`)).toEqual(before);

      // Another centre's closure does not exist for her; she cannot move, change or withdraw it.
      const zenith: StaffHoliday = (
        await direction.post("/api/gestion/jours-feries", closure({ nom: "Zenith fermé", centre_ids: [centre.Zenith] }))
      ).json();
      expect((await secretariat.get(`/api/gestion/jours-feries/${zenith.id}`)).statusCode).toBe(404);
      expect((await secretariat.patch(`/api/gestion/jours-feries/${zenith.id}`, { date: inYear(41) })).statusCode).toBe(
        404,
      );
      expect((await del(secretariat, `/api/gestion/jours-feries/${zenith.id}`)).statusCode).toBe(404);
      expect((await list(secretariat)).some((h) => h.id === zenith.id)).toBe(false);
      expect((await studentHolidays(zenithStudent)).find((h) => h.id === zenith.id)?.formatted_date).toBe(inYear(40));

      // National holidays: she reads them, the direction changes them.
      const trone = await holiday(
        await createGeneratedHoliday(t.database.db, { jour: inYear(45), categorie: "national" }),
      );
      expect((await list(secretariat)).some((h) => h.id === trone.id)).toBe(true);
      expect((await secretariat.patch(`/api/gestion/jours-feries/${trone.id}`, { nom: "Changé" })).statusCode).toBe(
        403,
      );
      expect((await del(secretariat, `/api/gestion/jours-feries/${trone.id}`)).statusCode).toBe(403);
      const prevue = await expectedHoliday(inYear(46));
      expect((await secretariat.post(`/api/gestion/jours-feries/${prevue.id}/confirmer`)).statusCode).toBe(403);
      expect((await holiday(prevue.id)).statut_date).toBe("prevue");

      // Her own centre's closure: created, moved inside her centres, not widened, withdrawn.
      const own = await secretariat.post("/api/gestion/jours-feries", closure({}));
      expect(own.statusCode).toBe(201);
      const ownId = (own.json() as StaffHoliday).id;
      const widened = await secretariat.patch(`/api/gestion/jours-feries/${ownId}`, { centre_ids: [centre.Zenith] });
      expect(widened.statusCode).toBe(403);
      expect((await secretariat.patch(`/api/gestion/jours-feries/${ownId}`, { tous_centres: true })).statusCode).toBe(
        403,
      );
      const moved = await secretariat.patch(`/api/gestion/jours-feries/${ownId}`, { date: inYear(42) });
      expect(moved.json()).toMatchObject({ date: inYear(42), centre_ids: [centre["Ain Sebaa"]] });
      expect((await del(secretariat, `/api/gestion/jours-feries/${ownId}`)).statusCode).toBe(204);
    });

    it("leaves holidays to the secretariat and the direction: pedagogie gets 403", async () => {
      const res = await pedagogie.post("/api/gestion/jours-feries", {
        nom: "Pont",
        categorie: "vacances",
        date: inYear(5),
      });
      expect(res.statusCode).toBe(403);
      expect((await pedagogie.get("/api/gestion/jours-feries")).statusCode).toBe(403);
    });
  });

  describe("the restore bin's objects", () => {
    it("withdrawn event → listed → restored → visible again; purge removes rows and answers poster keys", async () => {
      const event = await createEvent(direction, { nom: uniqueName("Kermesse"), tous_centres: true, centre_ids: [] });
      expect((await posterUpload(direction, event.id, await png(), "image/png")).statusCode).toBe(200);
      const seen = (await studentEvents(ainSebaaStudent)).find((e) => e.id === event.id);
      if (!seen?.affiche) throw new Error("no event with a poster");
      expect((await del(direction, `/api/gestion/parascolaire/${event.id}`)).statusCode).toBe(204);
      const db = t.database.db;
      const listed = await parascolaireTrashKind.listWithdrawn(db);
      const item = listed.find((i) => i.id === event.id);
      expect(item).toMatchObject({ centre_ids: [null], withdrawn_by: "Nadia Berrada" });
      expect(item?.title).toContain(seen.nom_evenement);
      expect(await parascolaireTrashKind.findWithdrawn(db, event.id)).toEqual(item);
      expect(await parascolaireTrashKind.findWithdrawn(db, 999999)).toBeNull();

      await db.transaction((tx) => parascolaireTrashKind.restore(tx, event.id));
      expect((await studentEvents(ainSebaaStudent)).some((e) => e.id === event.id)).toBe(true);
      expect(await parascolaireTrashKind.findWithdrawn(db, event.id)).toBeNull();

      expect((await del(direction, `/api/gestion/parascolaire/${event.id}`)).statusCode).toBe(204);
      const [{ key } = { key: "" }] = await queryRows<{ key: string }>(
        t,
        sql`select affiche_key as key from parascolaires where id = ${event.id}`,
      );
      const nothing = await db.transaction((tx) => parascolaireTrashKind.purge(tx, new Date(Date.now() - 3_600_000)));
      expect(nothing.ids).not.toContain(event.id);
      const purged = await db.transaction((tx) => parascolaireTrashKind.purge(tx, new Date(Date.now() + 60_000)));
      expect(purged.ids).toContain(event.id);
      expect(purged.fileKeys).toContain(key);
      expect(await queryRows(t, sql`select id from parascolaires where id = ${event.id}`)).toEqual([]);
    });

    it("withdrawn holiday → listed → restored → visible again; purge removes it", async () => {
      const { id } = (
        await direction.post("/api/gestion/jours-feries", {
          nom: uniqueName("Journée pédagogique"),
          categorie: "vacances",
          date: inYear(15),
        })
      ).json() as StaffHoliday;
      const holiday = (await studentHolidays(ainSebaaStudent)).find((h) => h.id === id);
      if (!holiday) throw new Error("no holiday");
      expect((await del(direction, `/api/gestion/jours-feries/${holiday.id}`)).statusCode).toBe(204);
      const db = t.database.db;
      const item = await joursFeriesTrashKind.findWithdrawn(db, holiday.id);
      expect(item).toMatchObject({ id: holiday.id, centre_ids: [null], withdrawn_by: "Nadia Berrada" });
      expect((await joursFeriesTrashKind.listWithdrawn(db)).map((i) => i.id)).toContain(holiday.id);
      await db.transaction((tx) => joursFeriesTrashKind.restore(tx, holiday.id));
      expect((await studentHolidays(ainSebaaStudent)).some((h) => h.id === holiday.id)).toBe(true);
      expect((await del(direction, `/api/gestion/jours-feries/${holiday.id}`)).statusCode).toBe(204);
      const purged = await db.transaction((tx) => joursFeriesTrashKind.purge(tx, new Date(Date.now() + 60_000)));
      expect(purged.ids).toContain(holiday.id);
      expect(purged.fileKeys).toEqual([]);
    });
  });

  describe("the iCalendar feed follows the staff's edits", () => {
    const parse = (text: string) =>
      new ICAL.Component(ICAL.parse(text)).getAllSubcomponents("vevent").map((v) => ({ v, e: new ICAL.Event(v) }));

    it("SEQUENCE raised and LAST-MODIFIED set on each edit; STATUS:CANCELLED while withdrawn; hours in Casablanca", async () => {
      const sub = await t.app.inject({
        method: "POST",
        url: "/api/calendar/subscription",
        headers: bearer(ainSebaaStudent),
      });
      const url = calendarSubscriptionResponse.parse(sub.json()).data.url ?? "";
      const feed = async () => parse((await t.app.inject({ method: "GET", url: new URL(url).pathname })).body);
      const find = async (uidStart: string) => (await feed()).find(({ e }) => e.uid.startsWith(uidStart));

      const event: StaffEvent = (
        await secretariat.post("/api/gestion/parascolaire", eventBody({ nom: "Club de lecture" }))
      ).json();
      const uid = `parascolaire-${event.id}@`;
      const created = await find(uid);
      expect(created?.e.sequence).toBe(0);
      expect(created?.e.startDate.toString()).toBe(`${event.date}T14:30:00`);
      expect(created?.v.getFirstProperty("dtstart")?.getParameter("tzid")).toBe("Africa/Casablanca");
      expect(created?.e.endDate.toString()).toBe(`${event.date}T16:00:00`);
      expect(created?.v.getFirstPropertyValue("status")).toBeNull();
      const firstModified = created?.v.getFirstPropertyValue("last-modified") as ICAL.Time;
      expect(firstModified).toBeTruthy();

      await secretariat.patch(`/api/gestion/parascolaire/${event.id}`, { nom: "Club de lecture (salle 2)" });
      const edited = await find(uid);
      expect(edited?.e.sequence).toBe(1);
      expect(edited?.e.summary).toBe("Club de lecture (salle 2)");
      const modified = edited?.v.getFirstPropertyValue("last-modified") as ICAL.Time;
      // LAST-MODIFIED is the edit's time (to the second, as RFC 5545 writes it).
      const [row] = await queryRows<{ at: number }>(
        t,
        sql`select floor(extract(epoch from updated_at))::int as at from parascolaires where id = ${event.id}`,
      );
      expect(modified.toJSDate().getTime()).toBe((row?.at ?? 0) * 1000);
      expect(modified.toJSDate().getTime()).toBeGreaterThanOrEqual(firstModified.toJSDate().getTime());

      await del(secretariat, `/api/gestion/parascolaire/${event.id}`);
      const cancelled = await find(uid);
      expect(cancelled?.v.getFirstPropertyValue("status")).toBe("CANCELLED");
      expect(cancelled?.e.sequence).toBe(2);

      await t.database.db.transaction((tx) => parascolaireTrashKind.restore(tx, event.id));
      const back = await find(uid);
      expect(back?.v.getFirstPropertyValue("status")).toBeNull();
      expect(back?.e.sequence).toBe(3);

      // A Zenith student's feed never has it.
      const other = await t.app.inject({
        method: "POST",
        url: "/api/calendar/subscription",
        headers: bearer(zenithStudent),
      });
      const otherUrl = calendarSubscriptionResponse.parse(other.json()).data.url ?? "";
      const otherFeed = parse((await t.app.inject({ method: "GET", url: new URL(otherUrl).pathname })).body);
      expect(otherFeed.some(({ e }) => e.uid.startsWith(uid))).toBe(false);

      // A confirmed Islamic holiday says so; a closure spans its days.
      const prevue = { id: await createGeneratedHoliday(t.database.db, { jour: inYear(35) }) };
      expect((await find(`jour-ferie-${prevue.id}@`))?.e.description).toMatch(/^Date prévue\./);
      await direction.post(`/api/gestion/jours-feries/${prevue.id}/confirmer`);
      const confirmed = await find(`jour-ferie-${prevue.id}@`);
      expect(confirmed?.e.description).toMatch(/^Date confirmée\./);
      expect(confirmed?.e.sequence).toBe(1);

      const start = inYear(30);
      const end = nextDay(nextDay(nextDay(start)));
      const closure: StaffHoliday = (
        await direction.post("/api/gestion/jours-feries", {
          nom: "Vacances de printemps",
          categorie: "vacances",
          date: start,
          date_fin: end,
        })
      ).json();
      const span = await find(`jour-ferie-${closure.id}@`);
      expect(span?.e.startDate.toString()).toBe(start);
      expect(span?.e.endDate.toString()).toBe(nextDay(end));
      await del(direction, `/api/gestion/jours-feries/${closure.id}`);
      expect((await find(`jour-ferie-${closure.id}@`))?.v.getFirstPropertyValue("status")).toBe("CANCELLED");
    });
  });
});
