import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app.ts";
import { createTestApp, DEMO_PASSWORD, DEMO_STUDENTS, solveCaptcha, type TestApp } from "../support/app.ts";

const WRONG = "PasLeBonMotDePasse";
const LOCKED = { message: "Trop de tentatives de connexion" };

describe("login lockout", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { LOGIN_LOCKOUT_SECONDS: "60" } });
  });
  afterAll(() => t.close());

  const attempt = async (email: string, password: string, remoteAddress: string, app = t.app) =>
    app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email, password, recaptcha_token: await solveCaptcha(app) },
      remoteAddress,
    });

  /** Four plain failures, then the fifth that locks; returns the fifth answer. */
  async function failFiveTimes(email: string, ip: string) {
    for (let i = 0; i < 4; i++) expect((await attempt(email, WRONG, ip)).statusCode).toBe(401);
    return attempt(email, WRONG, ip);
  }

  /** Ends the current lock as if its time had passed, keeping the lockout history. */
  const expireLocks = () => t.database.db.execute(sql`update throttles set locked_until = now() - interval '1 second'`);

  it("locks after 5 failures with 429, message, retry_after and a Retry-After header", async () => {
    const fifth = await failFiveTimes(DEMO_STUDENTS.first, "198.51.100.1");
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toEqual({ ...LOCKED, retry_after: 60 });
    expect(fifth.headers["retry-after"]).toBe("60");
  });

  it("keeps refusing during the lock, even the right password, with the remaining time", async () => {
    const res = await attempt(DEMO_STUDENTS.first, DEMO_PASSWORD, "198.51.100.1");
    expect(res.statusCode).toBe(429);
    const body = res.json();
    expect(body).toEqual({ ...LOCKED, retry_after: expect.any(Number) });
    expect(body.retry_after).toBeGreaterThan(0);
    expect(body.retry_after).toBeLessThanOrEqual(60);
    expect(res.headers["retry-after"]).toBe(String(body.retry_after));
  });

  it("leaves other addresses and other e-mails alone", async () => {
    expect((await attempt(DEMO_STUDENTS.first, DEMO_PASSWORD, "198.51.100.2")).statusCode).toBe(200);
    expect((await attempt(DEMO_STUDENTS.second, DEMO_PASSWORD, "198.51.100.1")).statusCode).toBe(200);
  });

  it("treats the e-mail's case and spaces as the same account", async () => {
    const res = await attempt("  ETUDIANT.demo@example.com ", DEMO_PASSWORD, "198.51.100.1");
    expect(res.statusCode).toBe(429);
  });

  it("keeps the lock in the database, where another API process sees it", async () => {
    const other = await buildApp({ config: t.config, db: t.database.db, logger: false });
    try {
      const res = await attempt(DEMO_STUDENTS.first, DEMO_PASSWORD, "198.51.100.1", other);
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject(LOCKED);
    } finally {
      await other.close();
    }
  });

  it("doubles the lock when it happens again", async () => {
    await expireLocks();
    const fifth = await failFiveTimes(DEMO_STUDENTS.first, "198.51.100.1");
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toEqual({ ...LOCKED, retry_after: 120 });
    expect(fifth.headers["retry-after"]).toBe("120");

    await expireLocks();
    const third = await failFiveTimes(DEMO_STUDENTS.first, "198.51.100.1");
    expect(third.json()).toEqual({ ...LOCKED, retry_after: 240 });
  });

  it("lets the student in once the lock is over, and a success forgets the earlier failures", async () => {
    await expireLocks();
    const ip = "198.51.100.3";
    for (let i = 0; i < 4; i++) expect((await attempt(DEMO_STUDENTS.second, WRONG, ip)).statusCode).toBe(401);
    expect((await attempt(DEMO_STUDENTS.second, DEMO_PASSWORD, ip)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await attempt(DEMO_STUDENTS.second, WRONG, ip)).statusCode).toBe(401);
    expect((await attempt(DEMO_STUDENTS.first, DEMO_PASSWORD, "198.51.100.1")).statusCode).toBe(200);
  });

  it("counts failures within 15 minutes only", async () => {
    const ip = "198.51.100.4";
    for (let i = 0; i < 4; i++) expect((await attempt("inconnu@example.com", WRONG, ip)).statusCode).toBe(401);
    await t.database.db.execute(
      sql`update throttles set window_started_at = now() - interval '16 minutes' where key like ${`%:${ip}`}`,
    );
    // The old window is over: this failure starts a new count instead of locking.
    expect((await attempt("inconnu@example.com", WRONG, ip)).statusCode).toBe(401);
    for (let i = 0; i < 3; i++) expect((await attempt("inconnu@example.com", WRONG, ip)).statusCode).toBe(401);
    expect((await attempt("inconnu@example.com", WRONG, ip)).statusCode).toBe(429);
  });

  it("locks an unknown e-mail exactly like a known one", async () => {
    const unknown = await failFiveTimes("personne@example.com", "198.51.100.5");
    expect(unknown.statusCode).toBe(429);
    expect(unknown.json()).toEqual({ ...LOCKED, retry_after: 60 });
  });

  it("does not count refused captchas or malformed requests as failures", async () => {
    const ip = "198.51.100.6";
    for (let i = 0; i < 6; i++) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/login",
        payload: { email: DEMO_STUDENTS.second, password: WRONG, recaptcha_token: "faux" },
        remoteAddress: ip,
      });
      expect(res.statusCode).toBe(422);
    }
    expect((await attempt(DEMO_STUDENTS.second, DEMO_PASSWORD, ip)).statusCode).toBe(200);
  });
});

describe("login ceiling per account, whatever the IP", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { LOGIN_LOCKOUT_SECONDS: "60" } });
  });
  afterAll(() => t.close());

  const attempt = async (password: string, remoteAddress: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email: DEMO_STUDENTS.first, password, recaptcha_token: await solveCaptcha(t.app) },
      remoteAddress,
    });

  it("locks the account for 15 minutes after 20 failures from several IPs, then lets the student in", async () => {
    // Each IP is locked after its 5th failure; four of them reach the account's 20.
    for (let ip = 1; ip <= 3; ip++) {
      for (let i = 0; i < 4; i++) expect((await attempt(WRONG, `192.0.2.${ip}`)).statusCode).toBe(401);
      expect((await attempt(WRONG, `192.0.2.${ip}`)).json()).toEqual({ ...LOCKED, retry_after: 60 });
    }
    for (let i = 0; i < 4; i++) expect((await attempt(WRONG, "192.0.2.4")).statusCode).toBe(401);
    const twentieth = await attempt(WRONG, "192.0.2.4");
    expect(twentieth.json()).toEqual({ ...LOCKED, retry_after: 900 });

    // A new IP, even with the right password, waits: but a quarter of an hour at most.
    const fresh = await attempt(DEMO_PASSWORD, "192.0.2.50");
    expect(fresh.statusCode).toBe(429);
    expect(fresh.json().retry_after).toBeGreaterThan(800);
    expect(fresh.json().retry_after).toBeLessThanOrEqual(900);

    await t.database.db.execute(
      sql`update throttles set locked_until = now() - interval '1 second' where key like 'login-account:%'`,
    );
    expect((await attempt(DEMO_PASSWORD, "192.0.2.50")).statusCode).toBe(200);
  });
});
