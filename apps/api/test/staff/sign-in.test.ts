import type { StaffRole } from "@puerta/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, queryRows, type TestApp } from "../support/app.ts";
import { FACTORY_PASSWORD, uniqueEmail } from "../support/factories.ts";
import {
  cookieOf,
  DEMO_STAFF,
  PENDING_COOKIE,
  STAFF_COOKIE,
  signInStaff,
  staffBrowser,
  totpCode,
} from "../support/staff-browser.ts";
import { createStaffMember } from "../support/staff-factories.ts";

describe("staff sign-in with a second factor", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("enrols on the first sign-in: QR URI and secret, a code confirms, 10 recovery codes once, then a session", async () => {
    const browser = await staffBrowser(t);
    const first = await browser.login(DEMO_STAFF.direction);
    expect(first.statusCode).toBe(200);
    const step = first.json();
    expect(step.step).toBe("enrol");
    expect(step.otpauth_uri).toMatch(
      /^otpauth:\/\/totp\/Puerta:direction\.demo%40example\.com\?secret=[A-Z2-7]+&issuer=Puerta$/,
    );
    expect(step.otpauth_uri).toContain(step.secret);
    const pending = cookieOf(first, PENDING_COOKIE);
    expect(pending).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/", maxAge: 300 });

    const me0 = await browser.get("/api/gestion/me");
    expect(me0.statusCode).toBe(401);

    const second = await browser.post("/api/gestion/login/totp", { code: await totpCode(step.secret) });
    expect(second.statusCode).toBe(200);
    const body = second.json();
    expect(body.user).toMatchObject({ email: DEMO_STAFF.direction, role: "direction", centre_ids: [] });
    expect(body.recovery_codes).toHaveLength(10);
    for (const code of body.recovery_codes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    const session = cookieOf(second, STAFF_COOKIE);
    expect(session).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/" });
    expect(session?.secure).toBeFalsy();

    const me = await browser.get("/api/gestion/me");
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ user: body.user });

    // The secret is stored encrypted, the recovery codes and the session id hashed.
    const [row] = await queryRows<{ totp_secret_encrypted: string }>(
      t,
      sql`select totp_secret_encrypted from staff_users where email = ${DEMO_STAFF.direction}`,
    );
    expect(row?.totp_secret_encrypted).not.toContain(step.secret);
    const codes = await queryRows<{ code_hash: string }>(t, sql`select code_hash from staff_recovery_codes`);
    expect(codes).toHaveLength(10);
    expect(codes.map((c) => c.code_hash)).not.toContain(body.recovery_codes[0]);
    const sessions = await queryRows<{ token_hash: string }>(t, sql`select token_hash from staff_sessions`);
    expect(sessions.map((s) => s.token_hash)).not.toContain(session?.value);
  });
});

describe("staff sign-in: second step, lockout, sessions", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const CODE_WRONG = { message: "Code incorrect.", errors: { code: ["Code incorrect."] } };

  /** An account of the test's own (its password is `FACTORY_PASSWORD`), not yet enrolled. */
  async function newAccount(role: StaffRole, centreIds: number[] = []) {
    const email = uniqueEmail(role);
    await createStaffMember(t.database.db, {
      name: `Personnel ${role}`,
      email,
      role,
      centreIds,
      password: FACTORY_PASSWORD,
    });
    return email;
  }

  it("asks an enrolled account for its code, without recovery codes, and refuses the same code twice", async () => {
    const email = await newAccount("pedagogie");
    const { secret } = await signInStaff(t, email, FACTORY_PASSWORD);
    const browser = await staffBrowser(t);
    const first = await browser.login(email, FACTORY_PASSWORD);
    expect(first.json()).toEqual({ step: "totp" });
    const code = await totpCode(secret, 1);
    const second = await browser.post("/api/gestion/login/totp", { code });
    expect(second.statusCode).toBe(200);
    expect(second.json().recovery_codes).toBeUndefined();
    expect(second.json().user.role).toBe("pedagogie");

    // An eavesdropped code is worth nothing once used.
    const other = await staffBrowser(t);
    await other.login(email, FACTORY_PASSWORD);
    const replay = await other.post("/api/gestion/login/totp", { code });
    expect(replay.statusCode).toBe(422);
    expect(replay.json()).toEqual(CODE_WRONG);
  });

  it("accepts a recovery code once, typed in capitals or with spaces", async () => {
    const email = await newAccount("secretariat", [1]);
    const { recoveryCodes } = await signInStaff(t, email, FACTORY_PASSWORD);
    const code = recoveryCodes?.[3] ?? "";
    const browser = await staffBrowser(t);
    await browser.login(email, FACTORY_PASSWORD);
    const used = await browser.post("/api/gestion/login/totp", { code: ` ${code.toUpperCase()} ` });
    expect(used.statusCode).toBe(200);
    expect(used.json().user).toMatchObject({ email, role: "secretariat", centre_ids: [1] });
    expect(cookieOf(used, STAFF_COOKIE)?.value).toBeTruthy();

    const again = await staffBrowser(t);
    await again.login(email, FACTORY_PASSWORD);
    const reused = await again.post("/api/gestion/login/totp", { code });
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toEqual(CODE_WRONG);
  });

  it("answers a step 2 without a live pending sign-in with 401 'Votre connexion a expiré. Recommencez.'", async () => {
    const browser = await staffBrowser(t);
    const none = await browser.post("/api/gestion/login/totp", { code: "123456" });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ message: "Votre connexion a expiré. Recommencez." });

    const email = await newAccount("pedagogie");
    expect((await browser.login(email, FACTORY_PASSWORD)).statusCode).toBe(200);
    await queryRows(
      t,
      sql`update staff_login_challenges set expires_at = now() - interval '1 second'
          where staff_id = (select id from staff_users where email = ${email})`,
    );
    const expired = await browser.post("/api/gestion/login/totp", { code: "123456" });
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ message: "Votre connexion a expiré. Recommencez." });
  });

  it("answers an unknown e-mail, a wrong password and a deactivated account alike", async () => {
    const browser = await staffBrowser(t);
    const unknown = await browser.login(uniqueEmail("personne"), FACTORY_PASSWORD);
    const wrong = await browser.login(await newAccount("pedagogie"), "Mauvais-mot-2025");
    const former = await newAccount("pedagogie");
    await queryRows(t, sql`update staff_users set deactivated_at = now() where email = ${former}`);
    const deactivated = await browser.login(former, FACTORY_PASSWORD);
    for (const response of [unknown, wrong, deactivated]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: "Identifiants invalides" });
      expect(cookieOf(response, PENDING_COOKIE)).toBeUndefined();
    }
  });

  it("refuses a sign-in without the captcha or with a bad one (422 on recaptcha_token)", async () => {
    const browser = await staffBrowser(t);
    const missing = await browser.post("/api/gestion/login", { email: DEMO_STAFF.direction, password: "Gestion2025" });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.recaptcha_token).toEqual(["Veuillez compléter le reCAPTCHA"]);
    const bad = await browser.post("/api/gestion/login", {
      email: DEMO_STAFF.direction,
      password: "Gestion2025",
      recaptcha_token: "pas-un-captcha",
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.recaptcha_token).toEqual(["La vérification anti-robot a échoué. Veuillez réessayer."]);
  });

  it("counts wrong codes towards the lockout: the 5th failure locks the account for this address (429)", async () => {
    const email = await newAccount("direction");
    const { user } = await signInStaff(t, email, FACTORY_PASSWORD);
    const browser = await staffBrowser(t);
    await browser.login(email, FACTORY_PASSWORD);
    const answers: number[] = [];
    for (let i = 0; i < 5; i++) {
      answers.push((await browser.post("/api/gestion/login/totp", { code: "000000" })).statusCode);
    }
    expect(answers).toEqual([422, 422, 422, 422, 429]);
    const locked = await browser.login(email, FACTORY_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ message: "Trop de tentatives de connexion", retry_after: expect.any(Number) });
    expect(locked.json().retry_after).toBeGreaterThan(0);
    expect(locked.headers["retry-after"]).toBe(String(locked.json().retry_after));

    const failures = await queryRows<{ n: number }>(
      t,
      sql`select count(*)::int as n from audit_log where action = 'echec_2fa' and staff_id = ${user.id}`,
    );
    expect(failures[0]?.n).toBe(5);
  });

  it("ends a session idle for 30 minutes, and any session after 12 hours", async () => {
    const email = await newAccount("direction");
    const { browser: idle, user } = await signInStaff(t, email, FACTORY_PASSWORD);
    expect((await idle.get("/api/gestion/me")).statusCode).toBe(200);
    const ofThisAccount = sql`staff_id = ${user.id}`;
    await queryRows(
      t,
      sql`update staff_sessions set last_seen_at = now() - interval '29 minutes' where ${ofThisAccount}`,
    );
    expect((await idle.get("/api/gestion/me")).statusCode).toBe(200);
    await queryRows(
      t,
      sql`update staff_sessions set last_seen_at = now() - interval '31 minutes' where ${ofThisAccount}`,
    );
    const expired = await idle.get("/api/gestion/me");
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ message: "Non authentifié." });

    const old = (await signInStaff(t, email, FACTORY_PASSWORD)).browser;
    await queryRows(
      t,
      sql`update staff_sessions set created_at = now() - interval '11 hours 59 minutes'
          where revoked_at is null and ${ofThisAccount}`,
    );
    expect((await old.get("/api/gestion/me")).statusCode).toBe(200);
    await queryRows(
      t,
      sql`update staff_sessions set created_at = now() - interval '12 hours 1 minute'
          where revoked_at is null and ${ofThisAccount}`,
    );
    expect((await old.get("/api/gestion/me")).statusCode).toBe(401);
  });

  it("signs out: 204, the cookie cleared, the session revoked for good", async () => {
    const { browser } = await signInStaff(t, await newAccount("pedagogie"), FACTORY_PASSWORD);
    const token = browser.cookies[STAFF_COOKIE] ?? "";
    const out = await browser.post("/api/gestion/logout");
    expect(out.statusCode).toBe(204);
    expect(cookieOf(out, STAFF_COOKIE)?.value).toBe("");
    const replayed = await t.app.inject({ method: "GET", url: "/api/gestion/me", cookies: { [STAFF_COOKIE]: token } });
    expect(replayed.statusCode).toBe(401);
  });

  it("changes the password (student rules), ending the other sessions", async () => {
    const email = await newAccount("pedagogie");
    const { browser } = await signInStaff(t, email, FACTORY_PASSWORD);
    const other = (await signInStaff(t, email, FACTORY_PASSWORD)).browser;
    const wrong = await browser.post("/api/gestion/mot-de-passe", {
      current_password: "pas-le-bon",
      password: "Un-Nouveau-Mot-2025",
      password_confirmation: "Un-Nouveau-Mot-2025",
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ current_password: ["Le mot de passe actuel est incorrect."] });
    const common = await browser.post("/api/gestion/mot-de-passe", {
      current_password: FACTORY_PASSWORD,
      password: "iloveyou",
      password_confirmation: "iloveyou",
    });
    expect(common.statusCode).toBe(422);
    expect(common.json().errors.password).toEqual([
      "Ce mot de passe fait partie des plus courants. Choisissez-en un autre.",
    ]);
    const ok = await browser.post("/api/gestion/mot-de-passe", {
      current_password: FACTORY_PASSWORD,
      password: "Un-Nouveau-Mot-2025",
      password_confirmation: "Un-Nouveau-Mot-2025",
    });
    expect(ok.statusCode).toBe(204);
    expect((await browser.get("/api/gestion/me")).statusCode).toBe(200);
    expect((await other.get("/api/gestion/me")).statusCode).toBe(401);
    const login = await (await staffBrowser(t)).login(email, "Un-Nouveau-Mot-2025");
    expect(login.statusCode).toBe(200);
  });
});

describe("staff cookies and CSRF", () => {
  it("refuses a state-changing staff call without the CSRF header (419), the sign-in included", async () => {
    const t = await createTestApp();
    try {
      const { browser } = await signInStaff(t, DEMO_STAFF.direction);
      const withoutHeader = await t.app.inject({
        method: "POST",
        url: "/api/gestion/logout",
        cookies: browser.cookies,
      });
      expect(withoutHeader.statusCode).toBe(419);
      expect(withoutHeader.json()).toEqual({ message: "Jeton de sécurité expiré. Rechargez la page puis réessayez." });
      expect((await browser.get("/api/gestion/me")).statusCode).toBe(200);

      const login = await t.app.inject({
        method: "POST",
        url: "/api/gestion/login",
        payload: { email: DEMO_STAFF.direction, password: "Gestion2025", recaptcha_token: "x" },
      });
      expect(login.statusCode).toBe(419);
      const activation = await t.app.inject({
        method: "POST",
        url: "/api/activation",
        payload: { token: "x", password: "Un-Nouveau-Mot-2025", password_confirmation: "Un-Nouveau-Mot-2025" },
      });
      expect(activation.statusCode).toBe(419);
    } finally {
      await t.close();
    }
  }, 120_000); // builds its own app, as the hooks of the other suites do

  it("in production: __Host- names, Secure, HttpOnly, SameSite=Strict, Path=/", async () => {
    const t = await createTestApp({ env: { NODE_ENV: "production" } });
    try {
      const browser = await staffBrowser(t);
      const first = await browser.login(DEMO_STAFF.direction);
      expect(first.statusCode).toBe(200);
      const pending = cookieOf(first, `__Host-${PENDING_COOKIE}`);
      expect(pending).toMatchObject({ secure: true, httpOnly: true, sameSite: "Strict", path: "/" });
      expect(pending?.domain).toBeUndefined();
      const second = await browser.post("/api/gestion/login/totp", { code: await totpCode(first.json().secret) });
      expect(second.statusCode).toBe(200);
      const session = cookieOf(second, `__Host-${STAFF_COOKIE}`);
      expect(session).toMatchObject({ secure: true, httpOnly: true, sameSite: "Strict", path: "/" });
      expect(session?.domain).toBeUndefined();
      expect(cookieOf(second, STAFF_COOKIE)).toBeUndefined();
      // The development name is not read in production.
      const devName = await t.app.inject({
        method: "GET",
        url: "/api/gestion/me",
        cookies: { [STAFF_COOKIE]: session?.value ?? "" },
      });
      expect(devName.statusCode).toBe(401);
      expect((await browser.get("/api/gestion/me")).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  }, 120_000); // builds its own app, as the hooks of the other suites do
});
