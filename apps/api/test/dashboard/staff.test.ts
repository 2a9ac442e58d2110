import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertStaffAccount } from "../../src/modules/staff/accounts.ts";
import { bearer, createTestApp, queryRows, type TestApp } from "../support/app.ts";
import { acceptCurrentPolicy, createAccessToken, createStudent } from "../support/factories.ts";
import { type StaffBrowser, signInNewStaff } from "../support/staff-browser.ts";

/**
 * Every counter the back-office shows (dashboard, read counts, policy report) against a direct
 * count of the rows it claims to count (issue 28, items 1 and 11).
 */
describe("the back-office's counters count what their labels say", () => {
  let t: TestApp;
  let direction: StaffBrowser;
  let secretariat: StaffBrowser;
  const count = async (query: ReturnType<typeof sql>) => (await queryRows<{ n: number }>(t, query))[0]?.n ?? -1;

  beforeAll(async () => {
    t = await createTestApp();
    direction = (await signInNewStaff(t, "direction")).browser;
    secretariat = (await signInNewStaff(t, "secretariat", { centres: ["Ain Sebaa"] })).browser;
    // Activated students (some accepted the policy), invited ones who never signed in, deactivated ones.
    for (let i = 0; i < 3; i++) {
      const s = await createStudent(t.database.db, { centre: "Ain Sebaa", passwordHash: "x" });
      if (i === 0) await acceptCurrentPolicy(t.database.db, s.userId);
    }
    for (let i = 0; i < 4; i++) {
      const s = await createStudent(t.database.db, { centre: i < 2 ? "Ain Sebaa" : "Zenith", passwordHash: "x" });
      await queryRows(t, sql`update users set password_hash = null where id = ${s.userId}`);
    }
    const gone = await createStudent(t.database.db, { centre: "Ain Sebaa", passwordHash: "x" });
    await queryRows(t, sql`update users set deactivated_at = now() where id = ${gone.userId}`);
    const goneInvited = await createStudent(t.database.db, { centre: "Zenith", passwordHash: "x" });
    await queryRows(
      t,
      sql`update users set deactivated_at = now(), password_hash = null where id = ${goneInvited.userId}`,
    );
    // A staff member invited and not yet arrived.
    await insertStaffAccount(t.database.db, {
      name: "Nouvelle Recrue",
      email: "recrue@example.com",
      role: "pedagogie",
      centreIds: [],
    });
  });
  afterAll(() => t.close());

  it("lue par X / Y: each notification's count equals its readers list and its export", async () => {
    const [a, b, c] = await Promise.all(
      [0, 1, 2].map(async () => {
        const s = await createStudent(t.database.db, {
          centre: "Moulay Youssef",
          passwordHash: "x",
          acceptedPolicy: true,
        });
        return { ...s, token: await createAccessToken(t.database.db, s.userId) };
      }),
    );
    if (!a || !b || !c) throw new Error("students");
    const audience = { type: "etudiant_specifique", ids: [a.etudiantId, b.etudiantId, c.etudiantId] };
    const publish = async (titre: string) => {
      const created = await direction.post("/api/gestion/notifications", {
        titre,
        message: "Bonjour.",
        priority: "normal",
        sender: "administration",
        publication: "maintenant",
        audience,
      });
      expect(created.statusCode).toBe(201);
      return created.json().id as number;
    };
    const first = await publish("Lue par deux");
    const second = await publish("Lue par une");
    const untouched = await publish("Lue par personne");
    const read = (student: { token: string }, id: number) =>
      t.app.inject({ method: "POST", url: `/api/notifications/${id}/mark-viewed`, headers: bearer(student.token) });
    for (const response of [await read(a, first), await read(b, first), await read(c, second)]) {
      expect(response.statusCode).toBeLessThan(300);
    }
    const list = (await direction.get("/api/gestion/notifications?per_page=200")).json().data as {
      id: number;
      read_count: number;
      recipient_count: number;
    }[];
    for (const [id, readers] of [
      [first, [a, b]],
      [second, [c]],
      [untouched, []],
    ] as const) {
      const expected = readers.map((s) => s.etudiantId).sort();
      const readList = (await direction.get(`/api/gestion/notifications/${id}/lectures?lecture=lue`)).json();
      expect(readList.data.map((row: { etudiant_id: number }) => row.etudiant_id).sort()).toEqual(expected);
      const detail = (await direction.get(`/api/gestion/notifications/${id}`)).json();
      expect(detail.read_count).toBe(expected.length);
      expect(detail.recipient_count).toBe(3);
      expect(list.find((row) => row.id === id)).toMatchObject({ read_count: expected.length, recipient_count: 3 });
      const csv = (await direction.get(`/api/gestion/notifications/${id}/lectures/export.csv`)).body;
      const readRows = csv
        .split("\r\n")
        .slice(1)
        .filter((line) => line.split(";")[3] === "oui");
      expect(readRows).toHaveLength(expected.length);
      expect(await count(sql`select count(*)::int as n from notification_reads where notification_id = ${id}`)).toBe(
        expected.length,
      );
    }
  });

  it("dashboard: every counter equals a direct count of its rows and the list it opens", async () => {
    const counters = (await direction.get("/api/gestion/tableau-de-bord")).json().counters as {
      key: string;
      label: string;
      href: string;
      value: number;
    }[];
    const byKey = Object.fromEntries(counters.map((c) => [c.key, c]));

    const staffInvited = await count(
      sql`select count(*)::int as n from staff_users where password_hash is null and deactivated_at is null`,
    );
    expect(staffInvited).toBeGreaterThan(0);
    expect(byKey.invitations?.value).toBe(staffInvited);
    expect(byKey.invitations?.label).toBe("Invitations du personnel en attente");
    expect((await direction.get("/api/gestion/comptes?statut=invitation_envoyee")).json().total).toBe(staffInvited);

    // The current year's enrolled students (docs/spec/school-year-and-data.md section 1).
    const studentsInvited = await count(sql`select count(*)::int as n from etudiants e join users u on u.id = e.user_id
      where u.password_hash is null and u.deactivated_at is null
        and e.statut_scolaire = 'inscrit' and e.promotion_id = current_school_year_id()`);
    expect(studentsInvited).toBeGreaterThanOrEqual(4);
    expect(byKey.invitations_etudiants?.value).toBe(studentsInvited);
    expect(byKey.invitations_etudiants?.href).toBe("/gestion/etudiants?statut=invitation_envoyee");
    expect((await direction.get("/api/gestion/etudiants?statut=invitation_envoyee")).json().total).toBe(
      studentsInvited,
    );

    // The current year's enrolled too: former students are not asked to accept it again.
    const notAccepted = await count(sql`select count(*)::int as n from etudiants e join users u on u.id = e.user_id
      where u.password_hash is not null and u.deactivated_at is null
        and e.statut_scolaire = 'inscrit' and e.promotion_id = current_school_year_id() and not exists (select 1 from policy_acceptances a
        where a.user_id = u.id and a.policy_id = (select id from policies where status = 'publiee' order by version desc limit 1))`);
    expect(byKey.politique?.value).toBe(notAccepted);
    expect(
      (await direction.get("/api/gestion/politique/en-vigueur/acceptations?acceptation=non_acceptee")).json().total,
    ).toBe(notAccepted);

    const scheduled = await count(
      sql`select count(*)::int as n from notifications where withdrawn_at is null and published_at > now()`,
    );
    expect(byKey.notifications_programmees?.value).toBe(scheduled);
    expect(byKey.messages?.value).toBe(
      await count(sql`select count(*)::int as n from contact_messages where handled_at is null`),
    );
    expect(byKey.demandes?.value).toBe(
      await count(sql`select count(*)::int as n from certificate_requests where status = 'En attente'`),
    );

    // The secretariat's invited students: those of her centres only, as her students list shows.
    const mine = (await secretariat.get("/api/gestion/tableau-de-bord")).json().counters as {
      key: string;
      value: number;
    }[];
    const hers = (await secretariat.get("/api/gestion/etudiants?statut=invitation_envoyee")).json().total;
    expect(mine.find((c) => c.key === "invitations_etudiants")?.value).toBe(hers);
    expect(hers).toBeLessThan(studentsInvited);
  });

  it("policy report: active means an activated account; invited students are counted apart", async () => {
    const report = (await direction.get("/api/gestion/politique/en-vigueur/acceptations?per_page=200")).json();
    // The current year's enrolled: former students are not asked to accept it again (decision 111).
    const activated = await count(sql`select count(*)::int as n from etudiants e join users u on u.id = e.user_id
      where u.password_hash is not null and u.deactivated_at is null
        and e.statut_scolaire = 'inscrit' and e.promotion_id = current_school_year_id()`);
    const invited = await count(sql`select count(*)::int as n from etudiants e join users u on u.id = e.user_id
      where u.password_hash is null and u.deactivated_at is null
        and e.statut_scolaire = 'inscrit' and e.promotion_id = current_school_year_id()`);
    expect(report.etudiants_actifs).toBe(activated);
    expect(report.total).toBe(activated);
    expect(report.etudiants_invites).toBe(invited);
    const accepted = (
      await direction.get("/api/gestion/politique/en-vigueur/acceptations?acceptation=acceptee")
    ).json();
    expect(report.acceptees).toBe(accepted.total);
    expect(report.version.acceptations).toBe(report.acceptees);
    const notAccepted = (
      await direction.get("/api/gestion/politique/en-vigueur/acceptations?acceptation=non_acceptee")
    ).json();
    expect(report.etudiants_actifs - report.acceptees).toBe(notAccepted.total);
  });
});
