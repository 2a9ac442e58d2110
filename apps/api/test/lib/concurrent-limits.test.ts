import { CONTACT_MESSAGES, MESSAGES, PASSWORD_MESSAGES } from "@puerta/contract";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app.ts";
import { contactMessages } from "../../src/db/schema/index.ts";
import { bearer, createTestApp, signInNewStudent, solveCaptcha, type TestApp } from "../support/app.ts";
import { createStudent } from "../support/factories.ts";
import { createMailServer, type MailServer } from "../support/mail-server.ts";

const WRONG = "PasLeBonMotDePasse";

/** How many answers had each status code. */
const statusCounts = (responses: LightMyRequestResponse[]) => {
  const counts: Record<number, number> = {};
  for (const r of responses) counts[r.statusCode] = (counts[r.statusCode] ?? 0) + 1;
  return counts;
};

/**
 * Many requests at once, as an attacker would send them: every limit must hold although
 * each request is checked while the others are still running.
 */
describe("limits under concurrent requests", () => {
  let t: TestApp;
  let smtp: MailServer;

  beforeAll(async () => {
    smtp = await createMailServer();
    await smtp.start();
    t = await createTestApp({ env: { SMTP_URL: smtp.url, LOGIN_LOCKOUT_SECONDS: "60" } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  /** Logins sent at once; with `apps`, spread over several API processes sharing the database. */
  const loginBurst = async (passwords: string[], ip: string, email: string, apps: FastifyInstance[] = [t.app]) => {
    const captchas: string[] = [];
    for (const _ of passwords) captchas.push(await solveCaptcha(t.app));
    return Promise.all(
      passwords.map((password, i) =>
        (apps[i % apps.length] ?? t.app).inject({
          method: "POST",
          url: "/api/login",
          payload: { email, password, recaptcha_token: captchas[i] },
          remoteAddress: ip,
        }),
      ),
    );
  };

  it("checks at most 5 of 20 simultaneous logins sent to two API processes; the others hear 429", async () => {
    const ip = "203.0.113.10";
    const student = await createStudent(t.database.db);
    const other = await buildApp({ config: t.config, db: t.database.db, logger: false });
    const responses = await loginBurst(Array(20).fill(WRONG), ip, student.email, [t.app, other]).finally(() =>
      other.close(),
    );
    const counts = statusCounts(responses);
    // Four 401s and the fifth failure's 429: never more than five passwords checked.
    expect(counts[401] ?? 0).toBeLessThanOrEqual(5);
    expect((counts[401] ?? 0) + (counts[429] ?? 0)).toBe(20);
    for (const refused of responses.filter((r) => r.statusCode === 429)) {
      expect(refused.json()).toEqual({ message: MESSAGES.login.tooManyAttempts, retry_after: expect.any(Number) });
      expect(refused.headers["retry-after"]).toBe(String(refused.json().retry_after));
    }
    // The pair is locked: even the right password waits.
    const [after] = await loginBurst([student.password], ip, student.email);
    expect(after?.statusCode).toBe(429);
  });

  it("does not let a success among simultaneous guesses open more guesses", async () => {
    const ip = "203.0.113.11";
    const student = await createStudent(t.database.db);
    const passwords = Array(20).fill(WRONG);
    passwords[2] = student.password;
    const responses = await loginBurst(passwords, ip, student.email);
    const counts = statusCounts(responses);
    expect((counts[401] ?? 0) + (counts[200] ?? 0)).toBeLessThanOrEqual(5);
    // Whatever the order, the burst plus what follows never checks more than 5 wrong passwords.
    const wrongChecked = counts[401] ?? 0;
    const more = await loginBurst(Array(10).fill(WRONG), ip, student.email);
    expect(wrongChecked + (statusCounts(more)[401] ?? 0)).toBeLessThanOrEqual(5);
  });

  it("checks at most 20 of 40 simultaneous invalid reset links from one IP", async () => {
    const ip = "203.0.113.20";
    const { email } = await createStudent(t.database.db);
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        t.app.inject({
          method: "POST",
          url: "/api/student/verify-reset-token",
          payload: { email, token: `faux-${i}` },
          remoteAddress: ip,
        }),
      ),
    );
    const checked = responses.filter((r) => r.statusCode === 200);
    expect(checked.length).toBeLessThanOrEqual(20);
    for (const r of checked) expect(r.json()).toEqual({ valid: false, message: PASSWORD_MESSAGES.linkInvalid });
    expect(statusCounts(responses)[429]).toBe(40 - checked.length);
  });

  it("checks at most 20 of 40 simultaneous resets with invalid links from one IP", async () => {
    const ip = "203.0.113.21";
    const { email } = await createStudent(t.database.db);
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        t.app.inject({
          method: "POST",
          url: "/api/student/reset-password",
          payload: {
            email,
            token: `faux-${i}`,
            password: "Verano-Lluvioso-77",
            password_confirmation: "Verano-Lluvioso-77",
          },
          remoteAddress: ip,
        }),
      ),
    );
    const counts = statusCounts(responses);
    expect(counts[422] ?? 0).toBeLessThanOrEqual(20);
    expect((counts[422] ?? 0) + (counts[429] ?? 0)).toBe(40);
  });

  it("sends at most 3 of 8 simultaneous contact messages from one IP", async () => {
    const ip = "203.0.113.30";
    const before = (await t.database.db.select().from(contactMessages)).length;
    const captchas: string[] = [];
    for (let i = 0; i < 8; i++) captchas.push(await solveCaptcha(t.app));
    const responses = await Promise.all(
      captchas.map((recaptcha_token, i) =>
        t.app.inject({
          method: "POST",
          url: "/api/contact",
          remoteAddress: ip,
          payload: {
            nom: "Salma Bennani",
            email: "salma.parent@example.com",
            telephone: "+212 6 12 34 56 78",
            sujet: `Question ${i}`,
            message: "Bonjour, quelles sont les dates ?",
            recaptcha_token,
          },
        }),
      ),
    );
    const counts = statusCounts(responses);
    expect(counts[200]).toBe(3);
    expect(counts[429]).toBe(5);
    for (const refused of responses.filter((r) => r.statusCode === 429)) {
      expect(refused.json()).toEqual({ message: CONTACT_MESSAGES.tooMany, retry_after_seconds: expect.any(Number) });
    }
    expect((await t.database.db.select().from(contactMessages)).length).toBe(before + 3);
  });

  it("checks at most 5 of 15 simultaneous wrong current passwords", async () => {
    // Changing the password sits behind the policy gate.
    const { token } = await signInNewStudent(t, { acceptedPolicy: true });
    const guess = { current_password: "devine", new_password: "Abcdefgh-1", new_password_confirmation: "Abcdefgh-1" };
    const responses = await Promise.all(
      Array.from({ length: 15 }, () =>
        t.app.inject({ method: "POST", url: "/api/change-password", payload: guess, headers: bearer(token) }),
      ),
    );
    const counts = statusCounts(responses);
    expect(counts[422] ?? 0).toBeLessThanOrEqual(5);
    expect((counts[422] ?? 0) + (counts[429] ?? 0)).toBe(15);
  });
});
