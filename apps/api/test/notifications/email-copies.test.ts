import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import PostalMime from "postal-mime";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createTestApp, queryRows, type TestApp } from "../support/app.ts";
import { createAccessToken, createStudent, uniqueName } from "../support/factories.ts";
import { waitFor } from "../support/mail-server.ts";
import { type StaffBrowser, signInNewStaff } from "../support/staff-browser.ts";

/**
 * Notification copies by e-mail (issue 28 item 2, issue 30 item 9): the link reaches the
 * student's page, the file is CRLF, the copy carries one-click List-Unsubscribe (RFC 8058), and a
 * student stops the copies from that link or from /profile.
 */
describe("e-mail copies of notifications", () => {
  let t: TestApp;
  let direction: StaffBrowser;
  type Recipient = { etudiantId: number; email: string; token: string };

  /** Students of the test's own, who take the copies (the default): no other test changes their setting. */
  const newStudents = async (count: number) => {
    const created: Recipient[] = [];
    for (let i = 0; i < count; i++) {
      const s = await createStudent(t.database.db, { centre: "Zenith", passwordHash: "x", acceptedPolicy: true });
      created.push({
        etudiantId: s.etudiantId,
        email: s.email,
        token: await createAccessToken(t.database.db, s.userId),
      });
    }
    return created;
  };

  const mailFolder = () => path.join(t.config.dataDir, "mail");
  /** The raw .eml files addressed to `to` whose subject names `titre`. */
  const delivered = async (titre: string) => {
    let names: string[] = [];
    try {
      names = readdirSync(mailFolder()).filter((name) => name.endsWith(".eml"));
    } catch {
      return [];
    }
    const found = [];
    for (const name of names) {
      const raw = readFileSync(path.join(mailFolder(), name), "utf8");
      const parsed = await PostalMime.parse(raw);
      if (parsed.subject === `Nouvelle notification : ${titre}`) found.push({ raw, parsed });
    }
    return found;
  };

  const publish = async (titre: string, students: Recipient[]) => {
    const created = await direction.post("/api/gestion/notifications", {
      titre,
      message: "Bonjour,\nla salle change.",
      priority: "normal",
      sender: "administration",
      publication: "maintenant",
      audience: { type: "etudiant_specifique", ids: students.map((s) => s.etudiantId) },
      email_copy: true,
    });
    expect(created.statusCode).toBe(201);
    return created.json().id as number;
  };

  /** Waits until the copies of `titre` left the outbox, then returns the delivered files. */
  const copiesOf = async (titre: string, students: Recipient[]) => {
    // One copy per addressed student who still takes them.
    const [takers] = await queryRows<{ n: number }>(
      t,
      sql`select count(*)::int as n from etudiants
        where email_copies and id = any(${`{${students.map((s) => s.etudiantId).join(",")}}`}::integer[])`,
    );
    const expected = takers?.n ?? -1;
    await waitFor(async () => {
      const [row] = await queryRows<{ queued: number; pending: number }>(
        t,
        sql`select count(*)::int as queued, count(*) filter (where status <> 'sent')::int as pending
          from mail_outbox where subject = ${`Nouvelle notification : ${titre}`}`,
      );
      const [flag] = await queryRows<{ done: boolean }>(
        t,
        sql`select emailed_at is not null as done from notifications where titre = ${titre}`,
      );
      // Every copy queued (one per recipient who takes them) and none left to send.
      return flag?.done && row?.queued === expected && row.pending === 0 ? true : undefined;
    }, `the copies of ${titre}`);
    return delivered(titre);
  };

  beforeAll(async () => {
    t = await createTestApp({ env: { MAIL_POLL_MS: "100", PUBLIC_URL: "https://puerta.example" } });
    direction = (await signInNewStaff(t, "direction")).browser;
  });
  afterAll(() => t.close());

  it("links to the student's page of the notification, in a CRLF message with one-click List-Unsubscribe", async () => {
    const students = await newStudents(3);
    const titre = uniqueName("Salle changée");
    const id = await publish(titre, students);
    const copies = await copiesOf(titre, students);
    expect(copies.map((c) => c.parsed.to?.[0]?.address).sort()).toEqual(students.map((s) => s.email).sort());
    const [copy] = copies;
    if (!copy) throw new Error("no copy");
    expect(copy.parsed.text).toContain(`https://puerta.example/notification/${id}`);
    expect(copy.parsed.text).not.toContain("/notifications/");
    expect(copy.parsed.html).toContain(`href="https://puerta.example/notification/${id}"`);
    // RFC 5322: every line ends with CRLF, none with a bare LF.
    expect(copy.raw).toContain("\r\n");
    expect(copy.raw.replace(/\r\n/g, "")).not.toContain("\n");
    const header = (name: string) => copy.parsed.headers.find((h) => h.key === name)?.value;
    expect(header("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    expect(header("list-unsubscribe")).toMatch(
      /^<https:\/\/puerta\.example\/api\/profile\/email-copies\/unsubscribe\?token=\d+\.[\w-]{43}>$/,
    );
    // Every recipient gets a link of their own.
    const links = new Set(copies.map((c) => c.parsed.headers.find((h) => h.key === "list-unsubscribe")?.value));
    expect(links.size).toBe(students.length);
  });

  it("one click stops a student's copies without signing in; a forged token changes nothing", async () => {
    const students = await newStudents(3);
    const [first, second] = students;
    if (!first || !second) throw new Error("students");
    const titre = uniqueName("Salle changée");
    await publish(titre, students);
    const copies = await copiesOf(titre, students);
    const mine = copies.find((c) => c.parsed.to?.[0]?.address === first.email);
    const link = /<([^>]+)>/.exec(mine?.parsed.headers.find((h) => h.key === "list-unsubscribe")?.value ?? "")?.[1];
    if (!link) throw new Error("no List-Unsubscribe link");
    const url = new URL(link);

    const forged = await t.app.inject({
      method: "POST",
      url: `${url.pathname}?token=${second.etudiantId}.${"A".repeat(43)}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(forged.statusCode).toBe(422);
    // The form body is read on that one route only: another public route still refuses a form.
    const form = await t.app.inject({
      method: "POST",
      url: "/api/login",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "email=a",
    });
    expect(form.statusCode).toBe(415);
    expect(form.body).not.toMatch(/Error|at |\//);
    expect(forged.json().errors.token).toEqual(["Ce lien de désabonnement n'est pas valide."]);

    // A person (or a link scanner) opening the link changes nothing and lands on /profile.
    const opened = await t.app.inject({ method: "GET", url: `${url.pathname}${url.search}` });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe("/profile");
    const setting = async (token: string) =>
      (await t.app.inject({ method: "GET", url: "/api/profile/email-copies", headers: bearer(token) })).json();
    expect(await setting(first.token)).toMatchObject({ email_copies: true });

    // The mailbox provider's one click: a form POST, no cookie, no session.
    const clicked = await t.app.inject({
      method: "POST",
      url: `${url.pathname}${url.search}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(clicked.statusCode).toBe(200);
    expect(clicked.json()).toMatchObject({ success: true, email_copies: false });
    expect(await setting(first.token)).toMatchObject({ email_copies: false });
    expect(await setting(second.token)).toMatchObject({ email_copies: true });

    const after = uniqueName("Après le désabonnement");
    await publish(after, students);
    const next = await copiesOf(after, students);
    expect(next.map((c) => c.parsed.to?.[0]?.address).sort()).toEqual(
      students
        .filter((s) => s !== first)
        .map((s) => s.email)
        .sort(),
    );
  });

  it("/profile's setting: read, turned off and on again by the student only, checked input", async () => {
    const students = await newStudents(3);
    const third = students[2];
    if (!third) throw new Error("students");
    const put = (payload: unknown, token = third.token) =>
      t.app.inject({
        method: "PUT",
        url: "/api/profile/email-copies",
        headers: bearer(token),
        payload: payload as object,
      });
    expect(
      (await t.app.inject({ method: "PUT", url: "/api/profile/email-copies", payload: { email_copies: false } }))
        .statusCode,
    ).toBe(401);
    const wrong = await put({ email_copies: "non" });
    expect(wrong.statusCode).toBe(422);
    expect(Object.keys(wrong.json().errors)).toEqual(["email_copies"]);
    const off = await put({ email_copies: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({
      success: true,
      email_copies: false,
      message: "Vous ne recevrez plus de copie des notifications par e-mail.",
    });
    const without = uniqueName("Sans la troisième");
    await publish(without, students);
    const copies = await copiesOf(without, students);
    expect(copies.map((c) => c.parsed.to?.[0]?.address)).not.toContain(third.email);
    expect((await put({ email_copies: true })).json().email_copies).toBe(true);
    const withHer = uniqueName("Avec la troisième");
    await publish(withHer, students);
    const back = await copiesOf(withHer, students);
    expect(back.map((c) => c.parsed.to?.[0]?.address)).toContain(third.email);
  });
});
