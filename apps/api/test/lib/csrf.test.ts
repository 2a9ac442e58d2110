import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app.ts";
import { loadConfig } from "../../src/config.ts";
import { bearer, createTestApp, signInNewStudent, type TestApp } from "../support/app.ts";
import { STAFF_COOKIE, signInNewStaff } from "../support/staff-browser.ts";

const MISMATCH = { message: "Jeton de sécurité expiré. Rechargez la page puis réessayez." };

describe("CSRF double-submit cookie", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function csrfCookie(app = t.app) {
    const res = await app.inject({ method: "GET", url: "/sanctum/csrf-cookie" });
    const cookie = res.cookies.find((c) => c.name === "XSRF-TOKEN");
    return { res, cookie };
  }

  it("GET /sanctum/csrf-cookie sets a readable XSRF-TOKEN cookie, SameSite=Lax, not Secure outside production", async () => {
    const { res, cookie } = await csrfCookie();
    expect(res.statusCode).toBe(204);
    expect(cookie).toBeDefined();
    expect(cookie?.value).toMatch(/^[A-Za-z0-9]{40}$/);
    expect(cookie?.sameSite).toBe("Lax");
    expect(cookie?.path).toBe("/");
    expect(cookie?.secure).toBeUndefined();
    // The web app reads it to echo it in X-XSRF-TOKEN.
    expect(cookie?.httpOnly).toBeUndefined();
    const again = await csrfCookie();
    expect(again.cookie?.value).not.toBe(cookie?.value);
  });

  it("marks the cookie Secure in production", async () => {
    const config = loadConfig({
      NODE_ENV: "production",
      DATA_DIR: t.config.dataDir,
      APP_SECRET: "production-secret-production-secret-42",
      WEB_DIR: t.config.webDir,
    });
    const app = await buildApp({ config, db: t.database.db, logger: false });
    try {
      const { cookie } = await csrfCookie(app);
      expect(cookie?.secure).toBe(true);
      expect(cookie?.sameSite).toBe("Lax");
    } finally {
      await app.close();
    }
  });

  it("refuses with 419 a state-changing request carrying cookies without the matching header", async () => {
    const token = (await signInNewStudent(t)).token;
    const { cookie } = await csrfCookie();
    const value = cookie?.value ?? "";
    const cases: Record<string, string>[] = [
      { cookie: `XSRF-TOKEN=${value}` },
      { cookie: `XSRF-TOKEN=${value}`, "x-xsrf-token": "" },
      // The last character changed, whatever it is: a fixed "x" would leave a token ending in "x" valid.
      { cookie: `XSRF-TOKEN=${value}`, "x-xsrf-token": `${value.slice(0, -1)}${value.endsWith("x") ? "y" : "x"}` },
      { cookie: `XSRF-TOKEN=${value}`, "x-xsrf-token": `${value}${value}` },
      // Any cookie means a browser may have sent the request on its own.
      { cookie: "autre=1", "x-xsrf-token": value },
    ];
    for (const headers of cases) {
      const res = await t.app.inject({ method: "POST", url: "/api/logout", headers: { ...bearer(token), ...headers } });
      expect(res.statusCode).toBe(419);
      expect(res.json()).toEqual(MISMATCH);
    }
    // Refused before anything happened: the session is still open.
    expect((await t.app.inject({ method: "GET", url: "/api/user", headers: bearer(token) })).statusCode).toBe(200);
  });

  it("checks login too, before reading the body", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/login",
      headers: { cookie: "XSRF-TOKEN=abc" },
      payload: { email: "x" },
    });
    expect(res.statusCode).toBe(419);
    expect(res.json()).toEqual(MISMATCH);
  });

  it("lets through a request whose header echoes the cookie", async () => {
    const token = (await signInNewStudent(t)).token;
    const { cookie } = await csrfCookie();
    const value = cookie?.value ?? "";
    const res = await t.app.inject({
      method: "POST",
      url: "/api/logout",
      headers: { ...bearer(token), cookie: `XSRF-TOKEN=${encodeURIComponent(value)}; autre=1`, "x-xsrf-token": value },
    });
    expect(res.statusCode).toBe(200);
  });

  it("lets through a bearer-only request without cookies", async () => {
    const token = (await signInNewStudent(t)).token;
    const res = await t.app.inject({ method: "POST", url: "/api/logout", headers: bearer(token) });
    expect(res.statusCode).toBe(200);
  });

  it("never checks safe methods", async () => {
    const token = (await signInNewStudent(t)).token;
    const res = await t.app.inject({
      method: "GET",
      url: "/api/user",
      headers: { ...bearer(token), cookie: "XSRF-TOKEN=abc" },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe("CSRF token bound to the staff session (signed double submit)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const me = (session: string) =>
    t.app.inject({ method: "GET", url: "/api/gestion/me", cookies: { [STAFF_COOKIE]: session } });
  const logout = (session: string, xsrf: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/gestion/logout",
      cookies: { [STAFF_COOKIE]: session, "XSRF-TOKEN": xsrf },
      headers: { "x-xsrf-token": xsrf },
    });

  it("refuses a pair the attacker chose, or another session's, beside a valid session cookie", async () => {
    const { browser } = await signInNewStaff(t, "direction");
    const other = await signInNewStaff(t, "pedagogie");
    const session = browser.cookies[STAFF_COOKIE] ?? "";
    const issued = browser.cookies["XSRF-TOKEN"] ?? "";
    // The sign-in issued a token that carries this session's MAC, and the plain one is gone.
    expect(issued).toMatch(/^[A-Za-z0-9]{40}\.[A-Za-z0-9_-]{43}$/);

    const attackerChosen = "a".repeat(40);
    const forgedMac = `${issued.split(".")[0]}.${"A".repeat(43)}`;
    for (const xsrf of [attackerChosen, forgedMac, other.browser.cookies["XSRF-TOKEN"] ?? ""]) {
      const res = await logout(session, xsrf);
      expect(res.statusCode).toBe(419);
      expect(res.json()).toEqual(MISMATCH);
    }
    // Nothing happened: the session is still open.
    expect((await me(session)).statusCode).toBe(200);

    // /sanctum/csrf-cookie, asked with the session, gives a token bound to it.
    const fresh = await t.app.inject({
      method: "GET",
      url: "/sanctum/csrf-cookie",
      cookies: { [STAFF_COOKIE]: session },
    });
    const bound = fresh.cookies.find((c) => c.name === "XSRF-TOKEN")?.value ?? "";
    expect(bound).not.toBe(issued);
    const out = await logout(session, bound);
    expect(out.statusCode).toBe(204);
    // Signed out: the cookie is issued again, bound to no session.
    expect(out.cookies.find((c) => c.name === "XSRF-TOKEN")?.value).toMatch(/^[A-Za-z0-9]{40}$/);
    expect((await me(session)).statusCode).toBe(401);
  });
});
