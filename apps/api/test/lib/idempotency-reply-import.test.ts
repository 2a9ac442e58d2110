import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, queryRows, seenByClient, solveCaptcha, type TestApp } from "../support/app.ts";
import { uploadImport } from "../support/forms.ts";
import { HEADER } from "../support/import-files.ts";
import { createMailServer, type MailServer, waitFor } from "../support/mail-server.ts";
import { type StaffBrowser, signInNewStaff } from "../support/staff-browser.ts";

/**
 * Idempotency-Key (decision 087) on the staff's contact reply and on the confirmation of a
 * student import: a second click or a retry after a lost answer gets the first answer, and
 * the e-mail leaves once, the students are created once.
 */
describe("Idempotency-Key on the contact reply and the import confirmation", () => {
  let t: TestApp;
  let smtp: MailServer;
  let direction: StaffBrowser;

  const count = async (query: ReturnType<typeof sql>) => Number((await queryRows<{ n: number }>(t, query))[0]?.n ?? 0);

  /** A staff browser's JSON write, with the Idempotency-Key the web form sends. */
  const staffPost = (url: string, payload: object, key: string) =>
    t.app.inject({
      method: "POST",
      url,
      cookies: direction.cookies,
      headers: { ...direction.csrfHeaders, "idempotency-key": `"${key}"` },
      payload,
    });

  const seen = seenByClient;

  beforeAll(async () => {
    smtp = await createMailServer();
    await smtp.start();
    t = await createTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL: "https://portail.puerta.example" } });
    direction = (await signInNewStaff(t, "direction")).browser;
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  it("sends a reply to a contact message once when the same key comes back", async () => {
    const written = await t.app.inject({
      method: "POST",
      url: "/api/contact",
      remoteAddress: "198.51.100.201",
      payload: {
        nom: "Hind Berrada",
        email: "hind.parent@example.com",
        telephone: "+212 6 12 34 56 01",
        sujet: "Horaires",
        message: "Bonjour, quels sont les horaires du samedi ?",
        recaptcha_token: await solveCaptcha(t.app),
      },
    });
    expect(written.statusCode).toBe(200);
    const [message] = await queryRows<{ id: number }>(
      t,
      sql`select id from contact_messages where email = 'hind.parent@example.com'`,
    );
    const url = `/api/gestion/messages/${message?.id}/reponse`;
    const reply = { message: "Bonjour Madame,\nle samedi de 9 h à 13 h.\n\nLa direction" };
    const key = randomUUID();

    const first = await staffPost(url, reply, key);
    expect(first.statusCode).toBe(201);
    expect(first.json().replies).toHaveLength(1);
    const again = await staffPost(url, reply, key);
    expect(seen(again)).toEqual(seen(first));
    expect(again.headers["idempotent-replayed"]).toBe("true");

    expect(await count(sql`select count(*)::int as n from contact_replies where message_id = ${message?.id}`)).toBe(1);
    const outbox = sql`select count(*)::int as n from mail_outbox where to_address = 'hind.parent@example.com' and subject = 'Re : Horaires'`;
    expect(await count(outbox)).toBe(1);
    // Once the worker has sent it, one e-mail reached the parent.
    await waitFor(
      async () =>
        (await count(
          sql`select count(*)::int as n from mail_outbox where to_address = 'hind.parent@example.com' and status = 'pending'`,
        )) === 0,
      "the reply sent",
    );
    expect(smtp.to("hind.parent@example.com").map((mail) => mail.email.subject)).toEqual(["Re : Horaires"]);

    // The same key with another reply: refused, nothing sent.
    const other = await staffPost(url, { message: "Autre réponse" }, key);
    expect(other.statusCode).toBe(422);
    expect(await count(outbox)).toBe(1);
  });

  it("confirms a student import once when the same key comes back: one set of students, one invitation each", async () => {
    const file = [
      HEADER,
      "Sefrioui,Amal,amal.sefrioui@example.com,,,,Zenith,Préparation DELE / SIELE,",
      "Ouazzani,Reda,reda.ouazzani@example.com,,,,Zenith,Préparation DELE / SIELE,",
    ].join("\n");
    const preview = await uploadImport(t, direction, "etudiants.csv", file);
    expect(preview.statusCode).toBe(200);
    expect(preview.json().counts).toMatchObject({ nouveau: 2, erreur: 0 });
    const url = `/api/gestion/etudiants/import/${preview.json().import_id}/confirm`;
    const key = randomUUID();

    const first = await staffPost(url, { send_invitations: true }, key);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ created: 2, invitations: 2 });
    const again = await staffPost(url, { send_invitations: true }, key);
    expect(seen(again)).toEqual(seen(first));
    expect(again.headers["idempotent-replayed"]).toBe("true");

    const imported = ["amal.sefrioui@example.com", "reda.ouazzani@example.com"];
    for (const email of imported) {
      expect(await count(sql`select count(*)::int as n from users where email = ${email}`), email).toBe(1);
      expect(await count(sql`select count(*)::int as n from etudiants where email = ${email}`), email).toBe(1);
      expect(await count(sql`select count(*)::int as n from mail_outbox where to_address = ${email}`), email).toBe(1);
    }
    expect(
      await count(sql`select count(*)::int as n from audit_log where entity = 'etudiants' and action = 'import'`),
    ).toBe(1);

    // Without the key, the confirmed preview is refused as before: the key is what makes a retry safe.
    const unkeyed = await direction.post(url, { send_invitations: true });
    expect(unkeyed.statusCode).toBe(409);
  });
});
