import { ACADEMY_TIME_ZONE, calendarDay, fromAcademyLocal, schoolYearOf } from "@puerta/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parascolaires } from "../../src/db/schema/index.ts";
import { bearer, createTestApp, queryRows, solveCaptcha, type TestApp } from "../support/app.ts";
import { createAccessToken, createStudent } from "../support/factories.ts";
import { type StaffBrowser, signInNewStaff } from "../support/staff-browser.ts";

/**
 * Local time has one clock, the API's (decision 086): PostgreSQL's own tzdata and session
 * `TimeZone`, and the server's `TZ`, must not move a day or an hour. The server runs here with
 * TZ=Europe/Paris (daylight saving), the database session with a zone twelve hours away.
 */
const SESSION_TIME_ZONE = "Pacific/Kiritimati"; // UTC+14
const savedTz = process.env.TZ;
const savedUrl = process.env.TEST_DATABASE_URL;

/** The last Sunday of March of `year`: Paris skips 02:00–03:00 that night. */
function lastSundayOfMarch(year: number): string {
  const day = new Date(Date.UTC(year, 2, 31));
  day.setUTCDate(31 - day.getUTCDay());
  return day.toISOString().slice(0, 10);
}

describe("local time of the academy, whatever the server's and the database's zones", () => {
  let t: TestApp;
  let direction: StaffBrowser;

  beforeAll(async () => {
    process.env.TZ = "Europe/Paris";
    if (savedUrl) {
      const url = new URL(savedUrl);
      url.searchParams.set("options", `-c TimeZone=${SESSION_TIME_ZONE}`);
      process.env.TEST_DATABASE_URL = url.toString();
    }
    t = await createTestApp();
    // PGlite is one session: the setting holds for every query the app makes.
    if (!savedUrl) await t.database.db.execute(sql.raw(`set time zone '${SESSION_TIME_ZONE}'`));
    const [zone] = await queryRows<{ tz: string }>(t, sql`select current_setting('TimeZone') as tz`);
    expect(zone?.tz).toBe(SESSION_TIME_ZONE);
    expect(new Date(2027, 0, 1).getTimezoneOffset()).toBe(-60); // the process really is in Paris
    direction = (await signInNewStaff(t, "direction")).browser;
  });
  afterAll(async () => {
    await t?.close();
    if (savedTz === undefined) delete process.env.TZ;
    else process.env.TZ = savedTz;
    if (savedUrl) process.env.TEST_DATABASE_URL = savedUrl;
  });

  // 23:30 on 25 November 2026 in Casablanca, by the API's tzdata (UTC+0 from 20 September 2026
  // in tzdata 2026c; older tzdata, as PostgreSQL 15 of Debian has, still says UTC+1).
  const lateEvening = () => {
    const instant = fromAcademyLocal("2026-11-25T23:30");
    if (!instant) throw new Error("no such local time");
    return instant;
  };
  const ids = (response: { json(): { data: { id: number }[] } }) => response.json().data.map((row) => row.id);

  it("files a contact message written at 23:30 under that day in the inbox's day filter", async () => {
    const sent = await t.app.inject({
      method: "POST",
      url: "/api/contact",
      remoteAddress: "198.51.100.86",
      payload: {
        nom: "Salma Bennani",
        email: "salma.parent@example.com",
        telephone: "+212 6 12 34 56 78",
        sujet: "Inscription",
        message: "Bonjour, une question tardive.",
        recaptcha_token: await solveCaptcha(t.app),
      },
    });
    expect(sent.statusCode).toBe(200);
    const [row] = await queryRows<{ id: number }>(t, sql`select id from contact_messages order by id desc limit 1`);
    const id = Number(row?.id);
    await queryRows(t, sql`update contact_messages set created_at = ${lateEvening().toISOString()} where id = ${id}`);

    expect(ids(await direction.get("/api/gestion/messages?from=2026-11-25&to=2026-11-25"))).toContain(id);
    expect(ids(await direction.get("/api/gestion/messages?from=2026-11-26"))).not.toContain(id);
    expect(ids(await direction.get("/api/gestion/messages?to=2026-11-24"))).not.toContain(id);
  });

  it("files a certificate request made at 23:30 under that day in the office's du/au filter", async () => {
    const student = await createStudent(t.database.db, { centre: "Zenith", acceptedPolicy: true });
    const token = await createAccessToken(t.database.db, student.userId);
    const asked = await t.app.inject({
      method: "POST",
      url: "/api/demandes",
      headers: bearer(token),
      payload: { type: "langue", niveau: "B1" },
    });
    expect(asked.statusCode).toBe(201);
    const id = asked.json().data.id as number;
    await queryRows(
      t,
      sql`update certificate_requests set created_at = ${lateEvening().toISOString()} where id = ${id}`,
    );

    expect(ids(await direction.get("/api/gestion/demandes?du=2026-11-25&au=2026-11-25"))).toContain(id);
    expect(ids(await direction.get("/api/gestion/demandes?du=2026-11-26"))).not.toContain(id);
  });

  it("files a journal entry of 23:30 under that day in the journal's date filter", async () => {
    // The journal is append-only: the entry is written with its time.
    const [entry] = await queryRows<{ id: number }>(
      t,
      sql`insert into audit_log (at, action, entity, summary)
          values (${lateEvening().toISOString()}, 'creation', 'messages', 'Entrée de fin de soirée') returning id`,
    );
    const id = Number(entry?.id);

    expect(ids(await direction.get("/api/gestion/journal?from=2026-11-25&to=2026-11-25"))).toContain(id);
    expect(ids(await direction.get("/api/gestion/journal?from=2026-11-26"))).not.toContain(id);
  });

  it("writes an event at 02:30 in the iCal feed as 02:30 Casablanca, though Paris skips that hour", async () => {
    const year = schoolYearOf(calendarDay(new Date()));
    const day = lastSundayOfMarch(year.startYear + 1);
    await t.database.db.insert(parascolaires).values({
      nomEvenement: "Observation des étoiles",
      jourEvenement: day,
      lieu: "Plage d'Aïn Diab, Casablanca",
      heureDebut: "02:30",
      heureFin: "04:00",
    });
    const student = await createStudent(t.database.db, { centre: "Zenith", acceptedPolicy: true });
    const token = await createAccessToken(t.database.db, student.userId);
    const subscribed = await t.app.inject({
      method: "POST",
      url: "/api/calendar/subscription",
      headers: bearer(token),
    });
    expect(subscribed.statusCode).toBe(200);
    const feed = await t.app.inject({ method: "GET", url: new URL(subscribed.json().data.url).pathname });
    expect(feed.statusCode).toBe(200);
    const body = feed.body.replace(/\r\n /g, "");
    const compact = day.replaceAll("-", "");
    expect(body).toContain(`DTSTART;TZID=${ACADEMY_TIME_ZONE}:${compact}T023000`);
    expect(body).toContain(`DTEND;TZID=${ACADEMY_TIME_ZONE}:${compact}T040000`);
  });
});
