import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createTestApp, signInNewStudent, type TestApp } from "../support/app.ts";

/** The CSP as a map from directive to its values. */
function parseCsp(header: unknown): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of String(header).split(";")) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}

const POLICY =
  "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()";

describe("security headers on API answers", () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = (await signInNewStudent(t)).token;
  });
  afterAll(() => t.close());

  it("sends a strict CSP and helmet's headers on success and on error", async () => {
    const answers = [
      await t.app.inject({ method: "GET", url: "/api/user", headers: bearer(token) }),
      await t.app.inject({ method: "GET", url: "/api/user" }),
      await t.app.inject({ method: "GET", url: "/api/inconnue" }),
      await t.app.inject({
        method: "POST",
        url: "/api/login",
        payload: "{",
        headers: { "content-type": "application/json" },
      }),
    ];
    for (const res of answers) {
      const csp = parseCsp(res.headers["content-security-policy"]);
      expect(csp.get("default-src")).toEqual(["'self'"]);
      expect(csp.get("script-src")).toEqual(["'self'"]);
      expect(csp.get("worker-src")).toEqual(["'self'", "blob:"]);
      expect(csp.get("frame-ancestors")).toEqual(["'self'"]);
      expect(csp.get("object-src")).toEqual(["'none'"]);
      expect(csp.get("base-uri")).toEqual(["'self'"]);
      expect(csp.has("upgrade-insecure-requests")).toBe(false);
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(res.headers["x-frame-options"]).toBe("SAMEORIGIN");
      expect(res.headers["cross-origin-opener-policy"]).toBe("same-origin");
      expect(res.headers["x-powered-by"]).toBeUndefined();
      expect(res.headers["strict-transport-security"]).toBeUndefined();
      expect(res.headers["permissions-policy"]).toBe(POLICY);
    }
  });

  it("never lets a cache keep an API answer, and tags each answer with a request id", async () => {
    const a = await t.app.inject({ method: "GET", url: "/api/user", headers: bearer(token) });
    const b = await t.app.inject({ method: "GET", url: "/api/policy/status", headers: bearer(token) });
    expect(a.headers["cache-control"]).toBe("no-store");
    expect(b.headers["cache-control"]).toBe("no-store");
    expect(a.headers["x-request-id"]).toMatch(/^[\w-]+$/);
    expect(a.headers["x-request-id"]).not.toBe(b.headers["x-request-id"]);
    // A client's id is never taken as ours (it is only logged beside it).
    const traced = await t.app.inject({ method: "GET", url: "/api/user", headers: { "x-request-id": "suivi-42" } });
    expect(traced.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("answers JSON with its content type so that browsers never sniff it", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/user", headers: bearer(token) });
    expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
  });
});

describe("security headers in production", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      seed: false,
      env: { NODE_ENV: "production", PUBLIC_URL: "https://portail.puerta.example" },
    });
  });
  afterAll(() => t.close());

  it("sends HSTS, the Permissions-Policy, and the CSRF cookie with Secure", async () => {
    const res = await t.app.inject({ method: "GET", url: "/sanctum/csrf-cookie" });
    expect(res.statusCode).toBeLessThan(300);
    expect(res.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    expect(res.headers["permissions-policy"]).toBe(POLICY);
    const cookie = String(res.headers["set-cookie"]);
    expect(cookie).toMatch(/^XSRF-TOKEN=/);
    expect(cookie.split(";").map((part) => part.trim())).toContain("Secure");
    const csp = parseCsp(res.headers["content-security-policy"]);
    expect(csp.has("upgrade-insecure-requests")).toBe(true);
  });
});
