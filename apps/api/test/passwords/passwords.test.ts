import { hash as argon2Hash } from "@node-rs/argon2";
import { PASSWORD_MESSAGES as M, RESET_CAPTCHA_PLACEHOLDER } from "@puerta/contract";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, passwordResets, users } from "../../src/db/schema/index.ts";
import { commonPasswordListSize, isCommonPassword } from "../../src/modules/passwords/common-passwords.ts";
import { bearer, createTestApp, DEMO_PASSWORD, login, type TestApp } from "../support/app.ts";
import { createStudent } from "../support/factories.ts";
import { createMailServer, type MailServer, waitFor } from "../support/mail-server.ts";

describe("passwords: change, forgot, verify, reset", () => {
  let t: TestApp;
  let smtp: MailServer;
  let ipCounter = 0;
  /** Each test speaks from its own address, so the per-IP limits of one do not leak into another. */
  const freshIp = () => `198.51.100.${++ipCounter}`;

  const post = (url: string, payload: Record<string, unknown>, options: { token?: string; ip?: string } = {}) =>
    t.app.inject({
      method: "POST",
      url,
      payload,
      headers: options.token ? bearer(options.token) : {},
      remoteAddress: options.ip ?? "203.0.113.1",
    });

  /** Forgets the rate-limit counters whose key starts with `prefix` (each test starts unthrottled). */
  const clearThrottles = (prefix: string) =>
    t.database.db.execute(sql`delete from throttles where key like ${`${prefix}%`}`);

  const whoAmI = (token: string) => t.app.inject({ method: "GET", url: "/api/user", headers: bearer(token) });

  /** Asks for a reset link and returns it as it arrives in the student's mailbox. */
  async function requestResetLink(email: string, ip = freshIp()) {
    const before = smtp.to(email).length;
    const response = await post("/api/student/forgot-password", { email }, { ip });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: M.forgotSent });
    const mail = await waitFor(() => smtp.to(email)[before], `reset e-mail to ${email}`);
    const link = /https?:\/\/\S+\/reset-password\?\S+/.exec(mail.email.text ?? "")?.[0];
    if (!link) throw new Error(`no link in ${mail.email.text}`);
    const url = new URL(link);
    return { mail, url, token: url.searchParams.get("token") ?? "", email: url.searchParams.get("email") ?? "" };
  }

  /**
   * A student of the test's own, past the policy gate (which guards /modifier-mot-de-passe), named
   * as the first demo student and with the demo password: the tests change their password.
   */
  const newStudent = async () =>
    (
      await createStudent(t.database.db, {
        nom: "El Amrani",
        prenom: "Yasmine",
        password: DEMO_PASSWORD,
        centre: "Ain Sebaa",
        acceptedPolicy: true,
      })
    ).email;

  beforeAll(async () => {
    smtp = await createMailServer();
    await smtp.start();
    t = await createTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL: "https://portail.puerta.example" } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  it("ships thousands of common passwords that fit the policy, French ones included", () => {
    // ASVS 5.0 6.2.4: at least the top 3,000 passwords that match the policy (8 characters or more).
    expect(commonPasswordListSize()).toBeGreaterThan(3000);
    const french = ["azerty123", "motdepasse", "azertyuiop", "soleil123", "jetaime123", "Bonjour2025", "marseille"];
    for (const common of ["123456", "password", "password123", "qwerty123", "iloveyou", "Dragon", ...french]) {
      expect(isCommonPassword(common), common).toBe(true);
    }
    expect(isCommonPassword("Selectividad2025")).toBe(false);
  });

  it("refuses common passwords, French ones too, when changing and resetting", async () => {
    const FIRST = await newStudent();
    const token = await login(t.app, FIRST);
    for (const common of ["password123", "azerty123", "Motdepasse", "soleil2024"]) {
      const change = await post(
        "/api/change-password",
        { current_password: DEMO_PASSWORD, new_password: common, new_password_confirmation: common },
        { token },
      );
      expect(change.statusCode, common).toBe(422);
      expect(change.json().errors).toEqual({ new_password: [M.tooCommon] });
    }
    const { token: resetToken, email } = await requestResetLink(FIRST);
    const reset = await post("/api/student/reset-password", {
      email,
      token: resetToken,
      password: "azertyuiop",
      password_confirmation: "azertyuiop",
    });
    expect(reset.statusCode).toBe(422);
    expect(reset.json().errors).toEqual({ password: [M.tooCommon] });
    // The refused password did not spend the link.
    const verify = await post("/api/student/verify-reset-token", { email, token: resetToken });
    expect(verify.json().valid).toBe(true);
  });

  it("refuses passwords made of the site's words or the student's own name, when changing and resetting", async () => {
    const FIRST = await newStudent();
    const token = await login(t.app, FIRST);
    const refused = [
      "Selectividad2026",
      "Puerta2025!",
      "Casablanca2025",
      DEMO_PASSWORD,
      "Gestion2025",
      "Pu3rt@2026!",
      "Zenith-2026",
      "Moulay Youssef 2025",
      "DeleSiele2025",
      "Académie2025",
      "Yasmine1990",
      "ElAmrani2025",
    ];
    for (const password of refused) {
      const change = await post(
        "/api/change-password",
        { current_password: DEMO_PASSWORD, new_password: password, new_password_confirmation: password },
        { token },
      );
      expect(change.statusCode, password).toBe(422);
      expect(change.json().errors, password).toEqual({ new_password: [M.contextWord] });
    }
    const { token: resetToken, email } = await requestResetLink(FIRST);
    for (const password of ["Selectividad2026", "Yasmine-2007"]) {
      const reset = await post("/api/student/reset-password", {
        email,
        token: resetToken,
        password,
        password_confirmation: password,
      });
      expect(reset.statusCode, password).toBe(422);
      expect(reset.json().errors, password).toEqual({ password: [M.contextWord] });
    }
    expect((await post("/api/student/verify-reset-token", { email, token: resetToken })).json().valid).toBe(true);
    // A password with words of its own passes.
    const own = await post(
      "/api/change-password",
      {
        current_password: DEMO_PASSWORD,
        new_password: "Puerta-Verde-Sol-88",
        new_password_confirmation: "Puerta-Verde-Sol-88",
      },
      { token },
    );
    expect(own.statusCode).toBe(200);
  });

  describe("POST /api/change-password", () => {
    it("requires a bearer token", async () => {
      const response = await post("/api/change-password", {
        current_password: DEMO_PASSWORD,
        new_password: "Un-Nouveau-Mot-2025",
        new_password_confirmation: "Un-Nouveau-Mot-2025",
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: "Non authentifié." });
    });

    it("refuses bad input field by field and changes nothing", async () => {
      const SECOND = await newStudent();
      const token = await login(t.app, SECOND);
      const cases: [Record<string, unknown>, string, string][] = [
        [
          { new_password: "Abcdefgh-1", new_password_confirmation: "Abcdefgh-1" },
          "current_password",
          M.currentRequired,
        ],
        [
          { current_password: DEMO_PASSWORD, new_password: "Abcdefgh-1", new_password_confirmation: "Abcdefgh-2" },
          "new_password_confirmation",
          M.mismatch,
        ],
        [
          { current_password: DEMO_PASSWORD, new_password: "Ab-1", new_password_confirmation: "Ab-1" },
          "new_password",
          M.tooShort,
        ],
        [
          {
            current_password: DEMO_PASSWORD,
            new_password: "x".repeat(129),
            new_password_confirmation: "x".repeat(129),
          },
          "new_password",
          M.tooLong,
        ],
        [
          { current_password: DEMO_PASSWORD, new_password: "Iloveyou", new_password_confirmation: "Iloveyou" },
          "new_password",
          M.tooCommon,
        ],
        // The demo password is made of the site's words: refused as a new password (the seed keeps it).
        [
          { current_password: DEMO_PASSWORD, new_password: DEMO_PASSWORD, new_password_confirmation: DEMO_PASSWORD },
          "new_password",
          M.contextWord,
        ],
        [
          { current_password: "pas-le-bon", new_password: "Abcdefgh-1", new_password_confirmation: "Abcdefgh-1" },
          "current_password",
          M.currentWrong,
        ],
      ];
      for (const [body, field, message] of cases) {
        const response = await post("/api/change-password", body, { token });
        expect(response.statusCode, JSON.stringify(body)).toBe(422);
        expect(response.json().errors[field]).toContain(message);
      }
      // The password is unchanged: the old one still signs in.
      await expect(login(t.app, SECOND)).resolves.toMatch(/^\d+\|/);
    });

    it("accepts a 64-character password", async () => {
      const SECOND = await newStudent();
      const token = await login(t.app, SECOND);
      const long = `${"Zz9-".repeat(16)}`;
      const changed = await post(
        "/api/change-password",
        { current_password: DEMO_PASSWORD, new_password: long, new_password_confirmation: long },
        { token },
      );
      expect(changed.statusCode).toBe(200);
      const same = await post(
        "/api/change-password",
        { current_password: long, new_password: long, new_password_confirmation: long },
        { token },
      );
      expect(same.json().errors).toEqual({ new_password: [M.sameAsCurrent] });
    });

    it("changes the password and ends the student's other sessions only", async () => {
      const FIRST = await newStudent();
      const SECOND = await newStudent();
      const here = await login(t.app, FIRST);
      const elsewhere = await login(t.app, FIRST);
      const other = await login(t.app, SECOND);
      const response = await post(
        "/api/change-password",
        {
          current_password: DEMO_PASSWORD,
          new_password: "Tanger-Rouge-2026!",
          new_password_confirmation: "Tanger-Rouge-2026!",
        },
        { token: here },
      );
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: M.changed });

      expect((await whoAmI(here)).statusCode).toBe(200);
      expect((await whoAmI(elsewhere)).statusCode).toBe(401);
      expect((await whoAmI(other)).statusCode).toBe(200);
      await expect(login(t.app, FIRST)).rejects.toThrow(/401/);
      await expect(login(t.app, FIRST, "Tanger-Rouge-2026!")).resolves.toMatch(/^\d+\|/);
    });

    it("locks a session that keeps guessing the current password", async () => {
      const SECOND = await newStudent();
      await clearThrottles("change-password:");
      const token = await login(t.app, SECOND);
      const guess = { current_password: "devine", new_password: "Abcdefgh-1", new_password_confirmation: "Abcdefgh-1" };
      for (let i = 0; i < 5; i++) expect((await post("/api/change-password", guess, { token })).statusCode).toBe(422);
      const locked = await post("/api/change-password", guess, { token });
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toMatchObject({ message: M.tooManyAttempts });
      expect(Number(locked.headers["retry-after"])).toBeGreaterThan(0);
      // Even the right password waits until the lock ends.
      const right = { ...guess, current_password: DEMO_PASSWORD };
      expect((await post("/api/change-password", right, { token })).statusCode).toBe(429);
      await clearThrottles("change-password:");
    });
  });

  describe("forgot → e-mail → verify → reset", () => {
    it("sends a French e-mail, text and HTML, whose link resets the password once and ends every session", async () => {
      const FIRST = await newStudent();
      const session = await login(t.app, FIRST);
      const { mail, url, token, email } = await requestResetLink(FIRST);

      expect(mail.email.subject).toBe("Réinitialisation de votre mot de passe — Puerta");
      expect(mail.email.text).toContain("Bonjour");
      expect(mail.email.text).toContain("valable 60 minutes");
      expect(`${url.origin}${url.pathname}`).toBe("https://portail.puerta.example/reset-password");
      expect(email).toBe(FIRST);
      expect(token).toMatch(/^[A-Za-z0-9]{64}$/);
      expect(mail.email.html).toContain('lang="fr"');
      expect(mail.email.html).toContain(url.toString().replaceAll("&", "&amp;"));

      // Only a hash of the token is stored, and the outbox forgets the e-mail's body once sent.
      const stored = await t.database.db.select().from(passwordResets);
      expect(stored.map((r) => r.tokenHash)).not.toContain(token);
      const outbox = await waitFor(async () => {
        const rows = await t.database.db.select().from(mailOutbox);
        return rows.every((row) => row.status === "sent") ? rows : undefined;
      }, "every e-mail marked sent");
      expect(JSON.stringify(outbox)).not.toContain(token);

      const verified = await post("/api/student/verify-reset-token", { token, email });
      expect(verified.statusCode).toBe(200);
      expect(verified.json()).toEqual({ valid: true, message: M.linkValid });

      const reset = await post("/api/student/reset-password", {
        email,
        token,
        password: "Nouveau-Depart-2026",
        password_confirmation: "Nouveau-Depart-2026",
        recaptcha_token: RESET_CAPTCHA_PLACEHOLDER,
      });
      expect(reset.statusCode).toBe(200);
      expect(reset.json()).toEqual({ message: M.resetDone });

      expect((await whoAmI(session)).statusCode).toBe(401);
      await expect(login(t.app, FIRST, "Nouveau-Depart-2026")).resolves.toMatch(/^\d+\|/);

      // The same link a second time: refused, and verify says so.
      const reused = await post("/api/student/reset-password", {
        email,
        token,
        password: "Encore-Autre-2026",
        password_confirmation: "Encore-Autre-2026",
      });
      expect(reused.statusCode).toBe(422);
      expect(reused.json().errors.token).toEqual([M.linkInvalid]);
      expect((await post("/api/student/verify-reset-token", { token, email })).json()).toEqual({
        valid: false,
        message: M.linkInvalid,
      });
      await expect(login(t.app, FIRST, "Nouveau-Depart-2026")).resolves.toMatch(/^\d+\|/);
    });

    it("answers an unknown address exactly like a known one, and mails nobody", async () => {
      const SECOND = await newStudent();
      const sentBefore = smtp.received.length;
      const unknown = await post("/api/student/forgot-password", { email: "personne@example.com" }, { ip: freshIp() });
      const known = await requestResetLink(SECOND);
      expect(unknown.statusCode).toBe(200);
      expect(unknown.json()).toEqual({ message: M.forgotSent });
      expect(known.mail).toBeDefined();
      // Only the known student's mail arrived.
      expect(smtp.received.slice(sentBefore).map((m) => m.envelopeTo)).toEqual([[SECOND]]);
      expect(smtp.to("personne@example.com")).toEqual([]);
    });

    it("refuses an expired link", async () => {
      const SECOND = await newStudent();
      await clearThrottles("forgot:email:");
      const { token, email } = await requestResetLink(SECOND);
      // 61 minutes later, as far as the database clock is concerned.
      await t.database.db
        .update(passwordResets)
        .set({ expiresAt: sql`now() - interval '1 minute'` })
        .where(sql`${passwordResets.usedAt} is null`);
      expect((await post("/api/student/verify-reset-token", { token, email })).json().valid).toBe(false);
      const reset = await post("/api/student/reset-password", {
        email,
        token,
        password: "Trop-Tard-2026",
        password_confirmation: "Trop-Tard-2026",
      });
      expect(reset.statusCode).toBe(422);
      expect(reset.json().errors.token).toEqual([M.linkInvalid]);
      await expect(login(t.app, SECOND)).resolves.toMatch(/^\d+\|/);
    });

    it("keeps the link usable when the new password is refused, and invalidates older links", async () => {
      const FIRST = await newStudent();
      const SECOND = await newStudent();
      await clearThrottles("forgot:email:");
      const first = await requestResetLink(SECOND);
      const second = await requestResetLink(SECOND);
      expect((await post("/api/student/verify-reset-token", first)).json().valid).toBe(false);

      const common = await post("/api/student/reset-password", {
        email: second.email,
        token: second.token,
        password: "password",
        password_confirmation: "password",
      });
      expect(common.statusCode).toBe(422);
      expect(common.json().errors.password).toEqual([M.tooCommon]);
      const mismatch = await post("/api/student/reset-password", {
        email: second.email,
        token: second.token,
        password: "Abcdefgh-1",
        password_confirmation: "Abcdefgh-2",
      });
      expect(mismatch.json().errors.password_confirmation).toEqual([M.mismatch]);
      const short = await post("/api/student/reset-password", {
        email: second.email,
        token: second.token,
        password: "Ab-1",
        password_confirmation: "Ab-1",
      });
      expect(short.json().errors.password).toEqual([M.tooShort]);
      expect((await post("/api/student/verify-reset-token", second)).json().valid).toBe(true);

      // A link only works with the address it was sent to.
      expect((await post("/api/student/verify-reset-token", { token: second.token, email: FIRST })).json().valid).toBe(
        false,
      );
      await clearThrottles("reset:");
    });

    it("refuses malformed requests with French 422 answers", async () => {
      const FIRST = await newStudent();
      const forgot = await post("/api/student/forgot-password", { email: "pas-une-adresse" }, { ip: freshIp() });
      expect(forgot.statusCode).toBe(422);
      expect(forgot.json().errors.email).toEqual(["Format d'email invalide"]);
      const verify = await post("/api/student/verify-reset-token", { email: FIRST });
      expect(verify.statusCode).toBe(422);
      expect(verify.json().errors.token).toEqual([M.linkIncomplete]);
    });

    it("limits requests per IP with 429 and Retry-After, and reset e-mails per address silently", async () => {
      const FIRST = await newStudent();
      const SECOND = await newStudent();
      const ip = freshIp();
      const sentBefore = smtp.to(SECOND).length;
      for (let i = 0; i < 5; i++) {
        const response = await post("/api/student/forgot-password", { email: `inconnu${i}@example.com` }, { ip });
        expect(response.statusCode).toBe(200);
      }
      const refused = await post("/api/student/forgot-password", { email: SECOND }, { ip });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ message: M.tooManyRequests, retry_after: expect.any(Number) });
      expect(Number(refused.headers["retry-after"])).toBe(refused.json().retry_after);

      // Per address: three e-mails an hour, then the same answer but no fourth e-mail.
      await clearThrottles("forgot:email:");
      for (let i = 0; i < 3; i++) await requestResetLink(SECOND);
      const fourth = await post("/api/student/forgot-password", { email: SECOND }, { ip: freshIp() });
      expect(fourth.statusCode).toBe(200);
      expect(fourth.json()).toEqual({ message: M.forgotSent });
      // A later mail to someone else proves the worker went past any fourth one.
      await requestResetLink(FIRST);
      expect(smtp.to(SECOND).length).toBe(sentBefore + 3);
    });

    it("locks an IP that tries many invalid links", async () => {
      const FIRST = await newStudent();
      const ip = freshIp();
      for (let i = 0; i < 20; i++) {
        const response = await post("/api/student/verify-reset-token", { token: `faux${i}`, email: FIRST }, { ip });
        expect(response.json().valid).toBe(false);
      }
      const locked = await post("/api/student/verify-reset-token", { token: "faux", email: FIRST }, { ip });
      expect(locked.statusCode).toBe(429);
      expect(locked.headers["retry-after"]).toBeDefined();
    });

    it("checks the link before paying for the new password's hash", async () => {
      const FIRST = await newStudent();
      // An invalid link must cost no argon2 hash: a reset with one takes about as long as a
      // verify-reset-token (median of rounds taken in turn, so both see the same load).
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
      const timed = async (run: () => Promise<unknown>) => {
        const start = performance.now();
        await run();
        return performance.now() - start;
      };
      const [resetIp, verifyIp] = [freshIp(), freshIp()];
      const extra: number[] = [];
      const hashes: number[] = [];
      for (let i = 0; i < 15; i++) {
        const body = { email: FIRST, token: `faux-lien-${i}` };
        const reset = await timed(async () => {
          const res = await post(
            "/api/student/reset-password",
            { ...body, password: "Nouveau-Depart-2026", password_confirmation: "Nouveau-Depart-2026" },
            { ip: resetIp },
          );
          expect(res.json().errors).toEqual({ token: [M.linkInvalid] });
        });
        const verify = await timed(() => post("/api/student/verify-reset-token", body, { ip: verifyIp }));
        hashes.push(await timed(() => argon2Hash(`Nouveau-Depart-${i}`)));
        extra.push(reset - verify);
      }
      expect(median(extra)).toBeLessThan(median(hashes) / 2);
    });

    it("does not store the password in clear anywhere", async () => {
      const FIRST = await newStudent();
      const [row] = await t.database.db.select().from(users).where(eq(users.email, FIRST));
      expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    });
  });
});
