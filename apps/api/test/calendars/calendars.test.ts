import {
  ACADEMY_TIME_ZONE,
  calendarDay,
  calendarSubscriptionResponse,
  EVENT_TYPES,
  eventListResponse,
  eventResponse,
  eventStatsResponse,
  HOLIDAY_CATEGORIES,
  holidayCategory,
  holidayListResponse,
  holidayStatsResponse,
  inferEventType,
  nextDay,
  schoolYearOf,
} from "@puerta/contract";
import { sql } from "drizzle-orm";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calendarSubscriptions, joursFeries, parascolaires } from "../../src/db/schema/index.ts";
import { sha256Hex } from "../../src/lib/tokens.ts";
import {
  AIN_SEBAA_STUDENT,
  bearer,
  createTestApp,
  signInNewStudent,
  type TestApp,
  ZENITH_STUDENT,
} from "../support/app.ts";

const today = calendarDay(new Date());
const year = schoolYearOf(today);
const dayBefore = (day: string) => new Date(Date.parse(`${day}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

describe("calendars API", () => {
  let t: TestApp;
  let token: string;
  let acceptedToken: string;
  const get = (url: string, auth = token) => t.app.inject({ method: "GET", url, headers: bearer(auth) });

  beforeAll(async () => {
    t = await createTestApp();
    // New students placed as the demo's: the demo academy's calendars are what they read.
    token = (await signInNewStudent(t, AIN_SEBAA_STUDENT)).token;
    acceptedToken = (await signInNewStudent(t, ZENITH_STUDENT)).token;
  });
  afterAll(() => t.close());

  it.each([
    ["GET", "/api/parascolaires"],
    ["GET", "/api/parascolaires/1"],
    ["GET", "/api/parascolaires-stats"],
    ["GET", "/api/jours-feries"],
    ["GET", "/api/jours-feries/statistics"],
    ["GET", "/api/calendar/subscription"],
    ["POST", "/api/calendar/subscription"],
    ["DELETE", "/api/calendar/subscription"],
  ] as const)("%s %s answers 401 without a token", async (method, url) => {
    const res = await t.app.inject({ method, url });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: "Non authentifié." });
  });

  describe("events", () => {
    it("lists the seeded events of the current school year, in date order, in the spec's shape", async () => {
      const res = await get("/api/parascolaires");
      expect(res.statusCode).toBe(200);
      const body = eventListResponse.parse(res.json());
      expect(Object.keys(res.json())).toEqual(["success", "data"]);
      expect(body.data).toHaveLength(15);
      const days = body.data.map((e) => e.jour_evenement);
      expect(days).toEqual([...days].sort());
      for (const event of body.data) {
        expect(event.jour_evenement >= year.first && event.jour_evenement <= year.last).toBe(true);
        expect(event.is_future).toBe(event.jour_evenement >= today);
        expect(event.description.length).toBeGreaterThan(20);
      }
    });

    it("names events so that keyword inference finds every type", async () => {
      const { data } = eventListResponse.parse((await get("/api/parascolaires")).json());
      expect(new Set(data.map((e) => inferEventType(e.nom_evenement)))).toEqual(new Set(EVENT_TYPES));
      // Only the two events meant as academic fall to the default type.
      expect(data.filter((e) => inferEventType(e.nom_evenement) === "academic").map((e) => e.nom_evenement)).toEqual([
        "Atelier de méthodologie de l'examen",
        "Simulation de l'examen de la Selectividad",
      ]);
    });

    it("counts the school year's events as past and future from today in Casablanca", async () => {
      const rows = await t.database.db.select({ jour: parascolaires.jourEvenement }).from(parascolaires);
      const inYear = rows.filter((r) => r.jour >= year.first && r.jour <= year.last);
      const res = await get("/api/parascolaires-stats");
      expect(res.statusCode).toBe(200);
      expect(eventStatsResponse.parse(res.json()).data).toEqual({
        total_events: inYear.length,
        future_events: inYear.filter((r) => r.jour >= today).length,
        past_events: inYear.filter((r) => r.jour < today).length,
      });
    });

    it("computes is_future around today: yesterday is past, today and tomorrow are to come", async () => {
      const inserted = await t.database.db
        .insert(parascolaires)
        .values(
          [dayBefore(today), today, nextDay(today)].map((jour) => ({
            nomEvenement: `Atelier test ${jour}`,
            jourEvenement: jour,
            lieu: "Centre Zenith",
          })),
        )
        .returning({ id: parascolaires.id });
      try {
        const flags = [];
        for (const { id } of inserted) {
          const res = await get(`/api/parascolaires/${id}`, acceptedToken);
          expect(res.statusCode).toBe(200);
          flags.push(eventResponse.parse(res.json()).data.is_future);
        }
        expect(flags).toEqual([false, true, true]);
      } finally {
        await t.database.db.delete(parascolaires).where(sql`${parascolaires.nomEvenement} like 'Atelier test %'`);
      }
    });

    it("returns one event with its poster path", async () => {
      const { data } = eventListResponse.parse((await get("/api/parascolaires")).json());
      const first = data[0];
      if (!first) throw new Error("no event");
      const res = await get(`/api/parascolaires/${first.id}`, acceptedToken);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, data: first });
    });

    it("serves each event's poster through an authorised route, as a real WebP image", async () => {
      const { data } = eventListResponse.parse((await get("/api/parascolaires")).json());
      expect(data.every((e) => e.affiche === `/api/parascolaires/${e.id}/affiche`)).toBe(true);
      const first = data[0];
      if (!first?.affiche) throw new Error("no poster");
      const res = await get(first.affiche, acceptedToken);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("image/webp");
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["content-disposition"]).toMatch(/^inline; filename="affiche-\d+\.webp"/);
      const bytes = res.rawPayload;
      expect(bytes.subarray(0, 4).toString("latin1")).toBe("RIFF");
      expect(bytes.subarray(8, 12).toString("latin1")).toBe("WEBP");

      expect((await t.app.inject({ method: "GET", url: first.affiche })).statusCode).toBe(401);
      expect((await get(first.affiche)).statusCode).toBe(403);
      const missing = await get("/api/parascolaires/999999/affiche", acceptedToken);
      expect(missing.statusCode).toBe(404);
      expect(missing.body).not.toMatch(/\/|files/);
    });

    it("keeps the event page's data behind the policy gate", async () => {
      const res = await get("/api/parascolaires/1");
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toMatch(/politique/);
    });

    it("answers 404 in French for an unknown event and 422 for a malformed id", async () => {
      const missing = await get("/api/parascolaires/999999", acceptedToken);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: "Événement non trouvé" });
      const malformed = await get("/api/parascolaires/abc", acceptedToken);
      expect(malformed.statusCode).toBe(422);
    });
  });

  describe("public holidays", () => {
    it("lists the holidays of the current school year in the spec's shape", async () => {
      const res = await get("/api/jours-feries");
      expect(res.statusCode).toBe(200);
      const body = holidayListResponse.parse(res.json());
      expect(Object.keys(res.json()).sort()).toEqual(["data", "message", "success"]);
      const days = body.data.map((h) => h.formatted_date);
      expect(days).toEqual([...days].sort());
      for (const holiday of body.data) {
        expect(holiday.formatted_date >= year.first && holiday.formatted_date <= year.last).toBe(true);
        expect(holiday.description?.length ?? 0).toBeGreaterThan(10);
      }
    });

    it("holds Morocco's civil holidays, including the Amazigh New Year and the Fête de l'Unité", async () => {
      const { data } = holidayListResponse.parse((await get("/api/jours-feries")).json());
      const dates = new Set(data.map((h) => h.formatted_date));
      const first = year.startYear;
      const second = year.startYear + 1;
      for (const day of [
        `${first}-10-31`,
        `${first}-11-06`,
        `${first}-11-18`,
        `${second}-01-01`,
        `${second}-01-11`,
        `${second}-01-14`,
        `${second}-05-01`,
        `${second}-07-30`,
        `${second}-08-14`,
        `${second}-08-20`,
        `${second}-08-21`,
      ]) {
        expect(dates.has(day), day).toBe(true);
      }
      expect(data.find((h) => h.formatted_date === `${second}-01-14`)?.nom).toMatch(/amazigh/i);
      expect(data.find((h) => h.formatted_date === `${first}-10-31`)?.nom).toBe("Fête de l'Unité");
    });

    it("holds the religious holidays with their expected dates, and every category", async () => {
      const { data } = holidayListResponse.parse((await get("/api/jours-feries")).json());
      for (const name of ["Aïd al-Fitr", "Aïd al-Adha", "Nouvel An hégirien (1er Moharram)", "Aïd al-Mawlid"]) {
        expect(
          data.some((h) => h.nom === name),
          name,
        ).toBe(true);
      }
      expect(new Set(data.map((h) => holidayCategory(h)))).toEqual(new Set(HOLIDAY_CATEGORIES));
    });

    it("seeds the next school year too, outside this year's list", async () => {
      const next = schoolYearOf(`${year.startYear + 1}-09-01`);
      const [row] = await t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(joursFeries)
        .where(sql`${joursFeries.jour} between ${next.first} and ${next.last}`);
      expect(row?.n ?? 0).toBeGreaterThanOrEqual(15);
    });

    it("gives the statistics: total of the year, three centres closed, 100 % off for everyone", async () => {
      const { data } = holidayListResponse.parse((await get("/api/jours-feries")).json());
      const res = await get("/api/jours-feries/statistics");
      expect(res.statusCode).toBe(200);
      expect(holidayStatsResponse.parse(res.json())).toEqual({
        success: true,
        data: { total: data.length, centres_fermes: 3, congé_tous: 100 },
      });
    });
  });

  describe("iCalendar subscription", () => {
    const subscribe = async (auth = token) => {
      const res = await t.app.inject({ method: "POST", url: "/api/calendar/subscription", headers: bearer(auth) });
      expect(res.statusCode).toBe(200);
      const { data } = calendarSubscriptionResponse.parse(res.json());
      if (!data.url) throw new Error("no url");
      return { ...data, path: new URL(data.url).pathname };
    };
    const feed = (path: string) => t.app.inject({ method: "GET", url: path });
    const parse = (text: string) => new ICAL.Component(ICAL.parse(text));
    const uids = (calendar: ICAL.Component) => calendar.getAllSubcomponents("vevent").map((e) => new ICAL.Event(e).uid);

    it("starts inactive, then gives a link once; only a hash of the secret is stored", async () => {
      // A student of its own: the other tests of this block subscribe the demo student.
      const { token: own } = await signInNewStudent(t);
      const before = await get("/api/calendar/subscription", own);
      expect(calendarSubscriptionResponse.parse(before.json()).data).toEqual({ active: false, created_at: null });

      const created = await subscribe(own);
      expect(created.active).toBe(true);
      expect(created.url).toMatch(/^http.*\/api\/calendar\/[A-Za-z0-9]{48}\.ics$/);
      expect(created.webcal_url).toMatch(/^webcal:/);
      const secret = /([A-Za-z0-9]{48})\.ics$/.exec(created.path)?.[1] ?? "";
      const rows = await t.database.db.select().from(calendarSubscriptions);
      expect(rows.filter((row) => row.secretHash === sha256Hex(secret))).toHaveLength(1);
      expect(rows.some((row) => row.secretHash.includes(secret))).toBe(false);

      const after = calendarSubscriptionResponse.parse((await get("/api/calendar/subscription", own)).json()).data;
      expect(after.active).toBe(true);
      expect(after.url).toBeUndefined();
    });

    it("serves a valid RFC 5545 feed: all-day events ending the next day, a Casablanca VTIMEZONE, stable UIDs", async () => {
      const { path } = await subscribe();
      const res = await feed(path);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("text/calendar; charset=utf-8");
      expect(res.body.split("\r\n").every((line) => Buffer.byteLength(line) <= 75)).toBe(true);

      const calendar = parse(res.body);
      expect(calendar.getFirstPropertyValue("version")).toBe("2.0");
      expect(calendar.getFirstPropertyValue("prodid")).toBe("-//Puerta//Calendriers//FR");

      const vtimezone = calendar.getFirstSubcomponent("vtimezone");
      expect(vtimezone?.getFirstPropertyValue("tzid")).toBe(ACADEMY_TIME_ZONE);
      // The zone's offsets agree with the tz database at a few instants of the year.
      const zone = new ICAL.Timezone(vtimezone as ICAL.Component);
      const offsetName = new Intl.DateTimeFormat("en-US", { timeZone: ACADEMY_TIME_ZONE, timeZoneName: "longOffset" });
      for (const day of [year.first, `${year.startYear}-12-15`, `${year.startYear + 1}-03-01`, year.last]) {
        const instant = new Date(`${day}T12:00:00Z`);
        const name = offsetName.formatToParts(instant).find((p) => p.type === "timeZoneName")?.value ?? "";
        const m = /GMT([+-])(\d\d):(\d\d)/.exec(name);
        const expected = m ? (m[1] === "-" ? -1 : 1) * (Number(m[2]) * 3600 + Number(m[3]) * 60) : 0;
        expect(zone.utcOffset(ICAL.Time.fromJSDate(instant, true)), day).toBe(expected);
      }

      const events = calendar.getAllSubcomponents("vevent").map((e) => new ICAL.Event(e));
      const [eventCount] = await t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(parascolaires)
        .where(sql`${parascolaires.jourEvenement} >= ${year.first}`);
      const [holidayCount] = await t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(joursFeries)
        .where(sql`${joursFeries.jour} >= ${year.first}`);
      expect(events).toHaveLength((eventCount?.n ?? 0) + (holidayCount?.n ?? 0));
      for (const event of events) {
        expect(event.startDate.isDate).toBe(true);
        expect(event.endDate.isDate).toBe(true);
        expect(event.endDate.toString()).toBe(nextDay(event.startDate.toString()));
        expect(event.summary).toBeTruthy();
      }
      expect(res.body).toMatch(/DTSTART;VALUE=DATE:\d{8}\r\n/);
      expect(new Set(uids(calendar)).size).toBe(events.length);

      const amazigh = events.find((e) => /amazigh/i.test(e.summary));
      expect(amazigh?.startDate.toString()).toBe(`${year.startYear + 1}-01-14`);
      expect(amazigh?.location).toBe("Tous les centres");

      // Fetched again, the same UIDs: calendar apps update instead of duplicating.
      expect(uids(parse((await feed(path)).body))).toEqual(uids(calendar));
    });

    it("filters the feed with ?type=events|holidays and rejects another type", async () => {
      const { path } = await subscribe();
      const events = parse((await feed(`${path}?type=events`)).body);
      expect(uids(events).every((uid) => uid.startsWith("parascolaire-"))).toBe(true);
      expect(uids(events).length).toBeGreaterThan(0);
      const holidays = parse((await feed(`${path}?type=holidays`)).body);
      expect(uids(holidays).every((uid) => uid.startsWith("jour-ferie-"))).toBe(true);
      expect(uids(holidays).length).toBeGreaterThan(0);
      const bad = await feed(`${path}?type=tout`);
      expect(bad.statusCode).toBe(422);
    });

    it("regenerating replaces the link: the old one is a 404, the UIDs stay the same", async () => {
      const old = await subscribe();
      const before = uids(parse((await feed(old.path)).body));
      const fresh = await subscribe();
      expect(fresh.path).not.toBe(old.path);
      const gone = await feed(old.path);
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toEqual({ message: "Ce lien d'abonnement n'existe pas ou a été désactivé." });
      expect(uids(parse((await feed(fresh.path)).body))).toEqual(before);
    });

    it("revoking the link makes the feed a 404 and the subscription inactive", async () => {
      const { path } = await subscribe();
      const res = await t.app.inject({ method: "DELETE", url: "/api/calendar/subscription", headers: bearer(token) });
      expect(res.statusCode).toBe(200);
      expect(calendarSubscriptionResponse.parse(res.json()).data).toEqual({ active: false, created_at: null });
      expect((await feed(path)).statusCode).toBe(404);
      expect(calendarSubscriptionResponse.parse((await get("/api/calendar/subscription")).json()).data.active).toBe(
        false,
      );
    });

    it("keeps each student's link to themselves", async () => {
      const mine = await subscribe(token);
      const theirs = await subscribe(acceptedToken);
      await t.app.inject({ method: "DELETE", url: "/api/calendar/subscription", headers: bearer(acceptedToken) });
      expect((await feed(theirs.path)).statusCode).toBe(404);
      expect((await feed(mine.path)).statusCode).toBe(200);
      const hashes = (
        await t.database.db.select({ hash: calendarSubscriptions.secretHash }).from(calendarSubscriptions)
      ).map((row) => row.hash);
      const hashOf = (path: string) => sha256Hex(/([A-Za-z0-9]{48})\.ics$/.exec(path)?.[1] ?? "");
      expect(hashes).toContain(hashOf(mine.path));
      expect(hashes).not.toContain(hashOf(theirs.path));
    });

    it("answers 404, never 500, for unknown or malformed feed names", async () => {
      for (const path of ["/api/calendar/abc.ics", `/api/calendar/${"a".repeat(48)}.ics`, "/api/calendar/x"]) {
        expect((await feed(path)).statusCode, path).toBe(404);
      }
    });
  });
});
