import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app.ts";
import { createTestApp, solveCaptcha, type TestApp } from "../support/app.ts";
import { type CreatedStudent, createStudent, FACTORY_PASSWORD, uniqueEmail } from "../support/factories.ts";

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

  /** Ends the current lock of `ip`'s attempts as if its time had passed, keeping the lockout history. */
  const expireLocks = (ip: string) =>
    t.database.db.execute(
      sql`update throttles set locked_until = now() - interval '1 second' where key like ${`login:%:${ip}`}`,
    );

  /** An address no other test of the file uses: each test counts its own failures. */
  let addresses = 0;
  const newAddress = () => `198.51.100.${++addresses}`;
  /** A student of the test's own, who signs in with `FACTORY_PASSWORD`. */
  const newStudent = async () => (await createStudent(t.database.db)).email;

  /** A student of the test's own, locked out from an address of its own by five failures. */
  async function locked() {
    const email = await newStudent();
    const ip = newAddress();
    const fifth = await failFiveTimes(email, ip);
    return { email, ip, fifth };
  }

  it("locks after 5 failures with 429, message, retry_after and a Retry-After header", async () => {
    const { fifth } = await locked();
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toEqual({ ...LOCKED, retry_after: 60 });
    expect(fifth.headers["retry-after"]).toBe("60");
  });

  it("keeps refusing during the lock, even the right password, with the remaining time", async () => {
    const { email, ip } = await locked();
    const res = await attempt(email, FACTORY_PASSWORD, ip);
    expect(res.statusCode).toBe(429);
    const body = res.json();
    expect(body).toEqual({ ...LOCKED, retry_after: expect.any(Number) });
    expect(body.retry_after).toBeGreaterThan(0);
    expect(body.retry_after).toBeLessThanOrEqual(60);
    expect(res.headers["retry-after"]).toBe(String(body.retry_after));
  });

  it("leaves other addresses and other e-mails alone", async () => {
    const { email, ip } = await locked();
    expect((await attempt(email, FACTORY_PASSWORD, newAddress())).statusCode).toBe(200);
    expect((await attempt(await newStudent(), FACTORY_PASSWORD, ip)).statusCode).toBe(200);
  });

  it("treats the e-mail's case and spaces as the same account", async () => {
    const { email, ip } = await locked();
    const res = await attempt(`  ${email.toUpperCase()} `, FACTORY_PASSWORD, ip);
    expect(res.statusCode).toBe(429);
  });

  it("keeps the lock in the database, where another API process sees it", async () => {
    const { email, ip } = await locked();
    const other = await buildApp({ config: t.config, db: t.database.db, logger: false });
    try {
      const res = await attempt(email, FACTORY_PASSWORD, ip, other);
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject(LOCKED);
    } finally {
      await other.close();
    }
  });

  it("doubles the lock when it happens again", async () => {
    const { email, ip, fifth: first } = await locked();
    expect(first.json()).toEqual({ ...LOCKED, retry_after: 60 });
    await expireLocks(ip);
    const fifth = await failFiveTimes(email, ip);
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toEqual({ ...LOCKED, retry_after: 120 });
    expect(fifth.headers["retry-after"]).toBe("120");

    await expireLocks(ip);
    const third = await failFiveTimes(email, ip);
    expect(third.json()).toEqual({ ...LOCKED, retry_after: 240 });
  });

  it("lets the student in once the lock is over, and a success forgets the earlier failures", async () => {
    const lockedOut = await locked();
    await expireLocks(lockedOut.ip);
    const ip = newAddress();
    const email = await newStudent();
    for (let i = 0; i < 4; i++) expect((await attempt(email, WRONG, ip)).statusCode).toBe(401);
    expect((await attempt(email, FACTORY_PASSWORD, ip)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await attempt(email, WRONG, ip)).statusCode).toBe(401);
    expect((await attempt(lockedOut.email, FACTORY_PASSWORD, lockedOut.ip)).statusCode).toBe(200);
  });

  it("counts failures within 15 minutes only", async () => {
    const ip = newAddress();
    const email = uniqueEmail("inconnu");
    for (let i = 0; i < 4; i++) expect((await attempt(email, WRONG, ip)).statusCode).toBe(401);
    await t.database.db.execute(
      sql`update throttles set window_started_at = now() - interval '16 minutes' where key like ${`%:${ip}`}`,
    );
    // The old window is over: this failure starts a new count instead of locking.
    expect((await attempt(email, WRONG, ip)).statusCode).toBe(401);
    for (let i = 0; i < 3; i++) expect((await attempt(email, WRONG, ip)).statusCode).toBe(401);
    expect((await attempt(email, WRONG, ip)).statusCode).toBe(429);
  });

  it("locks an unknown e-mail exactly like a known one", async () => {
    const unknown = await failFiveTimes(uniqueEmail("personne"), newAddress());
    expect(unknown.statusCode).toBe(429);
    expect(unknown.json()).toEqual({ ...LOCKED, retry_after: 60 });
  });

  it("does not count refused captchas or malformed requests as failures", async () => {
    const ip = newAddress();
    const email = await newStudent();
    for (let i = 0; i < 6; i++) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/login",
        payload: { email, password: WRONG, recaptcha_token: "faux" },
        remoteAddress: ip,
      });
      expect(res.statusCode).toBe(422);
    }
    expect((await attempt(email, FACTORY_PASSWORD, ip)).statusCode).toBe(200);
  });
});

describe("login ceiling per account, whatever the IP", () => {
  let t: TestApp;
  let student: CreatedStudent;
  beforeAll(async () => {
    t = await createTestApp({ env: { LOGIN_LOCKOUT_SECONDS: "60" } });
    student = await createStudent(t.database.db);
  });
  afterAll(() => t.close());

  const attempt = async (password: string, remoteAddress: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email: student.email, password, recaptcha_token: await solveCaptcha(t.app) },
      remoteAddress,
    });

  it("locks the account's ceiling after 20 failures from several IPs; the right password from a new IP still signs in", async () => {
    // Each IP is locked after its 5th failure; four of them reach the account's 20.
    for (let ip = 1; ip <= 3; ip++) {
      for (let i = 0; i < 4; i++) expect((await attempt(WRONG, `192.0.2.${ip}`)).statusCode).toBe(401);
      expect((await attempt(WRONG, `192.0.2.${ip}`)).json()).toEqual({ ...LOCKED, retry_after: 60 });
    }
    for (let i = 0; i < 4; i++) expect((await attempt(WRONG, "192.0.2.4")).statusCode).toBe(401);
    const twentieth = await attempt(WRONG, "192.0.2.4");
    expect(twentieth.json()).toEqual({ ...LOCKED, retry_after: 900 });

    // The ceiling keeps nobody out: a new IP with the right password signs in at once (decision 106).
    expect((await attempt(student.password, "192.0.2.50")).statusCode).toBe(200);
    // The locked IPs stay locked.
    expect((await attempt(student.password, "192.0.2.4")).statusCode).toBe(429);

    // Once the ceiling's lock is over, a new IP has its five attempts again.
    await t.database.db.execute(
      sql`update throttles set locked_until = now() - interval '1 second' where key like 'login-account:%'`,
    );
    for (let i = 0; i < 4; i++) expect((await attempt(WRONG, "192.0.2.51")).statusCode).toBe(401);
    expect((await attempt(WRONG, "192.0.2.51")).json()).toEqual({ ...LOCKED, retry_after: 60 });
  });

  it("lets the right password in from a fresh address after 20 simultaneous failures from 4 addresses lock the ceiling; a failing address is still locked", async () => {
    const { email, password } = await createStudent(t.database.db);
    const signIn = async (pass: string, remoteAddress: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/login",
        payload: { email, password: pass, recaptcha_token: await solveCaptcha(t.app) },
        remoteAddress,
      });
    const burst: { ip: string; captcha: string }[] = [];
    for (let ip = 1; ip <= 4; ip++) {
      for (let i = 0; i < 5; i++) burst.push({ ip: `203.0.113.${ip}`, captcha: await solveCaptcha(t.app) });
    }
    const answers = await Promise.all(
      burst.map(({ ip, captcha }) =>
        t.app.inject({
          method: "POST",
          url: "/api/login",
          payload: { email, password: WRONG, recaptcha_token: captcha },
          remoteAddress: ip,
        }),
      ),
    );
    expect(answers.every((a) => a.statusCode === 401 || a.statusCode === 429)).toBe(true);
    expect(answers.filter((a) => a.statusCode === 429).length).toBeGreaterThanOrEqual(4);
    // Every address of the burst is locked, even with the right password.
    for (let ip = 1; ip <= 4; ip++) expect((await signIn(password, `203.0.113.${ip}`)).statusCode).toBe(429);

    // The ceiling is hit; the student, from a fresh address, signs in.
    const student = await signIn(password, "203.0.113.50");
    expect(student.statusCode).toBe(200);
    expect(student.json()).toMatchObject({ token: expect.any(String), user: { email } });

    // An address that fails while the ceiling is locked is locked after its second wrong password.
    expect((await signIn(WRONG, "203.0.113.60")).statusCode).toBe(401);
    const second = await signIn(WRONG, "203.0.113.60");
    expect(second.statusCode).toBe(429);
    expect(second.json()).toEqual({ ...LOCKED, retry_after: expect.any(Number) });
    expect((await signIn(password, "203.0.113.60")).statusCode).toBe(429);
    // And the student's own address is still let in.
    expect((await signIn(password, "203.0.113.50")).statusCode).toBe(200);
  });
});
