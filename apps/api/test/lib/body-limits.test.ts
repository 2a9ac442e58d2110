import fc from "fast-check";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createTestApp, signInNewStudent, solveCaptcha, type TestApp } from "../support/app.ts";

/** What an error body must never reveal: stacks, SQL, server paths, English framework texts. */
function expectCleanError(res: LightMyRequestResponse) {
  expect(res.statusCode).toBeGreaterThanOrEqual(400);
  expect(res.statusCode).toBeLessThan(500);
  expect(res.headers["content-type"]).toMatch(/^application\/json/);
  const body = res.json();
  expect(body.message).toEqual(expect.any(String));
  expect(res.body).not.toMatch(/\bat .+:\d+:\d+|stack|select |insert |\/work\/|node_modules|FST_|Unexpected token/i);
}

describe("request robustness", () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = (await signInNewStudent(t)).token;
  });
  afterAll(() => t.close());

  const post = (url: string, payload: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: "POST",
      url,
      payload,
      headers: { "content-type": "application/json", ...bearer(token), ...headers },
    });

  it("answers 413 in French for a body over 100 KB", async () => {
    const big = JSON.stringify({ accepted: true, filler: "x".repeat(101 * 1024) });
    for (const url of ["/api/policy/accept", "/api/login", "/api/inconnue"]) {
      const res = await post(url, big);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ message: "La requête est trop volumineuse." });
    }
  });

  it("reads a body just under the limit", async () => {
    const payload = JSON.stringify({ accepted: true, filler: "x".repeat(99 * 1024) });
    expect((await post("/api/policy/accept", payload)).statusCode).toBe(200);
  });

  it("answers 400 in French for malformed JSON", async () => {
    for (const payload of ['{"accepted": tr', "{'accepted': true}", "accepted=true", '{"a":1}}', "\u0000"]) {
      const res = await post("/api/policy/accept", payload);
      expect(res.statusCode, payload).toBe(400);
      expect(res.json()).toEqual({ message: "Le corps de la requête n'est pas un JSON valide." });
    }
  });

  it("refuses prototype pollution attempts with a clean 4xx, not a crash", async () => {
    const proto = await post("/api/login", '{"__proto__": {"admin": true}}');
    expectCleanError(proto);
    expect(proto.statusCode).toBe(400);
    // `constructor` keys are dropped; what is left is simply incomplete.
    const ctor = await post("/api/login", '{"constructor": {"prototype": {"admin": true}}}');
    expectCleanError(ctor);
    expect(ctor.statusCode).toBe(422);
  });

  it("refuses a NUL character anywhere in the body with a 400, where the database would fail", async () => {
    const payloads: [string, unknown][] = [
      [
        "/api/login",
        { email: "etudiant.demo@example.com\u0000", password: "x", recaptcha_token: await solveCaptcha(t.app) },
      ],
      ["/api/policy/accept", { accepted: true, note: ["a", { deep: "b\u0000c" }] }],
      ["/api/policy/accept", { "cl\u0000e": 1, accepted: true }],
    ];
    for (const [url, payload] of payloads) {
      const res = await post(url, JSON.stringify(payload));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: "Les données fournies sont invalides." });
    }
    // An escaped backslash followed by "u0000" is plain text, not a NUL.
    expect((await post("/api/policy/accept", '{"accepted": true, "note": "\\\\u0000"}')).statusCode).toBe(200);
  });

  it("never answers a 500 for odd e-mails and passwords that pass the captcha", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 40 }), fc.string({ maxLength: 140 }), async (local, password) => {
        const res = await t.app.inject({
          method: "POST",
          url: "/api/login",
          payload: { email: `${local}@exemple.ma`, password, recaptcha_token: await solveCaptcha(t.app) },
          remoteAddress: "203.0.113.99",
        });
        expect([401, 422, 429]).toContain(res.statusCode);
        expectCleanError(res);
      }),
      { numRuns: 25 },
    );
  });

  it("answers 422 in French for a body that is not an object", async () => {
    for (const payload of ["null", "[]", "42", '"texte"', "true"]) {
      const res = await post("/api/policy/accept", payload);
      expect(res.statusCode, payload).toBe(422);
      expect(res.json()).toEqual({
        message: "Les données fournies sont invalides.",
        errors: { body: ["Les données fournies sont invalides."] },
      });
    }
  });

  it("answers 415 in French for a body that is not JSON", async () => {
    const res = await post("/api/policy/accept", "accepted=true", {
      "content-type": "application/x-www-form-urlencoded",
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: "Type de contenu non pris en charge." });
  });

  it("accepts POST /api/logout with an empty body, with or without a JSON content type", async () => {
    const plain = await t.app.inject({
      method: "POST",
      url: "/api/logout",
      headers: bearer((await signInNewStudent(t)).token),
    });
    expect(plain.statusCode).toBe(200);
    const json = await post("/api/logout", "", bearer((await signInNewStudent(t)).token));
    expect(json.statusCode).toBe(200);
    const blank = await post("/api/logout", "  \n", bearer((await signInNewStudent(t)).token));
    expect(blank.statusCode).toBe(200);
  });

  it("answers an unknown API path with a JSON 404 in French, whatever the method", async () => {
    for (const method of ["GET", "POST", "PUT", "DELETE", "PATCH"] as const) {
      for (const url of ["/api/inconnue", "/api", "/api/user/extra", "/sanctum/autre", "/api/user/%C3%A9"]) {
        const res = await t.app.inject({ method, url });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json()).toEqual({ message: "Ressource introuvable." });
      }
    }
  });

  it("answers a URL that is not valid percent-encoding with a 400 in French", async () => {
    for (const url of ["/api/%E0%A4%A", "/%E0%A4%A", "/api/user/%"]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual({ message: "Les données fournies sont invalides." });
    }
  });

  it("never answers a 500 nor leaks internals, whatever JSON a client sends", async () => {
    const routes = ["/api/login", "/api/policy/accept", "/api/logout"];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), fc.jsonValue(), async (url, value) => {
        const res = await post(url, JSON.stringify(value), { authorization: "Bearer 1|x" });
        expect(res.statusCode).toBeLessThan(500);
        if (res.statusCode >= 400) expectCleanError(res);
      }),
      { numRuns: 60 },
    );
  });

  it("never answers a 500 for odd login fields", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          { email: fc.anything(), password: fc.anything(), recaptcha_token: fc.anything() },
          { requiredKeys: [] },
        ),
        async (body) => {
          const res = await post("/api/login", JSON.stringify(body) ?? "{}");
          expectCleanError(res);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("never answers a 500 for odd headers and paths", async () => {
    const cases: { url: string; headers: Record<string, string> }[] = [
      { url: "/api/user", headers: { authorization: `Bearer ${"9".repeat(15)}|${"a".repeat(40)}` } },
      { url: "/api/user", headers: { authorization: "Bearer 0|".padEnd(49, "a") } },
      { url: "/api/user?x=%", headers: {} },
      { url: "/api/user", headers: { "x-request-id": "<script>" } },
      { url: "/api/policy/status", headers: { authorization: `Bearer ${"x".repeat(5000)}` } },
      { url: "/sanctum/csrf-cookie?%%", headers: {} },
    ];
    for (const { url, headers } of cases) {
      const res = await t.app.inject({ method: "GET", url, headers });
      expect(res.statusCode, url).toBeLessThan(500);
      if (res.statusCode >= 400) expectCleanError(res);
    }
    const echoed = await t.app.inject({ method: "GET", url: "/api/inconnue", headers: { "x-request-id": "<script>" } });
    expect(echoed.headers["x-request-id"]).not.toBe("<script>");
  });
});
