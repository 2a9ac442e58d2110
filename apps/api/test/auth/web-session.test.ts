import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app.ts";
import { loadConfig } from "../../src/config.ts";
import {
  bearer,
  createTestApp,
  login,
  loginNewStudent,
  queryRows,
  solveCaptcha,
  type TestApp,
} from "../support/app.ts";
import { createStudent, FACTORY_PASSWORD } from "../support/factories.ts";
import { cookieOf, signInNewStaff, staffBrowser } from "../support/staff-browser.ts";

const SESSION_COOKIE = "puerta_session";
const UNAUTHENTICATED = { message: "Non authentifié." };
const CSRF_MISMATCH = { message: "Jeton de sécurité expiré. Rechargez la page puis réessayez." };

/**
 * The student's web session (student spec section 3, amendment of 26 Nov 2026; decision 100):
 * `POST /api/session` puts the token in an HttpOnly cookie, and every student route accepts it.
 */
describe("student web session by cookie", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TOKEN_IDLE_MINUTES: "30", TOKEN_LIFETIME_HOURS: "12" } });
  });
  afterAll(() => t.close());

  /**
   * A browser that signed in on the web: its cookies, and requests that carry them with the CSRF
   * echo. A new student of the test's own unless `email` names one.
   */
  async function signedInBrowser(email?: string, password = FACTORY_PASSWORD) {
    email ??= (await createStudent(t.database.db)).email;
    const browser = await staffBrowser(t);
    const response = await browser.post("/api/session", {
      email,
      password,
      recaptcha_token: await solveCaptcha(t.app),
    });
    if (response.statusCode !== 200) throw new Error(`web sign-in failed: ${response.statusCode} ${response.body}`);
    return { browser, response, email };
  }

  const sessionTokenId = (value: string | undefined) => Number((value ?? "").split("|")[0]);
  const tokenExists = async (id: number) =>
    (await queryRows(t, sql`select id from personal_access_tokens where id = ${id}`)).length === 1;

  it("signs in with an HttpOnly, SameSite=Strict session cookie and answers the user without any token", async () => {
    const { browser, response, email } = await signedInBrowser();
    const body = response.json();
    expect(Object.keys(body)).toEqual(["user"]);
    expect(body.user.email).toBe(email);
    expect(response.body).not.toContain(browser.cookies[SESSION_COOKIE]);

    const cookie = cookieOf(response, SESSION_COOKIE);
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe("Strict");
    expect(cookie?.path).toBe("/");
    expect(cookie?.secure).toBeUndefined();
    // As long as the token may live (TOKEN_LIFETIME_HOURS), like the stored token it replaces.
    expect(cookie?.maxAge).toBe(12 * 3600);
    // Beside it, a hint the web's scripts may read: it authenticates nothing.
    const hint = cookieOf(response, "puerta_student");
    expect(hint?.value).toBe("1");
    expect(hint?.httpOnly).toBeUndefined();
    expect(await t.app.inject({ method: "GET", url: "/api/user", cookies: { puerta_student: "1" } })).toMatchObject({
      statusCode: 401,
    });
    // The CSRF token is issued again, bound to the new session.
    expect(cookieOf(response, "XSRF-TOKEN")?.value).toMatch(/^[A-Za-z0-9]{40}\.[\w-]+$/);

    const me = await browser.get("/api/user");
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(email);
    expect(me.headers["cache-control"]).toBe("no-store");
  });

  it("refuses the web sign-in without the CSRF double submit (login CSRF), and a wrong password as /api/login does", async () => {
    const student = await createStudent(t.database.db);
    const payload = { email: student.email, password: student.password, recaptcha_token: await solveCaptcha(t.app) };
    const forged = await t.app.inject({ method: "POST", url: "/api/session", payload });
    expect(forged.statusCode).toBe(419);
    expect(forged.json()).toEqual(CSRF_MISMATCH);
    expect(cookieOf(forged, SESSION_COOKIE)).toBeUndefined();

    const browser = await staffBrowser(t);
    const wrong = await browser.post("/api/session", {
      email: student.email,
      password: "pas-le-bon-2025",
      recaptcha_token: await solveCaptcha(t.app),
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: "Identifiants invalides" });
    expect(cookieOf(wrong, SESSION_COOKIE)).toBeUndefined();
  });

  it("refuses a write made with the cookie but without the CSRF echo, or with a token not bound to the session", async () => {
    const { browser } = await signedInBrowser();
    const body = { type: "scolaire", langues: ["Espagnol"] };
    const cookies = { ...browser.cookies };

    const withoutHeader = await t.app.inject({ method: "POST", url: "/api/logout", cookies });
    expect(withoutHeader.statusCode).toBe(419);
    expect(withoutHeader.json()).toEqual(CSRF_MISMATCH);

    // A pair an attacker chose (planted from a sibling subdomain): equal, but not bound to this session.
    const planted = await t.app.inject({
      method: "POST",
      url: "/api/logout",
      cookies: { ...cookies, "XSRF-TOKEN": "a".repeat(40) },
      headers: { "x-xsrf-token": "a".repeat(40) },
    });
    expect(planted.statusCode).toBe(419);
    expect(planted.json()).toEqual(CSRF_MISMATCH);

    const refusedWrite = await t.app.inject({ method: "POST", url: "/api/demandes", cookies, payload: body });
    expect(refusedWrite.statusCode).toBe(419);
    // Reads need no echo, and the session is still live.
    expect((await browser.get("/api/user")).statusCode).toBe(200);
  });

  it("signs out: the cookie is cleared and its token revoked, and the old cookie opens nothing", async () => {
    const { browser } = await signedInBrowser();
    const value = browser.cookies[SESSION_COOKIE];
    const out = await browser.post("/api/logout");
    expect(out.statusCode).toBe(200);
    const cleared = cookieOf(out, SESSION_COOKIE);
    expect(cleared?.value).toBe("");
    expect(browser.cookies[SESSION_COOKIE]).toBeUndefined();
    expect(browser.cookies.puerta_student).toBeUndefined();
    expect(await tokenExists(sessionTokenId(value))).toBe(false);

    const replay = await t.app.inject({ method: "GET", url: "/api/user", cookies: { [SESSION_COOKIE]: value ?? "" } });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual(UNAUTHENTICATED);
  });

  it("a password change made on the web keeps this session and ends every other one (cookie or bearer)", async () => {
    // Changing the password sits behind the policy gate.
    const { email } = await createStudent(t.database.db, { acceptedPolicy: true });
    const { browser } = await signedInBrowser(email);
    const other = await signedInBrowser(email);
    const apiToken = await login(t.app, email, FACTORY_PASSWORD);
    const changed = await browser.post("/api/change-password", {
      current_password: FACTORY_PASSWORD,
      new_password: "Un-Nouveau-Mot-2025",
      new_password_confirmation: "Un-Nouveau-Mot-2025",
    });
    expect(changed.statusCode).toBe(200);
    expect((await browser.get("/api/user")).statusCode).toBe(200);
    expect((await other.browser.get("/api/user")).statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: "/api/user", headers: bearer(apiToken) })).statusCode).toBe(401);

    // A change made with a bearer token ends the web sessions too.
    const web = await signedInBrowser(email, "Un-Nouveau-Mot-2025");
    const bearerToken = await login(t.app, email, "Un-Nouveau-Mot-2025");
    const viaBearer = await t.app.inject({
      method: "POST",
      url: "/api/change-password",
      headers: bearer(bearerToken),
      payload: {
        current_password: "Un-Nouveau-Mot-2025",
        new_password: "Un-Autre-Mot-2025",
        new_password_confirmation: "Un-Autre-Mot-2025",
      },
    });
    expect(viaBearer.statusCode).toBe(200);
    expect((await web.browser.get("/api/user")).statusCode).toBe(401);
    expect((await browser.get("/api/user")).statusCode).toBe(401);
  });

  it("ends the web session when the office deactivates the student", async () => {
    const student = await createStudent(t.database.db);
    const { browser } = await signedInBrowser(student.email);
    expect((await browser.get("/api/user")).statusCode).toBe(200);
    const { browser: direction } = await signInNewStaff(t, "direction");
    const deactivated = await direction.post(`/api/gestion/etudiants/${student.etudiantId}/desactiver`);
    expect(deactivated.statusCode).toBe(200);
    const after = await browser.get("/api/user");
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual(UNAUTHENTICATED);
  });

  it("expires a cookie session left idle longer than TOKEN_IDLE_MINUTES, and one older than TOKEN_LIFETIME_HOURS", async () => {
    const idle = await signedInBrowser();
    const idleId = sessionTokenId(idle.browser.cookies[SESSION_COOKIE]);
    await t.database.db.execute(
      sql`update personal_access_tokens set last_used_at = now() - interval '31 minutes' where id = ${idleId}`,
    );
    const idleAnswer = await idle.browser.get("/api/user");
    expect(idleAnswer.statusCode).toBe(401);
    expect(idleAnswer.json()).toEqual(UNAUTHENTICATED);

    const old = await signedInBrowser();
    const oldId = sessionTokenId(old.browser.cookies[SESSION_COOKIE]);
    await t.database.db.execute(
      sql`update personal_access_tokens set expires_at = now() - interval '1 second' where id = ${oldId}`,
    );
    const oldAnswer = await old.browser.get("/api/user");
    expect(oldAnswer.statusCode).toBe(401);
    expect(oldAnswer.json()).toEqual(UNAUTHENTICATED);
  });

  it("a bearer header is judged alone: a wrong one is 401 even beside a live cookie", async () => {
    const { browser } = await signedInBrowser();
    const response = await t.app.inject({
      method: "GET",
      url: "/api/user",
      cookies: browser.cookies,
      headers: { authorization: `Bearer 1|${"x".repeat(40)}` },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(UNAUTHENTICATED);
  });

  it("moves a token an older web client kept in localStorage into the cookie, once, and ends the stored token", async () => {
    const { token: stored } = await loginNewStudent(t);
    const browser = await staffBrowser(t);
    const exchanged = await t.app.inject({
      method: "POST",
      url: "/api/session/exchange",
      cookies: browser.cookies,
      headers: { ...bearer(stored), ...browser.csrfHeaders },
    });
    expect(exchanged.statusCode).toBe(200);
    expect(Object.keys(exchanged.json())).toEqual(["user"]);
    const cookie = cookieOf(exchanged, SESSION_COOKIE);
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.value).not.toBe(stored);
    expect((await t.app.inject({ method: "GET", url: "/api/user", headers: bearer(stored) })).statusCode).toBe(401);
    const me = await t.app.inject({
      method: "GET",
      url: "/api/user",
      cookies: { [SESSION_COOKIE]: cookie?.value ?? "" },
    });
    expect(me.statusCode).toBe(200);
    // A second exchange with the stored token finds nothing to move.
    const again = await t.app.inject({ method: "POST", url: "/api/session/exchange", headers: bearer(stored) });
    expect(again.statusCode).toBe(401);
  });

  it("a browser with a staff and a student session can write on both sides", async () => {
    const { browser: staff } = await signInNewStaff(t, "direction");
    const student = await createStudent(t.database.db);
    const signIn = await staff.post("/api/session", {
      email: student.email,
      password: student.password,
      recaptcha_token: await solveCaptcha(t.app),
    });
    expect(signIn.statusCode).toBe(200);
    expect((await staff.get("/api/gestion/me")).statusCode).toBe(200);
    expect((await staff.get("/api/user")).statusCode).toBe(200);
    const out = await staff.post("/api/logout");
    expect(out.statusCode).toBe(200);
    expect((await staff.get("/api/gestion/me")).statusCode).toBe(200);
  });

  it("names the cookie __Host-puerta_session with Secure in production", async () => {
    const config = loadConfig({
      NODE_ENV: "production",
      DATA_DIR: t.config.dataDir,
      APP_SECRET: "production-secret-production-secret-42",
      WEB_DIR: t.config.webDir,
      LOG_LEVEL: "silent",
    });
    const app = await buildApp({ config, db: t.database.db, logger: false });
    const student = await createStudent(t.database.db);
    try {
      const csrf = await app.inject({ method: "GET", url: "/sanctum/csrf-cookie" });
      const xsrf = cookieOf(csrf, "XSRF-TOKEN")?.value ?? "";
      const response = await app.inject({
        method: "POST",
        url: "/api/session",
        cookies: { "XSRF-TOKEN": xsrf },
        headers: { "x-xsrf-token": xsrf },
        payload: { email: student.email, password: student.password, recaptcha_token: await solveCaptcha(app) },
      });
      expect(response.statusCode).toBe(200);
      const cookie = cookieOf(response, "__Host-puerta_session");
      expect(cookie?.secure).toBe(true);
      expect(cookie?.httpOnly).toBe(true);
      expect(cookie?.sameSite).toBe("Strict");
      expect(cookie?.path).toBe("/");
      expect(cookie?.domain).toBeUndefined();
    } finally {
      await app.close();
    }
  });
});
