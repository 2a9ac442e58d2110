import { toAcademyLocal } from "@puerta/contract";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app.ts";
import { bearer, createTestApp, queryRows, type TestApp } from "../support/app.ts";
import { createAccessToken, createStudent } from "../support/factories.ts";
import { type StaffBrowser, signInNewStaff } from "../support/staff-browser.ts";
import { waitUntil } from "../support/wait.ts";

type Student = Awaited<ReturnType<typeof createStudent>> & { token: string };

describe("back-office notifications (docs/spec/back-office.md section 5)", () => {
  let t: TestApp;
  let direction: StaffBrowser;
  let secretariat: StaffBrowser;
  let pedagogie: StaffBrowser;
  const ids: Record<string, number> = {};
  let students: Student[] = [];

  const idOf = async (table: "centres" | "options" | "filieres", nom: string) => {
    const [row] = await queryRows<{ id: number }>(t, sql`select id from ${sql.identifier(table)} where nom = ${nom}`);
    if (!row) throw new Error(`${table} ${nom}`);
    return row.id;
  };

  /**
   * The students of a centre whose account is not deactivated (another test deactivates one),
   * enrolled in the current year (the demo's former students receive nothing).
   */
  const activeStudentsOf = (centreId: number | undefined) =>
    queryRows<{ id: number; email: string }>(
      t,
      sql`select e.id, e.email from etudiants e join users u on u.id = e.user_id
          where e.centre_id = ${centreId} and u.deactivated_at is null
            and e.statut_scolaire = 'inscrit' and e.promotion_id = current_school_year_id() order by e.id`,
    );

  /** The ids of the notifications a student's own list shows (the student side's query). */
  const studentSees = async (student: { token: string }, app = t.app) => {
    const response = await app.inject({ method: "GET", url: "/api/notifications", headers: bearer(student.token) });
    // A former student's reduced area refuses the list (docs/spec/school-year-and-data.md section 3): they see none.
    if (response.statusCode === 403) return [];
    expect(response.statusCode).toBe(200);
    return (response.json().data as { id: number; titre: string; message: string }[]).map((item) => item);
  };

  const publish = (browser: StaffBrowser, body: Record<string, unknown>) =>
    browser.post("/api/gestion/notifications", {
      titre: "Réunion d'information",
      message: "Bonjour,\nla réunion a lieu demain.\nhttps://example.com/salle",
      priority: "high",
      sender: "moi",
      publication: "maintenant",
      audience: { type: "tous" },
      ...body,
    });

  beforeAll(async () => {
    t = await createTestApp();
    direction = (await signInNewStaff(t, "direction")).browser;
    secretariat = (await signInNewStaff(t, "secretariat", { centres: ["Ain Sebaa"] })).browser;
    pedagogie = (await signInNewStaff(t, "pedagogie")).browser;
    ids.ainSebaa = await idOf("centres", "Ain Sebaa");
    ids.zenith = await idOf("centres", "Zenith");
    ids.moulay = await idOf("centres", "Moulay Youssef");
    ids.sante = await idOf("options", "Selectividad Santé");
    ids.dele = await idOf("options", "Préparation DELE / SIELE");
    ids.santeFiliere = await idOf("filieres", "Sciences de la santé");
    const made = [
      { centre: "Ain Sebaa", option: "Selectividad Santé" },
      { centre: "Ain Sebaa", option: "Préparation DELE / SIELE" },
      { centre: "Zenith", option: "Selectividad Santé" },
      { centre: "Moulay Youssef", option: "Selectividad Ingénierie" },
      { centre: "Zenith" },
      {},
    ];
    for (const input of made) {
      const student = await createStudent(t.database.db, { ...input, passwordHash: "x" });
      students.push({ ...student, token: await createAccessToken(t.database.db, student.userId) });
    }
    // The demo seed's students too: every student in the database takes part in the comparison.
    const demo = await queryRows<{ user_id: number; id: number; centre_id: number | null }>(
      t,
      sql`select user_id, id, centre_id from etudiants where id not in ${sql.raw(`(${students.map((s) => s.etudiantId).join(",")})`)}`,
    );
    for (const row of demo) {
      students = [
        ...students,
        {
          userId: row.user_id,
          etudiantId: row.id,
          email: "",
          password: "",
          centreId: row.centre_id,
          optionId: null,
          filiereId: null,
          token: await createAccessToken(t.database.db, row.user_id),
        },
      ];
    }
  });
  afterAll(() => t.close());

  it("counts an audience as the students' own lists then show it, for every kind of audience", async () => {
    const audiences = [
      { type: "tous" },
      { type: "centre", ids: [ids.ainSebaa] },
      { type: "centre", ids: [ids.zenith, ids.moulay] },
      { type: "option", ids: [ids.sante] },
      { type: "option", ids: [ids.sante, ids.dele] },
      { type: "filiere", ids: [ids.santeFiliere] },
      { type: "etudiant_specifique", ids: [students[1]?.etudiantId, students[4]?.etudiantId] },
    ];
    for (const audience of audiences) {
      const counted = await direction.post("/api/gestion/notifications/destinataires", { audience });
      expect(counted.statusCode).toBe(200);
      const created = await publish(direction, { audience, titre: `Audience ${JSON.stringify(audience)}` });
      expect(created.statusCode).toBe(201);
      const id = created.json().id as number;
      let seen = 0;
      for (const student of students) if ((await studentSees(student)).some((item) => item.id === id)) seen++;
      expect({ audience, count: counted.json().count }).toEqual({ audience, count: seen });
      expect(created.json().recipient_count).toBe(seen);
      expect(seen).toBeGreaterThan(0);
    }
  });

  it("stores the form: plain text with its line breaks, sender, priority, state and summary", async () => {
    const created = await publish(direction, {
      audience: { type: "centre", ids: [ids.ainSebaa] },
      link: "https://example.com/x",
    });
    expect(created.json()).toMatchObject({
      message: "Bonjour,\nla réunion a lieu demain.\nhttps://example.com/salle",
      sender: expect.any(String),
      priority: "high",
      state: "publiee",
      audience: { type: "centre", ids: [ids.ainSebaa] },
      audience_summary: "Centres : Ain Sebaa",
      link: "https://example.com/x",
    });
    const administration = await publish(direction, { sender: "administration" });
    expect(administration.json().sender).toBe("Administration");
    const me = (await direction.get("/api/gestion/me")).json().user.name;
    expect(created.json().sender).toBe(me);
    const bad = await publish(direction, { titre: " ", audience: { type: "centre", ids: [] }, priority: "urgent" });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(["audience.ids", "priority", "titre"]);
    const unknown = await publish(direction, { audience: { type: "centre", ids: [999999] } });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.audience).toEqual(["Un destinataire choisi n'existe pas."]);
  });

  it("keeps the secretariat inside her centres: 403 for an audience outside, 404 for a notification outside", async () => {
    const inside = await publish(secretariat, { audience: { type: "centre", ids: [ids.ainSebaa] } });
    expect(inside.statusCode).toBe(201);
    for (const audience of [
      { type: "tous" },
      { type: "centre", ids: [ids.ainSebaa, ids.zenith] },
      { type: "option", ids: [ids.sante] },
      { type: "etudiant_specifique", ids: [students[2]?.etudiantId] },
    ]) {
      const refused = await publish(secretariat, { audience });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe("Cette action sort du périmètre de vos centres.");
      expect((await secretariat.post("/api/gestion/notifications/destinataires", { audience })).statusCode).toBe(403);
    }
    const zenith = (await publish(direction, { audience: { type: "centre", ids: [ids.zenith] } })).json().id;
    expect((await secretariat.get(`/api/gestion/notifications/${zenith}`)).statusCode).toBe(404);
    expect((await secretariat.patch(`/api/gestion/notifications/${zenith}`, { titre: "x" })).statusCode).toBe(404);
    expect((await secretariat.get(`/api/gestion/notifications/${zenith}/lectures`)).statusCode).toBe(404);
    const list = (await secretariat.get("/api/gestion/notifications?per_page=200")).json();
    const outside = list.data.filter(
      (row: { audience: { type: string; ids: number[] } }) =>
        !["centre", "etudiant_specifique"].includes(row.audience.type) ||
        (row.audience.type === "centre" && row.audience.ids.some((id) => id !== ids.ainSebaa)),
    );
    expect(outside).toEqual([]);
    expect(list.data.some((row: { id: number }) => row.id === inside.json().id)).toBe(true);
    // Moving her own notification to another centre is a write that leaves her scope.
    const moved = await secretariat.patch(`/api/gestion/notifications/${inside.json().id}`, {
      audience: { type: "centre", ids: [ids.zenith] },
    });
    expect(moved.statusCode).toBe(403);
    expect((await pedagogie.get("/api/gestion/notifications")).statusCode).toBe(403);
  });

  it("corrects a published notification: students read the new text", async () => {
    const ain = students[0] as Student;
    const id = (await publish(direction, { audience: { type: "centre", ids: [ids.ainSebaa] } })).json().id;
    const corrected = await direction.patch(`/api/gestion/notifications/${id}`, {
      message: "Salle 4, et non salle 3.",
    });
    expect(corrected.statusCode).toBe(200);
    expect(corrected.json().state).toBe("publiee");
    expect((await studentSees(ain)).find((item) => item.id === id)?.message).toBe("Salle 4, et non salle 3.");
    const journal = await queryRows<{ action: string; changes: unknown }>(
      t,
      sql`select action, changes from audit_log where entity = 'notifications' and entity_id = ${String(id)} order by id`,
    );
    expect(journal.map((entry) => entry.action)).toEqual(["creation", "modification"]);
    const back = await direction.patch(`/api/gestion/notifications/${id}`, { publication: "brouillon" });
    expect(back.statusCode).toBe(422);
  });

  it("withdraws: gone for students at once, in the bin, restored by the direction", async () => {
    const ain = students[0] as Student;
    const id = (await publish(secretariat, { audience: { type: "centre", ids: [ids.ainSebaa] } })).json().id;
    expect((await studentSees(ain)).some((item) => item.id === id)).toBe(true);
    const withdrawn = await secretariat.delete(`/api/gestion/notifications/${id}`);
    expect(withdrawn?.statusCode).toBe(200);
    expect(withdrawn?.json().state).toBe("retiree");
    expect((await studentSees(ain)).some((item) => item.id === id)).toBe(false);
    const detail = await t.app.inject({ method: "GET", url: `/api/notifications/${id}`, headers: bearer(ain.token) });
    expect([403, 404]).toContain(detail.statusCode);
    const bin = (await direction.get("/api/gestion/corbeille?kind=notifications")).json();
    expect(bin.data[0]).toMatchObject({ kind: "notifications", id, withdrawn_by: expect.any(String) });
    expect(bin.kinds).toEqual([
      { kind: "plannings", label: "Plannings" },
      { kind: "supports", label: "Supports de cours" },
      { kind: "orientation", label: "Documents d'orientation" },
      { kind: "parascolaire", label: "Événements parascolaires" },
      { kind: "jours-feries", label: "Jours fériés et fermetures" },
      { kind: "notifications", label: "Notifications" },
    ]);
    // The pedagogie restores what it publishes, never a notification.
    const pedagogieBin = (await pedagogie.get("/api/gestion/corbeille")).json();
    expect(pedagogieBin.kinds.map((k: { kind: string }) => k.kind)).toEqual([
      "supports",
      "orientation",
      "parascolaire",
    ]);
    expect(pedagogieBin.data.some((item: { kind: string }) => item.kind === "notifications")).toBe(false);
    expect((await pedagogie.post(`/api/gestion/corbeille/notifications/${id}/restaurer`)).statusCode).toBe(403);
    expect((await direction.post(`/api/gestion/corbeille/notifications/${id}/restaurer`)).statusCode).toBe(204);
    expect((await studentSees(ain)).some((item) => item.id === id)).toBe(true);
    expect((await direction.post(`/api/gestion/corbeille/notifications/${id}/restaurer`)).statusCode).toBe(404);
    expect((await direction.post(`/api/gestion/corbeille/inconnu/${id}/restaurer`)).statusCode).toBe(404);
    const [entry] = await queryRows<{ action: string }>(
      t,
      sql`select action from audit_log where entity_id = ${String(id)} order by id desc limit 1`,
    );
    expect(entry?.action).toBe("restauration");
  });

  it("a secretary restores only what stays inside her centres", async () => {
    const zenith = (await publish(direction, { audience: { type: "centre", ids: [ids.zenith] } })).json().id;
    await direction.delete(`/api/gestion/notifications/${zenith}`);
    const bin = (await secretariat.get("/api/gestion/corbeille")).json();
    expect(bin.data.some((item: { id: number }) => item.id === zenith)).toBe(false);
    expect((await secretariat.post(`/api/gestion/corbeille/notifications/${zenith}/restaurer`)).statusCode).toBe(404);
  });

  it("lists who read it and who has not, and exports both lists", async () => {
    const [a, b] = students as [Student, Student];
    const id = (await publish(direction, { audience: { type: "centre", ids: [ids.ainSebaa] } })).json().id;
    await t.app.inject({ method: "POST", url: `/api/notifications/${id}/mark-viewed`, headers: bearer(a.token) });
    const readers = (await direction.get(`/api/gestion/notifications/${id}/lectures`)).json();
    expect(readers.recipient_count).toBe(readers.total);
    expect(readers.read_count).toBe(
      readers.data.filter((row: { read_at: string | null }) => row.read_at !== null).length,
    );
    const unread = (await direction.get(`/api/gestion/notifications/${id}/lectures?lecture=non_lue`)).json();
    expect(unread.data.map((row: { etudiant_id: number }) => row.etudiant_id)).toContain(b.etudiantId);
    const csv = await direction.get(`/api/gestion/notifications/${id}/lectures/export.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-disposition"]).toContain(".csv");
    expect(csv.body.split("\r\n")[0]).toBe("\uFEFFÉtudiant;Matricule;Centre;Lue;Lue le");
    const list = await direction.get("/api/gestion/notifications/export.csv?state=publiee");
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain("Réunion d'information");
    expect(
      (await direction.get(`/api/gestion/notifications?per_page=200`))
        .json()
        .data.find((row: { id: number }) => row.id === id),
    ).toMatchObject({ read_count: readers.read_count });
  });

  it("takes a photo checked by content, re-encoded, shown to the audience only", async () => {
    const ain = students[0] as Student;
    const id = (await publish(secretariat, { audience: { type: "centre", ids: [ids.ainSebaa] } })).json().id;
    const form = async (bytes: Buffer, type: string) => {
      const body = new FormData();
      body.append("photo", new Blob([new Uint8Array(bytes)], { type }), "photo.jpg");
      const request = new Request("http://localhost/", { method: "POST", body });
      return t.app.inject({
        method: "POST",
        url: `/api/gestion/notifications/${id}/photo`,
        cookies: secretariat.cookies,
        headers: { ...secretariat.csrfHeaders, "content-type": request.headers.get("content-type") ?? "" },
        payload: Buffer.from(await request.arrayBuffer()),
      });
    };
    const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#c00" } })
      .jpeg()
      .withExif({ IFD0: { Copyright: "GPS" } })
      .toBuffer();
    const refused = await form(Buffer.from("MZ pas une image"), "image/jpeg");
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors)).toEqual(["photo"]);
    const sent = await form(jpeg, "image/jpeg");
    expect(sent.statusCode).toBe(200);
    expect(sent.json().photo).toBe(`/api/gestion/notifications/${id}/photo`);
    const staffPhoto = await secretariat.get(`/api/gestion/notifications/${id}/photo`);
    expect(staffPhoto.headers["content-type"]).toBe("image/webp");
    expect((await sharp(staffPhoto.rawPayload).metadata()).exif).toBeUndefined();
    const detail = await t.app.inject({ method: "GET", url: "/api/notifications", headers: bearer(ain.token) });
    expect(detail.json().data.find((item: { id: number }) => item.id === id).photo).toBe(
      `/api/notifications/${id}/photo`,
    );
    const zenith = (await publish(direction, { audience: { type: "centre", ids: [ids.zenith] } })).json().id;
    expect((await secretariat.get(`/api/gestion/notifications/${zenith}/photo`)).statusCode).toBe(404);
    expect((await secretariat.delete(`/api/gestion/notifications/${id}/photo`)).json().photo).toBeNull();
  });

  it("queues one e-mail per recipient through the outbox when asked", async () => {
    const created = await publish(direction, {
      audience: { type: "centre", ids: [ids.zenith] },
      email_copy: true,
      titre: "Copie e-mail",
    });
    const id = created.json().id;
    // The job runs by itself once the notification is published.
    const rows = await waitUntil(
      () =>
        queryRows<{ to_address: string; subject: string }>(
          t,
          sql`select to_address, subject from mail_outbox where subject = 'Nouvelle notification : Copie e-mail'`,
        ),
      (found) => found.length > 0,
      "the e-mail copies queued by the notification job",
    );
    const zenithEmails = await activeStudentsOf(ids.zenith);
    expect(rows.map((row) => row.to_address).sort()).toEqual(zenithEmails.map((row) => row.email).sort());
    const [flag] = await queryRows<{ emailed: boolean }>(
      t,
      sql`select emailed_at is not null as emailed from notifications where id = ${id}`,
    );
    expect(flag?.emailed).toBe(true);
  });

  it("leaves deactivated students out of the count, the readers' total and the e-mail copies", async () => {
    // A student of the test's own, who stays deactivated: deactivation ends their sessions, so
    // reactivating someone another test signed in would leave that test with a dead token.
    const leaving = await createStudent(t.database.db, { centre: "Zenith", passwordHash: "x" });
    const gone = { id: leaving.etudiantId, email: leaving.email };
    const zenith = await activeStudentsOf(ids.zenith);
    const audience = { type: "centre", ids: [ids.zenith] };
    const before = (await direction.post("/api/gestion/notifications/destinataires", { audience })).json().count;
    expect((await direction.post(`/api/gestion/etudiants/${gone.id}/desactiver`, {})).statusCode).toBe(200);
    expect((await direction.post("/api/gestion/notifications/destinataires", { audience })).json().count).toBe(
      before - 1,
    );
    const created = await publish(direction, { audience, email_copy: true, titre: "Sans les comptes désactivés" });
    expect(created.json().recipient_count).toBe(before - 1);
    const rows = await waitUntil(
      () =>
        queryRows<{ to_address: string }>(
          t,
          sql`select to_address from mail_outbox where subject = 'Nouvelle notification : Sans les comptes désactivés'`,
        ),
      (found) => found.length > 0,
      "the e-mail copies queued by the notification job",
    );
    expect(rows.map((row) => row.to_address).sort()).toEqual(
      zenith
        .filter((row) => row.id !== gone.id)
        .map((row) => row.email)
        .sort(),
    );
  });
});

describe("a scheduled notification, across a restart of the app on the same database", () => {
  it("appears to students at its time with nobody clicking, and its e-mail copies leave then", async () => {
    const t = await createTestApp();
    try {
      const direction = (await signInNewStaff(t, "direction")).browser;
      const [centre] = await queryRows<{ id: number }>(t, sql`select id from centres where nom = 'Zenith'`);
      const student = await createStudent(t.database.db, { centre: "Zenith", passwordHash: "x" });
      const token = await createAccessToken(t.database.db, student.userId);
      const inOneHour = toAcademyLocal(new Date(Date.now() + 60 * 60 * 1000));
      const created = await direction.post("/api/gestion/notifications", {
        titre: "Programmée",
        message: "Demain.",
        priority: "normal",
        sender: "administration",
        publication: "programmee",
        publish_at: inOneHour,
        audience: { type: "centre", ids: [centre?.id] },
        email_copy: true,
      });
      expect(created.statusCode).toBe(201);
      expect(created.json().state).toBe("programmee");
      const id = created.json().id as number;
      const sees = async (app: TestApp["app"]) =>
        (
          (await app.inject({ method: "GET", url: "/api/notifications", headers: bearer(token) })).json().data as {
            id: number;
          }[]
        ).some((item) => item.id === id);
      expect(await sees(t.app)).toBe(false);
      const counter = (await direction.get("/api/gestion/tableau-de-bord")).json().counters;
      expect(counter.find((c: { key: string }) => c.key === "notifications_programmees")?.value).toBe(1);

      // The server stops; its publication time comes while nothing runs (the row's clock moved).
      await t.app.close();
      await queryRows(t, sql`update notifications set published_at = now() - interval '1 minute' where id = ${id}`);
      const app = await buildApp({ config: t.config, db: t.database.db, logger: false });
      await app.ready();
      try {
        expect(await sees(app)).toBe(true);
        // The new process's job queues the copies by itself as it starts.
        const mails = await waitUntil(
          () =>
            queryRows<{ to_address: string }>(
              t,
              sql`select to_address from mail_outbox where subject = 'Nouvelle notification : Programmée'`,
            ),
          (found) => found.length > 0,
          "the copies queued by the restarted app's job",
        );
        expect(mails.map((m) => m.to_address)).toContain(student.email);
      } finally {
        await app.close();
      }
    } finally {
      await t.database.close();
    }
  });
});
