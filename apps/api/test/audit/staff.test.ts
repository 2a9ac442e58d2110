import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { audit } from "../../src/modules/audit/service.ts";
import { createTestApp, queryRows, type TestApp } from "../support/app.ts";
import { FACTORY_PASSWORD } from "../support/factories.ts";
import { createMailServer, type MailServer, waitFor } from "../support/mail-server.ts";
import { signInNewStaff, staffBrowser } from "../support/staff-browser.ts";

/** Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL. */
describe("the audit log", () => {
  let t: TestApp;
  let smtp: MailServer;
  beforeAll(async () => {
    smtp = await createMailServer();
    await smtp.start();
    t = await createTestApp({ env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  const entries = () => queryRows<{ n: number }>(t, sql`select count(*)::int as n from audit_log`);

  it("refuses UPDATE, DELETE and TRUNCATE (trigger), whoever asks", async () => {
    await signInNewStaff(t, "direction");
    const [before] = await entries();
    expect(before?.n).toBeGreaterThan(0);
    // What the database answered (the query builder wraps it as the cause of its own error).
    const refusal = (query: ReturnType<typeof sql>) =>
      queryRows(t, query).then(
        () => "accepté",
        (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
      );
    expect(await refusal(sql`update audit_log set summary = 'falsifié'`)).toBe(
      "audit_log is append-only: UPDATE refused",
    );
    expect(await refusal(sql`delete from audit_log`)).toBe("audit_log is append-only: DELETE refused");
    expect(await refusal(sql`truncate audit_log`)).toBe("audit_log is append-only: TRUNCATE refused");
    expect(await entries()).toEqual([before]);
    const falsified = await queryRows(t, sql`select id from audit_log where summary = 'falsifié'`);
    expect(falsified).toEqual([]);
  });

  it("writes an entry with the change it records, in the same transaction: a rolled back write leaves no entry", async () => {
    const [before] = await entries();
    await expect(
      t.database.db.transaction(async (tx) => {
        await audit(tx, { actor: null, ip: "127.0.0.1", action: "creation", entity: "comptes", summary: "Essai" });
        throw new Error("la suite de l'écriture échoue");
      }),
    ).rejects.toThrow("la suite");
    expect(await entries()).toEqual([before]);
  });

  it("records who, role, action, entity, summary, changes and IP, and never a password, token, code or secret", async () => {
    const {
      browser: direction,
      secret,
      recoveryCodes,
    } = await signInNewStaff(t, "direction", { name: "Nadia Berrada" });
    const created = await direction.post("/api/gestion/comptes", {
      name: "Hind Chraibi",
      email: "hind.chraibi@example.com",
      role: "pedagogie",
    });
    expect(created.statusCode).toBe(201);
    const mail = await waitFor(() => smtp.to("hind.chraibi@example.com")[0], "invitation");
    const token = /token=([A-Za-z0-9]+)/.exec(mail.email.text ?? "")?.[1] ?? "";
    const activated = await (await staffBrowser(t)).post("/api/activation", {
      token,
      password: "Hind-Secret-Pass-2025",
      password_confirmation: "Hind-Secret-Pass-2025",
    });
    expect(activated.statusCode).toBe(200);
    await direction.post("/api/gestion/mot-de-passe", {
      current_password: FACTORY_PASSWORD,
      password: "Direction-Secret-2025",
      password_confirmation: "Direction-Secret-2025",
    });

    const list = await direction.get("/api/gestion/journal?entity=comptes&action=creation");
    expect(list.statusCode).toBe(200);
    const creation = list.json().data[0];
    expect(creation).toMatchObject({
      staff_name: "Nadia Berrada",
      role: "direction",
      action: "creation",
      entity: "comptes",
      entity_id: String(created.json().id),
      ip: "127.0.0.1",
      changes: {
        email: { before: null, after: "hind.chraibi@example.com" },
        role: { before: null, after: "pedagogie" },
      },
    });
    expect(creation.summary).toContain("Hind Chraibi");
    const detail = await direction.get(`/api/gestion/journal/${creation.id}`);
    expect(detail.json()).toEqual(creation);
    expect((await direction.get("/api/gestion/journal/999999")).statusCode).toBe(404);

    const actions = (await direction.get("/api/gestion/journal?per_page=200"))
      .json()
      .data.map((e: { action: string }) => e.action);
    expect(actions).toEqual(expect.arrayContaining(["connexion", "creation", "activation", "mot_de_passe"]));

    const [dump] = await queryRows<{ text: string }>(t, sql`select string_agg(t::text, '|') as text from audit_log t`);
    for (const secretValue of [
      secret,
      token,
      "Hind-Secret-Pass-2025",
      "Direction-Secret-2025",
      FACTORY_PASSWORD,
      ...(recoveryCodes ?? []),
    ]) {
      expect(dump?.text).not.toContain(secretValue);
    }
  });

  it("filters the journal by person, entity, action and date", async () => {
    const { browser: direction, user } = await signInNewStaff(t, "direction", { name: "Nadia Filtre" });
    const mine = (await direction.get(`/api/gestion/journal?staff_id=${user.id}&action=connexion`)).json();
    expect(mine.total).toBeGreaterThan(0);
    for (const entry of mine.data) expect(entry).toMatchObject({ staff_id: user.id, action: "connexion" });
    const today = new Date().toISOString().slice(0, 10);
    const future = (await direction.get("/api/gestion/journal?from=2999-01-01")).json();
    expect(future.total).toBe(0);
    const past = (await direction.get(`/api/gestion/journal?to=2000-01-01`)).json();
    expect(past.total).toBe(0);
    const around = (
      await direction.get(`/api/gestion/journal?from=2000-01-01&to=2999-12-31&q=${encodeURIComponent("Nadia Filtre")}`)
    ).json();
    expect(around.total).toBeGreaterThan(0);
    expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const badDate = await direction.get("/api/gestion/journal?from=hier");
    expect(badDate.statusCode).toBe(422);
    expect(badDate.json().errors.from).toEqual(["La date doit être au format AAAA-MM-JJ."]);
  });
});
