import { CONTACT_MESSAGES as M } from "@puerta/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactMessages } from "../../src/db/schema/index.ts";
import { createTestApp, solveCaptcha, type TestApp } from "../support/app.ts";
import { uniqueName } from "../support/factories.ts";
import { createMailServer, type MailServer, waitFor } from "../support/mail-server.ts";

const ACADEMY = "secretariat@puerta.example";

describe("POST /api/contact", () => {
  let t: TestApp;
  let smtp: MailServer;
  let ipCounter = 0;
  const freshIp = () => `192.0.2.${++ipCounter}`;

  const valid = () => ({
    nom: "Salma Bennani",
    email: "salma.parent@example.com",
    telephone: "+212 6 12 34 56 78",
    sujet: "Inscription Selectividad",
    message: "Bonjour,\nquelles sont les dates de la prochaine session ?",
  });

  const send = async (body: Record<string, unknown>, ip: string, captcha = true) =>
    t.app.inject({
      method: "POST",
      url: "/api/contact",
      remoteAddress: ip,
      payload: captcha ? { ...body, recaptcha_token: await solveCaptcha(t.app) } : body,
    });

  const stored = () => t.database.db.select().from(contactMessages);

  beforeAll(async () => {
    smtp = await createMailServer();
    await smtp.start();
    t = await createTestApp({ seed: false, env: { SMTP_URL: smtp.url, CONTACT_EMAIL: ACADEMY } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  it("stores the message and e-mails it to the academy, replying to the visitor", async () => {
    // A subject of its own: the other tests of this file send messages to the same academy.
    const body = { ...valid(), nom: "Salma <b>Bennani</b>", sujet: uniqueName("Inscription Selectividad") };
    const response = await send(body, freshIp());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: M.sent });

    const rows = await t.database.db.select().from(contactMessages).where(eq(contactMessages.sujet, body.sujet));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      nom: "Salma <b>Bennani</b>",
      email: body.email,
      telephone: "+212612345678",
      sujet: body.sujet,
      message: body.message,
    });

    const subject = `Nouveau message du site : ${body.sujet}`;
    const mail = await waitFor(() => smtp.to(ACADEMY).find((m) => m.email.subject === subject), "the contact e-mail");
    expect(mail.email.replyTo?.[0]).toMatchObject({ address: body.email });
    expect(mail.email.text).toContain("Nom : Salma <b>Bennani</b>");
    expect(mail.email.text).toContain("Téléphone : +212612345678");
    expect(mail.email.text).toContain(body.message);
    // What the visitor typed is text in the HTML part, never markup.
    expect(mail.email.html).toContain("Salma &lt;b&gt;Bennani&lt;/b&gt;");
    expect(mail.email.html).not.toContain("<b>Bennani</b>");
  });

  it("validates all five fields and the captcha, storing nothing", async () => {
    const before = (await stored()).length;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...valid(), nom: "  " }, "nom", M.nomRequired],
      [{ ...valid(), nom: "n".repeat(101) }, "nom", M.tooLong(100)],
      [{ ...valid(), email: "salma@" }, "email", M.emailInvalid],
      [{ ...valid(), email: undefined }, "email", M.emailRequired],
      [{ ...valid(), telephone: "06 12 AB 56 78" }, "telephone", M.telephoneInvalid],
      [{ ...valid(), telephone: "12+345678" }, "telephone", M.telephoneInvalid],
      [{ ...valid(), telephone: "" }, "telephone", M.telephoneRequired],
      [{ ...valid(), sujet: "" }, "sujet", M.sujetRequired],
      [{ ...valid(), sujet: "s".repeat(151) }, "sujet", M.tooLong(150)],
      [{ ...valid(), message: "" }, "message", M.messageRequired],
      [{ ...valid(), message: "m".repeat(5001) }, "message", M.tooLong(5000)],
    ];
    for (const [body, field, message] of cases) {
      const response = await send(body, freshIp());
      expect(response.statusCode, field).toBe(422);
      expect(response.json().errors[field], JSON.stringify(body).slice(0, 80)).toEqual([message]);
    }
    // Worded as the other fields ("Le nom est requis."): "e-mail", with its full stop.
    expect(M.emailRequired).toBe("L'e-mail est requis.");
    const noCaptcha = await send(valid(), freshIp(), false);
    expect(noCaptcha.statusCode).toBe(422);
    expect(noCaptcha.json().errors.recaptcha_token).toEqual([M.captchaRequired]);

    const payload = await solveCaptcha(t.app);
    const once = await send({ ...valid(), recaptcha_token: payload }, freshIp(), false);
    expect(once.statusCode).toBe(200);
    const replay = await send({ ...valid(), recaptcha_token: payload }, freshIp(), false);
    expect(replay.statusCode).toBe(422);
    expect(replay.json().errors.recaptcha_token).toEqual([M.captchaFailed]);

    expect((await stored()).length).toBe(before + 1);
  });

  it("answers 429 with retry_after_seconds and Retry-After after three messages from one IP in 15 minutes", async () => {
    const ip = freshIp();
    for (let i = 0; i < 3; i++) expect((await send(valid(), ip)).statusCode).toBe(200);
    const before = (await stored()).length;

    const fourth = await send(valid(), ip);
    expect(fourth.statusCode).toBe(429);
    const body = fourth.json();
    expect(body).toEqual({ message: M.tooMany, retry_after_seconds: expect.any(Number) });
    expect(body.retry_after_seconds).toBeGreaterThan(800);
    expect(body.retry_after_seconds).toBeLessThanOrEqual(900);
    expect(fourth.headers["retry-after"]).toBe(String(body.retry_after_seconds));

    // While locked, even a malformed body hears 429, and nothing more is stored.
    const malformed = await send({ nom: "" }, ip, false);
    expect(malformed.statusCode).toBe(429);
    expect(malformed.json().retry_after_seconds).toBeGreaterThan(0);
    expect((await stored()).length).toBe(before);

    // Another visitor is not affected.
    expect((await send(valid(), freshIp())).statusCode).toBe(200);
  });
  it("accepts one plain e-mail address only, so that the reply cannot go to someone else", async () => {
    const before = (await stored()).length;
    for (const email of [
      "x,<attacker@evil.co>",
      "salma@example.com, attacker@evil.co",
      "Salma <salma@example.com>",
      "salma@example.com;attacker@evil.co",
      '"x"@evil.co',
    ]) {
      const res = await send({ ...valid(), email }, freshIp(), false);
      expect(res.statusCode, email).toBe(422);
      expect(res.json().errors.email, email).toEqual([M.emailInvalid]);
    }
    expect((await stored()).length).toBe(before);
  });
});
