import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { etudiants, notificationReads, notifications, users } from "../../src/db/schema/index.ts";
import {
  AIN_SEBAA_STUDENT,
  acceptPolicyAs,
  bearer,
  createTestApp,
  DEMO_STUDENTS,
  login,
  signInNewStudent,
  type TestApp,
  ZENITH_STUDENT,
} from "../support/app.ts";
import { createAccessToken, createStudent, type StudentInput, uniqueEmail } from "../support/factories.ts";
import { signInNewStaff } from "../support/staff-browser.ts";

type Student = { id: number; centreId: number; optionId: number; filiereId: number; token: string };

describe("notifications", () => {
  let t: TestApp;
  let first: Student;
  let second: Student;

  const get = (token: string, url: string) => t.app.inject({ method: "GET", url, headers: bearer(token) });
  const markViewed = (token: string, id: number | string, payload: Record<string, unknown> = {}) =>
    t.app.inject({ method: "POST", url: `/api/notifications/${id}/mark-viewed`, headers: bearer(token), payload });
  const listIds = async (token: string) =>
    ((await get(token, "/api/notifications")).json().data as Array<{ id: number }>).map((n) => n.id);

  /** A new student of the test's own, past the policy gate (a notification's page is behind it: route-scopes.test.ts). */
  async function newStudent(input: StudentInput): Promise<Student> {
    const row = await signInNewStudent(t, { ...input, acceptedPolicy: true });
    if (!row.centreId || !row.optionId || !row.filiereId) throw new Error(`student ${row.email} incomplete`);
    return {
      id: row.etudiantId,
      centreId: row.centreId,
      optionId: row.optionId,
      filiereId: row.filiereId,
      token: row.token,
    };
  }

  async function addNotification(values: Partial<typeof notifications.$inferInsert> & { typeDestinataire: string }) {
    const [row] = await t.database.db
      .insert(notifications)
      .values({ titre: `Test ${values.typeDestinataire}`, message: "Message de test", ...values })
      .returning({ id: notifications.id });
    if (!row) throw new Error("insert failed");
    return row.id;
  }

  beforeAll(async () => {
    t = await createTestApp();
    first = await newStudent(AIN_SEBAA_STUDENT);
    second = await newStudent(ZENITH_STUDENT);
  });
  afterAll(() => t.close());

  it("requires a bearer token", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/notifications" })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "POST", url: "/api/notifications/1/mark-viewed" })).statusCode).toBe(401);
  });

  describe("audience matrix", () => {
    // For each type, a notification aimed at the first student's attribute; the second
    // student differs on every attribute (other centre, option and filière).
    const cases = [
      ["etudiant_specifique", (s: Student) => ({ etudiantIds: [s.id] })],
      ["option", (s: Student) => ({ optionIds: [s.optionId] })],
      ["centre", (s: Student) => ({ centreIds: [s.centreId] })],
      ["filiere", (s: Student) => ({ filiereIds: [s.filiereId] })],
    ] as const;

    it.each(cases)("%s: shown to the matching student only, 404 for the other", async (type, audience) => {
      const id = await addNotification({ typeDestinataire: type, ...audience(first) });

      expect(await listIds(first.token)).toContain(id);
      const detail = await get(first.token, `/api/notifications/${id}`);
      expect(detail.statusCode).toBe(200);
      expect(detail.json().data).toMatchObject({ id, type_destinataire: type });
      expect((await markViewed(first.token, id)).statusCode).toBe(200);

      expect(await listIds(second.token)).not.toContain(id);
      const foreign = await get(second.token, `/api/notifications/${id}`);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toEqual({ message: "Notification non trouvée" });
      expect((await markViewed(second.token, id)).statusCode).toBe(404);
      const reads = await t.database.db
        .select()
        .from(notificationReads)
        .where(eq(notificationReads.notificationId, id));
      expect(reads.map((r) => r.etudiantId)).toEqual([first.id]);
    });

    it.each(["tous", "promotion_2026"])("%s: shown to every student", async (type) => {
      const id = await addNotification({ typeDestinataire: type });
      expect(await listIds(first.token)).toContain(id);
      expect(await listIds(second.token)).toContain(id);
    });

    it("a student with no centre, option or filière: only what is addressed to everyone", async () => {
      const bare = await createStudent(t.database.db, { acceptedPolicy: true });
      const token = await createAccessToken(t.database.db, bare.userId);
      const everyone = await addNotification({ typeDestinataire: "tous" });
      const unknown = await addNotification({ typeDestinataire: "promotion_2026" });
      const targeted = await Promise.all([
        addNotification({ typeDestinataire: "option", optionIds: [first.optionId, second.optionId] }),
        addNotification({ typeDestinataire: "centre", centreIds: [first.centreId, second.centreId] }),
        addNotification({ typeDestinataire: "filiere", filiereIds: [first.filiereId, second.filiereId] }),
      ]);
      const ids = await listIds(token);
      expect(ids).toEqual(expect.arrayContaining([everyone, unknown]));
      for (const id of targeted) {
        expect(ids).not.toContain(id);
        expect((await get(token, `/api/notifications/${id}`)).statusCode).toBe(404);
      }
    });

    it("a list naming other ids, or an empty list, reaches nobody", async () => {
      const id = await addNotification({ typeDestinataire: "centre", centreIds: [] });
      const other = await addNotification({ typeDestinataire: "etudiant_specifique", etudiantIds: [999_999] });
      for (const s of [first, second]) {
        const ids = await listIds(s.token);
        expect(ids).not.toContain(id);
        expect(ids).not.toContain(other);
      }
    });
  });

  it("lists newest first with the fields of section 3, audience lists JSON-encoded", async () => {
    const older = await addNotification({
      typeDestinataire: "option",
      optionIds: [first.optionId, 424242],
      createdAt: sql`now() - interval '10 days'` as unknown as Date,
    });
    const newer = await addNotification({
      typeDestinataire: "etudiant_specifique",
      etudiantIds: [first.id],
      titre: "<b>Pas du HTML</b>",
      priority: "high",
      sender: "Direction",
      link: "https://example.com/a",
      statut: "echec",
    });
    const response = await get(first.token, "/api/notifications");
    expect(response.statusCode).toBe(200);
    const { success, data } = response.json();
    expect(success).toBe(true);
    const times = data.map((n: { created_at: string }) => Date.parse(n.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(data.findIndex((n: { id: number }) => n.id === newer)).toBeLessThan(
      data.findIndex((n: { id: number }) => n.id === older),
    );
    expect(data.find((n: { id: number }) => n.id === newer)).toEqual({
      id: newer,
      titre: "<b>Pas du HTML</b>",
      message: "Message de test",
      created_at: expect.any(String),
      type_destinataire: "etudiant_specifique",
      etudiant_ids: JSON.stringify([first.id]),
      option_ids: null,
      centre_ids: null,
      filiere_ids: null,
      viewed_by: [],
      statut: "echec",
      sender: "Direction",
      priority: "high",
      photo: null,
      link: "https://example.com/a",
    });
    expect(data.find((n: { id: number }) => n.id === older).option_ids).toBe(JSON.stringify([first.optionId, 424242]));
  });

  it("tells a student only whether it names them, never the other students it names", async () => {
    const both = await addNotification({ typeDestinataire: "etudiant_specifique", etudiantIds: [first.id, second.id] });
    // Ids left in etudiant_ids by a notification of another type say nothing to anyone.
    const leftover = await addNotification({
      typeDestinataire: "tous",
      etudiantIds: [first.id, second.id],
    });
    for (const reader of [first, second]) {
      const listed = (await get(reader.token, "/api/notifications")).json().data as Array<Record<string, unknown>>;
      expect(listed.find((n) => n.id === both)?.etudiant_ids).toBe(JSON.stringify([reader.id]));
      expect(listed.find((n) => n.id === leftover)?.etudiant_ids).toBeNull();
      const detail = (await get(reader.token, `/api/notifications/${both}`)).json().data;
      expect(detail.etudiant_ids).toBe(JSON.stringify([reader.id]));
      expect((await get(reader.token, `/api/notifications/${leftover}`)).json().data.etudiant_ids).toBeNull();
    }
    // Nowhere in what either reads does the other's id appear as an addressee.
    const firstBody = (await get(first.token, "/api/notifications")).body;
    expect(firstBody).not.toContain(`"etudiant_ids":"[${first.id},${second.id}]"`);
    expect(firstBody).not.toContain(`"etudiant_ids":"[${second.id}]"`);
  });

  it("shows an edited notification's new fields at once, and a read at once", async () => {
    const id = await addNotification({ typeDestinataire: "tous", titre: "Avant" });
    await t.database.db
      .update(notifications)
      .set({ titre: "Après « modification »", link: "https://example.com/b", priority: "low" })
      .where(eq(notifications.id, id));
    const listed = async () =>
      ((await get(first.token, "/api/notifications")).json().data as Array<Record<string, unknown>>).find(
        (n) => n.id === id,
      );
    expect(await listed()).toMatchObject({
      titre: "Après « modification »",
      link: "https://example.com/b",
      priority: "low",
      viewed_by: [],
    });
    await markViewed(first.token, id);
    expect((await listed())?.viewed_by).toEqual([first.id]);
  });

  it("mark-viewed records the caller whatever etudiant_id the body claims, once", async () => {
    const id = await addNotification({ typeDestinataire: "tous" });
    const response = await markViewed(first.token, id, { etudiant_id: second.id });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect((await markViewed(first.token, id, { etudiant_id: second.id })).statusCode).toBe(200);

    expect((await get(first.token, `/api/notifications/${id}`)).json().data.viewed_by).toEqual([first.id]);
    // The second student's read state is untouched, and never sees who else read it.
    expect((await get(second.token, `/api/notifications/${id}`)).json().data.viewed_by).toEqual([]);
    const reads = await t.database.db.select().from(notificationReads).where(eq(notificationReads.notificationId, id));
    expect(reads.map((r) => r.etudiantId)).toEqual([first.id]);
  });

  it("mark-viewed works with an empty body too", async () => {
    const id = await addNotification({ typeDestinataire: "tous" });
    const response = await t.app.inject({
      method: "POST",
      url: `/api/notifications/${id}/mark-viewed`,
      headers: bearer(second.token),
    });
    expect(response.statusCode).toBe(200);
  });

  it("answers 404 for a missing or malformed id", async () => {
    for (const id of ["999999", "abc", "0", "-1", "1.5", "99999999999999999999"]) {
      expect((await get(first.token, `/api/notifications/${id}`)).statusCode).toBe(404);
      expect((await markViewed(first.token, id)).statusCode).toBe(404);
    }
  });

  describe("a first screen (GET /api/notifications?limit=N)", () => {
    type Listed = { id: number; viewed_by: number[] };

    it("answers the N newest as the whole list has them, with the whole list's total and unread counts", async () => {
      // A student of this test's own, so that the counts are not moved by the other tests.
      const reader = await newStudent(AIN_SEBAA_STUDENT);
      for (const titre of ["Un", "Deux", "Trois", "Quatre"]) {
        await addNotification({ typeDestinataire: "etudiant_specifique", etudiantIds: [reader.id], titre });
      }
      const [newest] = await listIds(reader.token);
      expect((await markViewed(reader.token, newest ?? 0)).statusCode).toBe(200);

      const whole = (await get(reader.token, "/api/notifications")).json().data as Listed[];
      const unread = whole.filter((n) => n.viewed_by.length === 0).length;
      expect(whole.length).toBeGreaterThan(4);
      const screen = await get(reader.token, "/api/notifications?limit=3");
      expect(screen.statusCode).toBe(200);
      expect(screen.json()).toEqual({ success: true, data: whole.slice(0, 3), total: whole.length, unread });
      expect(unread).toBe(whole.length - 1);

      const more = (await get(reader.token, `/api/notifications?limit=${whole.length + 5}`)).json();
      expect(more).toEqual({ success: true, data: whole, total: whole.length, unread });
    });

    it("counts nothing for a user without a student record", async () => {
      const [user] = await t.database.db
        .insert(users)
        .values({ name: "Sans dossier", email: uniqueEmail("sans-dossier") })
        .returning({ id: users.id });
      const token = await createAccessToken(t.database.db, user?.id ?? 0);
      expect((await get(token, "/api/notifications?limit=20")).json()).toEqual({
        success: true,
        data: [],
        total: 0,
        unread: 0,
      });
    });

    it("refuses a limit that is not a whole number from 1 to 10,000, in French", async () => {
      for (const limit of ["0", "-1", "abc", "2.5", "10001", ""]) {
        const response = await get(first.token, `/api/notifications?limit=${limit}`);
        expect(response.statusCode, limit).toBe(422);
        expect(response.json().errors.limit[0], limit).toMatch(/^La limite doit être/);
      }
    });
  });

  describe("tout marquer comme lu (POST /api/notifications/read-all)", () => {
    const readAll = (token?: string) =>
      t.app.inject({ method: "POST", url: "/api/notifications/read-all", headers: token ? bearer(token) : {} });

    it("requires a token", async () => {
      const response = await readAll();
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: "Non authentifié." });
    });

    it("marks every notification of the student's list read in one call, only theirs, idempotently", async () => {
      const forFirst = await addNotification({ typeDestinataire: "etudiant_specifique", etudiantIds: [first.id] });
      const forSecond = await addNotification({ typeDestinataire: "etudiant_specifique", etudiantIds: [second.id] });
      const scheduled = await addNotification({
        typeDestinataire: "tous",
        publishedAt: sql`now() + interval '1 day'` as unknown as Date,
      });
      const everyone = await addNotification({ typeDestinataire: "tous" });
      const unread = async (token: string) =>
        ((await get(token, "/api/notifications")).json().data as Array<{ viewed_by: number[] }>).filter(
          (n) => n.viewed_by.length === 0,
        ).length;
      const before = await unread(first.token);
      expect(before).toBeGreaterThan(1);
      const secondBefore = await unread(second.token);

      const response = await readAll(first.token);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, marked: before });
      // The badge counts what the list shows unread: nothing is left.
      expect(await unread(first.token)).toBe(0);
      const again = await readAll(first.token);
      expect(again.json()).toEqual({ success: true, marked: 0 });

      const readers = async (id: number) =>
        (await t.database.db.select().from(notificationReads).where(eq(notificationReads.notificationId, id))).map(
          (r) => r.etudiantId,
        );
      expect(await readers(forFirst)).toEqual([first.id]);
      expect(await readers(everyone)).toEqual([first.id]);
      expect(await readers(forSecond)).toEqual([]);
      expect(await readers(scheduled)).toEqual([]);
      expect(await unread(second.token)).toBe(secondBefore);
    });

    it("counts in the back-office's reads of a notification", async () => {
      const id = await addNotification({ typeDestinataire: "tous", titre: "Lue par tout marquer" });
      await readAll(second.token);
      const { browser } = await signInNewStaff(t, "direction");
      const lectures = await browser.get(`/api/gestion/notifications/${id}/lectures?lecture=lue`);
      expect(lectures.statusCode).toBe(200);
      const row = (lectures.json().data as Array<{ etudiant_id: number; read_at: string | null }>).find(
        (r) => r.etudiant_id === second.id,
      );
      expect(row?.read_at).toEqual(expect.any(String));
    });
  });
});

/** What the demo seed gives its two students to read: its own notifications, read as they are. */
describe("the demo seed's notifications", () => {
  let t: TestApp;
  let demoFirst: Student;
  let demoSecond: Student;

  const get = (token: string, url: string) => t.app.inject({ method: "GET", url, headers: bearer(token) });
  const listIds = async (token: string) =>
    ((await get(token, "/api/notifications")).json().data as Array<{ id: number }>).map((n) => n.id);

  async function demoStudent(email: string): Promise<Student> {
    const [row] = await t.database.db.select().from(etudiants).where(eq(etudiants.email, email));
    if (!row?.centreId || !row.optionId || !row.filiereId) throw new Error(`demo student ${email} incomplete`);
    return {
      id: row.id,
      centreId: row.centreId,
      optionId: row.optionId,
      filiereId: row.filiereId,
      token: await login(t.app, email),
    };
  }

  beforeAll(async () => {
    t = await createTestApp();
    // A notification's page is behind the policy gate (route-scopes.test.ts): the second has accepted.
    await acceptPolicyAs(t, DEMO_STUDENTS.first);
    demoFirst = await demoStudent(DEMO_STUDENTS.first);
    demoSecond = await demoStudent(DEMO_STUDENTS.second);
  });
  afterAll(() => t.close());

  it("the demo seed has notifications of every audience type, some for each student and some for neither", async () => {
    const seeded = await t.database.db.select().from(notifications);
    const types = new Set(seeded.map((n) => n.typeDestinataire));
    for (const type of ["etudiant_specifique", "option", "centre", "filiere", "tous"]) expect(types).toContain(type);
    expect(new Set(seeded.map((n) => n.statut))).toEqual(new Set(["envoye", "echec"]));
    const firstIds = await listIds(demoFirst.token);
    const secondIds = await listIds(demoSecond.token);
    const seededIds = seeded.map((n) => n.id);
    const neither = seededIds.filter((id) => !firstIds.includes(id) && !secondIds.includes(id));
    expect(neither.length).toBeGreaterThan(0);
    expect(seededIds.filter((id) => firstIds.includes(id) && !secondIds.includes(id)).length).toBeGreaterThan(0);
    expect(seededIds.filter((id) => secondIds.includes(id) && !firstIds.includes(id)).length).toBeGreaterThan(0);
  });

  it("serves a notification's photo only to the students it is addressed to", async () => {
    const seeded = await t.database.db.select().from(notifications);
    const withPhoto = seeded.filter((n) => n.photoKey);
    const forEveryone = withPhoto.find((n) => n.typeDestinataire === "tous");
    const forFirstOption = withPhoto.find(
      (n) => n.typeDestinataire === "option" && n.optionIds.includes(demoFirst.optionId),
    );
    if (!forEveryone || !forFirstOption) throw new Error("the seed should have photos for everyone and for an option");

    const detail = (await get(demoFirst.token, `/api/notifications/${forEveryone.id}`)).json().data;
    expect(detail.photo).toBe(`/api/notifications/${forEveryone.id}/photo`);
    const photo = await get(demoFirst.token, detail.photo);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers["content-type"]).toBe("image/webp");
    expect(photo.headers["x-content-type-options"]).toBe("nosniff");
    expect(photo.rawPayload.subarray(8, 12).toString("latin1")).toBe("WEBP");

    expect((await get(demoFirst.token, `/api/notifications/${forFirstOption.id}/photo`)).statusCode).toBe(200);
    expect((await get(demoSecond.token, `/api/notifications/${forFirstOption.id}/photo`)).statusCode).toBe(404);
    const withoutPhoto = seeded.find((n) => !n.photoKey && n.typeDestinataire === "tous");
    expect((await get(demoFirst.token, `/api/notifications/${withoutPhoto?.id}/photo`)).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: detail.photo })).statusCode).toBe(401);
  });
});
