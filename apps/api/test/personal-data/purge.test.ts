import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { calendarDay, fromAcademyLocal, RETENTION_KEYS } from "@puerta/contract";
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createStorageFromConfig } from "../../src/lib/storage/index.ts";
import { createPurge } from "../../src/modules/personal-data/purge.ts";
import { PERSONAL_DATA_PARTS } from "../../src/personal-data-parts.ts";
import { createTestApp, queryRows, type TestApp } from "../support/app.ts";
import { createStudent, uniqueEmail } from "../support/factories.ts";
import { makeFormerStudent } from "../support/former-students.ts";
import { databaseFingerprint } from "../support/route-table.ts";
import { type StaffBrowser, signInNewStaff } from "../support/staff-browser.ts";

/**
 * The purge of law 09-08 (docs/spec/school-year-and-data.md section 4, decision 114): each
 * category counted exactly by the preview, which writes nothing, then removed by *Purger
 * maintenant*, one run and one journal entry with counts only; the nightly job's entry point
 * does the same once a night. Each test has its own academy: a purge reads the whole database.
 */
describe("the purge", () => {
  let t: TestApp;
  let direction: StaffBrowser;
  let directionId: number;

  beforeEach(async () => {
    t = await createTestApp({ seed: false });
    const signedIn = await signInNewStaff(t, "direction");
    direction = signedIn.browser;
    directionId = signedIn.id;
  });
  afterEach(() => t.close());

  const ago = (months: number) => {
    const d = new Date();
    d.setUTCMonth(d.getUTCMonth() - months);
    return d.toISOString();
  };
  const one = async <T>(query: ReturnType<typeof sql>) => (await queryRows<T>(t, query))[0];
  const countOf = async (query: ReturnType<typeof sql>) =>
    (await one<{ n: number }>(sql`select count(*)::int as n from (${query}) q`))?.n;

  async function formerStudent(leftOn: string) {
    const student = await createStudent(t.database.db, { email: uniqueEmail("ancien") });
    await makeFormerStudent(t.database.db, student.etudiantId);
    await queryRows(t, sql`update etudiants set sorti_le = ${leftOn}::date where id = ${student.etudiantId}`);
    return student;
  }

  async function neverAccepted(invitedAt: string[]) {
    const student = await createStudent(t.database.db, { email: uniqueEmail("invite") });
    await queryRows(
      t,
      sql`update users set password_hash = null, created_at = ${invitedAt[0]}::timestamptz where id = ${student.userId}`,
    );
    for (const [i, at] of invitedAt.entries()) {
      await queryRows(
        t,
        sql`insert into student_invitations (user_id, token_hash, created_at, expires_at)
          values (${student.userId}, ${`hash-${student.userId}-${i}`}, ${at}::timestamptz, ${at}::timestamptz + interval '7 days')`,
      );
    }
    return student;
  }

  async function contactMessage(receivedAt: string, repliedAt?: string) {
    const [message] = await queryRows<{ id: number }>(
      t,
      sql`insert into contact_messages (nom, email, telephone, sujet, message, ip, created_at)
        values ('Visiteur', ${uniqueEmail("visiteur")}, '0600000000', 'Inscription', 'Bonjour', '203.0.113.9', ${receivedAt}::timestamptz)
        returning id`,
    );
    if (!message) throw new Error("no message");
    if (repliedAt) {
      await queryRows(
        t,
        sql`insert into contact_replies (message_id, staff_name, subject, body, created_at)
          values (${message.id}, 'Secrétariat', 'Re: Inscription', 'Réponse', ${repliedAt}::timestamptz)`,
      );
    }
    return Number(message.id);
  }

  async function mail(status: "pending" | "sent" | "failed", at: string) {
    const [row] = await queryRows<{ id: number }>(
      t,
      sql`insert into mail_outbox (status, to_address, subject, text_body, message_id, created_at, sent_at, next_attempt_at)
        values (${status}, ${uniqueEmail("destinataire")}, 'Sujet', 'Corps', ${`<${Math.random()}@test>`},
          ${at}::timestamptz, ${status === "sent" ? at : null}::timestamptz, ${at}::timestamptz) returning id`,
    );
    return Number(row?.id);
  }

  async function journalEntry(at: string) {
    const [row] = await queryRows<{ id: number }>(
      t,
      sql`insert into audit_log (at, staff_id, staff_name, role, action, entity, entity_id, summary, changes, ip)
        values (${at}::timestamptz, ${directionId}, 'Direction Test', 'direction', 'modification', 'etudiants', '7',
          'Fiche de Karim Alaoui modifiée.', '{"email": {"before": "karim@example.com", "after": "k@example.com"}}', '198.51.100.4')
        returning id`,
    );
    return Number(row?.id);
  }

  /** One expired and one kept row of every category, with the periods' defaults. */
  async function academyWithEverything() {
    const leftLongAgo = await formerStudent(ago(40).slice(0, 10));
    const leftLastYear = await formerStudent(ago(12).slice(0, 10));
    const forgotten = await neverAccepted([ago(14)]);
    const reinvited = await neverAccepted([ago(14), ago(1)]);
    const oldMessage = await contactMessage(ago(30), ago(25));
    const answeredLately = await contactMessage(ago(30), ago(2));
    const unanswered = await contactMessage(ago(20));
    const signedInLongAgo = await createStudent(t.database.db, { email: uniqueEmail("trace") });
    await queryRows(
      t,
      sql`update users set last_login_at = ${ago(13)}::timestamptz where id = ${signedInLongAgo.userId}`,
    );
    await queryRows(
      t,
      sql`insert into throttles (key, hits, window_started_at) values ('login:vieux:203.0.113.9', 3, ${ago(13)}::timestamptz),
        ('login:recent:203.0.113.10', 1, now())`,
    );
    const sentLongAgo = await mail("sent", ago(2));
    const sentLately = await mail("sent", new Date(Date.now() - 86_400_000).toISOString());
    const stillPending = await mail("pending", ago(2));
    const oldEntry = await journalEntry(ago(61));
    const recentEntry = await journalEntry(ago(59));
    return {
      leftLongAgo,
      leftLastYear,
      forgotten,
      reinvited,
      oldMessage,
      answeredLately,
      unanswered,
      signedInLongAgo,
      sentLongAgo,
      sentLately,
      stillPending,
      oldEntry,
      recentEntry,
    };
  }

  const expectedCounts = {
    anciens_eleves: 1,
    invitations: 1,
    messages: 1,
    traces: 2,
    emails_envoyes: 1,
    journal: 1,
  };
  const asCategories = (counts: Record<string, number>) =>
    RETENTION_KEYS.map((categorie) => ({ categorie, nombre: counts[categorie] }));

  it("counts each category exactly in the preview, and writes nothing", async () => {
    await academyWithEverything();
    const before = await databaseFingerprint(t.database.db);
    const preview = await direction.post("/api/gestion/conservation/purge", { apercu: true });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toEqual({ categories: asCategories(expectedCounts) });
    expect(await databaseFingerprint(t.database.db)).toEqual(before);
  });

  it("purges each category, keeps what is still within its period, and records one run and one journal entry with counts only", async () => {
    const made = await academyWithEverything();
    const mailDir = path.join(t.config.dataDir, "mail");
    mkdirSync(mailDir, { recursive: true });
    const oldFile = `${ago(2).replace(/[:.]/g, "-")}-vieux.eml`;
    const newFile = `${new Date().toISOString().replace(/[:.]/g, "-")}-recent.eml`;
    writeFileSync(path.join(mailDir, oldFile), "Subject: vieux\r\n\r\nCorps");
    writeFileSync(path.join(mailDir, newFile), "Subject: recent\r\n\r\nCorps");

    const response = await direction.post("/api/gestion/conservation/purge", {});
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ categories: asCategories(expectedCounts) });

    const students = await queryRows<{ id: number }>(t, sql`select id from etudiants order by id`);
    expect(students.map((row) => row.id).sort()).toEqual(
      [made.leftLastYear.etudiantId, made.reinvited.etudiantId, made.signedInLongAgo.etudiantId].sort(),
    );
    expect(
      await countOf(sql`select id from users where id in (${made.leftLongAgo.userId}, ${made.forgotten.userId})`),
    ).toBe(0);
    const messages = await queryRows<{ id: number }>(t, sql`select id from contact_messages order by id`);
    expect(messages.map((row) => Number(row.id))).toEqual([made.answeredLately, made.unanswered]);
    expect(await countOf(sql`select id from contact_replies where message_id = ${made.oldMessage}`)).toBe(0);
    expect(
      (
        await one<{ last_login_at: string | null }>(
          sql`select last_login_at from users where id = ${made.signedInLongAgo.userId}`,
        )
      )?.last_login_at,
    ).toBeNull();
    expect(
      (await queryRows<{ key: string }>(t, sql`select key from throttles where key like 'login:%:203.%'`)).map(
        (r) => r.key,
      ),
    ).toEqual(["login:recent:203.0.113.10"]);
    const mails = await queryRows<{ id: number }>(
      t,
      sql`select id from mail_outbox where id in (${made.sentLongAgo}, ${made.sentLately}, ${made.stillPending}) order by id`,
    );
    expect(mails.map((row) => Number(row.id))).toEqual([made.sentLately, made.stillPending]);
    // (The outbox's worker writes its own files meanwhile: only ours are looked at.)
    expect(readdirSync(mailDir).filter((name) => name === oldFile || name === newFile)).toEqual([newFile]);
    const entries = await queryRows<{
      id: number;
      summary: string;
      changes: unknown;
      ip: string | null;
      staff_name: string;
    }>(
      t,
      sql`select id::int as id, summary, changes, ip, staff_name from audit_log where id in (${made.oldEntry}, ${made.recentEntry}) order by id`,
    );
    expect(entries).toEqual([
      { id: made.oldEntry, summary: "[effacé]", changes: null, ip: null, staff_name: "[effacé]" },
      expect.objectContaining({ id: made.recentEntry, summary: "Fiche de Karim Alaoui modifiée.", ip: "198.51.100.4" }),
    ]);

    const runs = (await direction.get("/api/gestion/conservation/purges")).json().data;
    expect(runs).toEqual([
      expect.objectContaining({ declenchement: "manuel", statut: "terminee", nombres: expectedCounts }),
    ]);
    const journal = await queryRows<{ action: string; summary: string; changes: Record<string, unknown> }>(
      t,
      sql`select action, summary, changes from audit_log where entity = 'donnees-personnelles' and action = 'purge'`,
    );
    expect(journal).toHaveLength(1);
    expect(journal[0]?.summary).toBe(
      "Purge manuelle : Anciens élèves 1, Invitations jamais acceptées 1, Messages de contact 1, Traces de connexion 2, Corps des e-mails envoyés 1, Journal 1.",
    );
    expect(journal[0]?.changes).toEqual(
      Object.fromEntries(Object.entries(expectedCounts).map(([key, n]) => [key, { before: null, after: n }])),
    );
    const requests = (await direction.get("/api/gestion/conservation/demandes")).json().data;
    expect(requests.map((row: { type: string; etudiant_id: number }) => [row.type, row.etudiant_id]).sort()).toEqual(
      [
        ["purge", made.leftLongAgo.etudiantId],
        ["purge", made.forgotten.etudiantId],
      ].sort(),
    );

    // Nothing is left to purge.
    const again = await direction.post("/api/gestion/conservation/purge", { apercu: true });
    expect(again.json()).toEqual({
      categories: asCategories({
        ...expectedCounts,
        anciens_eleves: 0,
        invitations: 0,
        messages: 0,
        traces: 0,
        emails_envoyes: 0,
        journal: 0,
      }),
    });
  });

  it("removes, in the nightly job, a former student aged past a period set to 0; once a night, and not before 03:00", async () => {
    const student = await formerStudent(new Date().toISOString().slice(0, 10));
    const kept = await createStudent(t.database.db, { email: uniqueEmail("inscrit") });
    expect((await direction.patch("/api/gestion/conservation", { anciens_eleves_mois: 0 })).statusCode).toBe(200);
    const purge = createPurge({
      db: t.database.db,
      storage: createStorageFromConfig(t.database.db, t.config.dataDir, t.config.storage),
      dataDir: t.config.dataDir,
      parts: PERSONAL_DATA_PARTS,
    });
    const today = calendarDay(new Date());
    const at = (time: string) => {
      const instant = fromAcademyLocal(`${today}T${time}`);
      if (!instant) throw new Error(`no ${time} today`);
      return instant;
    };
    // 02:30 in Casablanca: too early.
    const early = at("02:30");
    expect(await purge.nightly(early)).toBeNull();
    expect(await countOf(sql`select id from etudiants where id = ${student.etudiantId}`)).toBe(1);

    const night = at("03:10");
    expect(await purge.nightly(night)).toMatchObject({ anciens_eleves: 1 });
    expect(await countOf(sql`select id from etudiants where id = ${student.etudiantId}`)).toBe(0);
    expect(await countOf(sql`select id from users where id = ${student.userId}`)).toBe(0);
    expect(await countOf(sql`select id from etudiants where id = ${kept.etudiantId}`)).toBe(1);
    expect(await purge.nightly(at("04:00"))).toBeNull();
    const runs = await queryRows<{ declenchement: string; statut: string }>(
      t,
      sql`select declenchement, statut from purges`,
    );
    expect(runs).toEqual([{ declenchement: "nuit", statut: "terminee" }]);
    const [entry] = await queryRows<{ staff_id: number | null; summary: string }>(
      t,
      sql`select staff_id, summary from audit_log where action = 'purge' and entity = 'donnees-personnelles'`,
    );
    expect(entry?.staff_id).toBeNull();
    expect(entry?.summary).toMatch(/^Purge de la nuit : Anciens élèves 1,/);
  });

  it("continues after a purge interrupted midway: the erased are gone, the others whole, and the next purge finishes", async () => {
    const students = [];
    for (let i = 0; i < 6; i++) students.push(await formerStudent(ago(40).slice(0, 10)));
    let erased = 0;
    // The process dies while erasing the fourth student: its transaction never commits.
    const dying = createPurge({
      db: t.database.db,
      storage: createStorageFromConfig(t.database.db, t.config.dataDir, t.config.storage),
      dataDir: t.config.dataDir,
      parts: PERSONAL_DATA_PARTS,
      eraseStudent: async (tx, etudiantId) => {
        if (erased === 3) throw new Error("processus tué");
        erased++;
        await tx.execute(sql`delete from users where id = (select user_id from etudiants where id = ${etudiantId})`);
        return async () => {};
      },
    });
    await expect(dying.now({ id: directionId, name: "Direction Test", role: "direction" }, null)).rejects.toThrow(
      "processus tué",
    );
    const left = await queryRows<{ id: number; email: string; has_user: boolean }>(
      t,
      sql`select e.id, e.email, exists (select 1 from users u where u.id = e.user_id) as has_user from etudiants e order by e.id`,
    );
    expect(left.map((row) => row.id)).toEqual(students.slice(3).map((s) => s.etudiantId));
    expect(left.every((row) => row.has_user && row.email.includes("@"))).toBe(true);

    const next = await direction.post("/api/gestion/conservation/purge", {});
    expect(next.json().categories[0]).toEqual({ categorie: "anciens_eleves", nombre: 3 });
    expect(await countOf(sql`select id from etudiants`)).toBe(0);
    const runs = (await direction.get("/api/gestion/conservation/purges")).json().data;
    expect(runs.map((run: { statut: string }) => run.statut)).toEqual(["terminee", "echouee"]);
  });
});
