import { Writable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app.ts";
import { bearer, createTestApp, signInNewStudent, solveCaptcha, type TestApp, ZENITH_STUDENT } from "../support/app.ts";
import { createStudent } from "../support/factories.ts";

describe("logs", () => {
  let t: TestApp;
  let app: FastifyInstance;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split("\n").filter(Boolean));
        done();
      },
    });
    // The same app as in production, only at the most verbose level and into memory.
    app = await buildApp({ config: t.config, db: t.database.db, logger: { level: "trace", stream } });
    // A route that fails the way a bug would, to see what the client and the log get.
    app.get("/api/test-panne", async () => {
      throw new Error('relation "secret_table" does not exist at /work/main/apps/api/src/x.ts:1:1');
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });

  it("never contain a password, a token, a captcha payload or a reset link's token", async () => {
    const student = await createStudent(t.database.db);
    const other = await createStudent(t.database.db);
    const captcha = await solveCaptcha(app);
    const login = await app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email: student.email, password: student.password, recaptcha_token: captcha },
      headers: { cookie: "XSRF-TOKEN=cookie-secret-value", "x-xsrf-token": "cookie-secret-value" },
    });
    expect(login.statusCode).toBe(200);
    const token: string = login.json().token;
    const secret = token.split("|")[1] ?? "";

    const wrong = await app.inject({
      method: "POST",
      url: "/api/login",
      payload: {
        email: other.email,
        password: "MotDePasseFauxTresSecret",
        recaptcha_token: await solveCaptcha(app),
      },
    });
    expect(wrong.statusCode).toBe(401);
    const replay = await app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email: student.email, password: student.password, recaptcha_token: captcha },
    });
    expect(replay.statusCode).toBe(422);

    expect((await app.inject({ method: "GET", url: "/api/user", headers: bearer(token) })).statusCode).toBe(200);
    await app.inject({ method: "GET", url: "/reset-password?token=lien-de-reinitialisation-secret&email=a%40b.co" });
    await app.inject({ method: "GET", url: "/api/inconnue?token=autre-secret-en-query" });
    await app.inject({
      method: "POST",
      url: "/api/logout",
      headers: { ...bearer(token), "content-type": "application/json" },
      payload: "{malformed",
    });
    await app.inject({ method: "POST", url: "/api/logout", headers: bearer(token) });

    const log = lines.join("\n");
    // The capture works: every request is logged, with its id and path.
    expect(lines.length).toBeGreaterThan(10);
    expect(log).toContain('"url":"/api/login"');
    expect(log).toContain('"url":"/reset-password"');
    expect(log).toMatch(/"reqId":"[\w-]+"/);
    for (const forbidden of [
      student.password,
      "MotDePasseFauxTresSecret",
      secret,
      captcha,
      captcha.slice(0, 40),
      "cookie-secret-value",
      "lien-de-reinitialisation-secret",
      "autre-secret-en-query",
    ]) {
      expect(log).not.toContain(forbidden);
    }
  });

  it("answers an unexpected failure with a bare French 500, its details in the log only", async () => {
    const res = await app.inject({ method: "GET", url: "/api/test-panne" });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: "Erreur du serveur" });
    const entry = lines.map((line) => JSON.parse(line)).find((e) => e.msg === "unhandled error");
    expect(entry).toMatchObject({ level: 50, err: { message: expect.stringContaining("secret_table") } });
    expect(entry.reqId).toBe(res.headers["x-request-id"]);
  });
  it("mask a calendar feed's secret, which is in its path", async () => {
    const { token } = await signInNewStudent(t, ZENITH_STUDENT);
    const created = await app.inject({ method: "POST", url: "/api/calendar/subscription", headers: bearer(token) });
    const path = new URL(created.json().data.url).pathname;
    const secret = /([A-Za-z0-9]{48})\.ics$/.exec(path)?.[1] ?? "";
    expect(secret).toHaveLength(48);
    const feed = await app.inject({ method: "GET", url: path });
    expect(feed.statusCode).toBe(200);
    const line = lines.find((l) => l.includes(`"reqId":"${feed.headers["x-request-id"]}"`) && l.includes('"url"'));
    expect(JSON.parse(line ?? "{}").req?.url).toBe("/api/calendar/[masqué].ics");
    expect(lines.join("\n")).not.toContain(secret);
  });

  it("use our own request id, and keep a client's X-Request-Id only as its own field", async () => {
    const res = await app.inject({ method: "GET", url: "/api/policy/status", headers: { "x-request-id": "suivi-42" } });
    const id = res.headers["x-request-id"];
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    const entries = lines.map((line) => JSON.parse(line));
    expect(entries.find((e) => e.reqId === id && e.req)?.req).toMatchObject({ clientRequestId: "suivi-42" });
    expect(entries.some((e) => e.reqId === "suivi-42")).toBe(false);

    // A value that is not a short plain token is not logged at all.
    const forged = await app.inject({
      method: "GET",
      url: "/api/policy/status",
      headers: { "x-request-id": `faux"}, "level":60, "x":"${"a".repeat(80)}` },
    });
    const forgedEntry = lines
      .map((line) => JSON.parse(line))
      .find((e) => e.reqId === forged.headers["x-request-id"] && e.req);
    expect(forgedEntry?.req).toBeDefined();
    expect(forgedEntry?.req.clientRequestId).toBeUndefined();
  });
});
