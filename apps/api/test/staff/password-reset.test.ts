import { PASSWORD_MESSAGES as M, type StaffRole } from "@puerta/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, queryRows, solveCaptcha, type TestApp } from "../support/app.ts";
import { FACTORY_PASSWORD, uniqueEmail } from "../support/factories.ts";
import { createMailServer, type MailServer, waitFor } from "../support/mail-server.ts";
import { signInNewStaff, staffBrowser, totpCode } from "../support/staff-browser.ts";
import { createStaffMember } from "../support/staff-factories.ts";

const NEW_PASSWORD = "Tableau-Noir-2026";

describe("staff « mot de passe oublié » (/api/gestion/mot-de-passe-oublie)", () => {
  let t: TestApp;
  let smtp: MailServer;
  let ip = 0;

  beforeAll(async () => {
    smtp = await createMailServer();
    await smtp.start();
    t = await createTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL: "https://portail.puerta.example" } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  /** A browser of its own address: each test counts its own rate limits. */
  async function visitor() {
    const browser = await staffBrowser(t);
    const remoteAddress = `203.0.113.${++ip}`;
    const post = (url: string, payload: unknown) =>
      t.app.inject({
        method: "POST",
        url,
        remoteAddress,
        cookies: browser.cookies,
        headers: browser.csrfHeaders,
        payload: payload as object,
      });
    return {
      forgot: async (email: string) =>
        post("/api/gestion/mot-de-passe-oublie", { email, recaptcha_token: await solveCaptcha(t.app) }),
      post,
      verify: (email: string, token: string) => post("/api/gestion/mot-de-passe-oublie/verifier", { email, token }),
      reset: (email: string, token: string, password = NEW_PASSWORD) =>
        post("/api/gestion/mot-de-passe-oublie/reinitialiser", {
          email,
          token,
          password,
          password_confirmation: password,
          recaptcha_token: "placeholder",
        }),
    };
  }

  /** A staff account of the test's own (`FACTORY_PASSWORD`, no second factor yet): its address. */
  async function newAccount(role: StaffRole) {
    const email = uniqueEmail(role);
    await createStaffMember(t.database.db, { name: `Personnel ${role}`, email, role, password: FACTORY_PASSWORD });
    return email;
  }

  async function resetLink(email: string, index = 0) {
    // Only the reset e-mails: a first sign-in's enrolment sends its own.
    const resets = () => smtp.to(email).filter((m) => m.email.text?.includes("/gestion/reinitialiser-mot-de-passe"));
    const mail = await waitFor(() => resets()[index], `reset e-mail to ${email}`);
    const link = /https:\/\/portail\.puerta\.example\/gestion\/reinitialiser-mot-de-passe\?\S+/.exec(
      mail.email.text ?? "",
    )?.[0];
    if (!link) throw new Error(`no link in ${mail.email.text}`);
    return {
      mail,
      token: new URL(link).searchParams.get("token") ?? "",
      email: new URL(link).searchParams.get("email"),
    };
  }

  it("answers an unknown, a deactivated and a known address the same; only the known one gets a link", async () => {
    const v = await visitor();
    await queryRows(
      t,
      sql`insert into staff_users (name, email, role, password_hash, deactivated_at) values ('Ancien', 'ancien@example.com', 'pedagogie', 'x', now())`,
    );
    const unknown = await v.forgot("personne@example.com");
    const deactivated = await v.forgot("ancien@example.com");
    const secretariat = await newAccount("secretariat");
    const known = await v.forgot(secretariat);
    for (const response of [unknown, deactivated, known]) {
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: M.forgotSent });
    }
    const { mail, email } = await resetLink(secretariat);
    expect(email).toBe(secretariat);
    expect(mail.email.subject).toBe("Réinitialisation de votre mot de passe — Puerta");
    expect(mail.email.text).toContain("votre espace de gestion Puerta");
    expect(smtp.to("personne@example.com")).toEqual([]);
    expect(smtp.to("ancien@example.com")).toEqual([]);
  });

  it("resets the password with the link once, keeps the second factor and ends the sessions", async () => {
    const signedIn = await signInNewStaff(t, "direction", { name: "Nadia Berrada" });
    const direction = signedIn.email;
    const someoneElse = await newAccount("secretariat");
    expect((await signedIn.browser.get("/api/gestion/me")).statusCode).toBe(200);

    const v = await visitor();
    await v.forgot(direction);
    const { token } = await resetLink(direction);
    const stored = await queryRows<{ token_hash: string }>(t, sql`select token_hash from staff_password_resets`);
    expect(stored.map((row) => row.token_hash)).not.toContain(token);

    expect((await v.verify(direction, token)).json()).toEqual({ valid: true, message: M.linkValid });
    expect((await v.verify(someoneElse, token)).json()).toEqual({ valid: false, message: M.linkInvalid });

    const common = await v.reset(direction, token, "password123");
    expect(common.statusCode).toBe(422);
    expect(common.json().errors.password).toEqual([M.tooCommon]);

    const done = await v.reset(direction, token);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: M.resetDone });
    const again = await v.reset(direction, token);
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.token).toEqual([M.linkInvalid]);

    expect((await signedIn.browser.get("/api/gestion/me")).statusCode).toBe(401);

    const [account] = await queryRows<{ totp_enrolled: boolean; totp_secret_encrypted: string | null }>(
      t,
      sql`select totp_enrolled, totp_secret_encrypted from staff_users where email = ${direction}`,
    );
    expect(account?.totp_enrolled).toBe(true);
    expect(account?.totp_secret_encrypted).not.toBeNull();

    // The new password opens the first step; the second still asks the enrolled authenticator.
    await queryRows(t, sql`update staff_users set totp_last_step = null where email = ${direction}`);
    const browser = await staffBrowser(t);
    expect((await browser.login(direction, FACTORY_PASSWORD)).statusCode).toBe(401);
    const first = await browser.login(direction, NEW_PASSWORD);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ step: "totp" });
    const second = await browser.post("/api/gestion/login/totp", { code: await totpCode(signedIn.secret) });
    expect(second.statusCode).toBe(200);

    const [entry] = await queryRows<{ staff_name: string; summary: string; changes: unknown }>(
      t,
      sql`select staff_name, summary, changes from audit_log where action = 'reinitialisation_mot_de_passe'`,
    );
    expect(entry).toMatchObject({ staff_name: "Nadia Berrada", changes: null });
    expect(entry?.summary).not.toContain(token);
  });

  it("limits the requests per address like the students' form (429 with retry_after)", async () => {
    const v = await visitor();
    for (let i = 0; i < 5; i++) expect((await v.forgot(`inconnu${i}@example.com`)).statusCode).toBe(200);
    const sixth = await v.forgot("inconnu6@example.com");
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ message: M.tooManyRequests, retry_after: expect.any(Number) });
  });

  it("asks for the sign-in's captcha: none, a bad one or a spent one gets a 422 on recaptcha_token and no e-mail", async () => {
    const { post } = await visitor();
    const pedagogie = await newAccount("pedagogie");
    const before = smtp.to(pedagogie).length;
    const missing = await post("/api/gestion/mot-de-passe-oublie", { email: pedagogie });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ recaptcha_token: ["Veuillez compléter le reCAPTCHA"] });
    const bad = await post("/api/gestion/mot-de-passe-oublie", { email: pedagogie, recaptcha_token: "x" });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      recaptcha_token: ["La vérification anti-robot a échoué. Veuillez réessayer."],
    });
    const payload = await solveCaptcha(t.app);
    const ok = await post("/api/gestion/mot-de-passe-oublie", {
      email: pedagogie,
      recaptcha_token: payload,
    });
    expect(ok.statusCode).toBe(200);
    const spent = await post("/api/gestion/mot-de-passe-oublie", {
      email: pedagogie,
      recaptcha_token: payload,
    });
    expect(spent.statusCode).toBe(422);
    await waitFor(() => smtp.to(pedagogie)[before], "the one reset e-mail");
    expect(smtp.to(pedagogie)).toHaveLength(before + 1);
  });

  it("needs the CSRF echo, like the staff sign-in", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/gestion/mot-de-passe-oublie",
      payload: { email: uniqueEmail("pedagogie") },
    });
    expect(response.statusCode).toBe(419);
  });
});
