import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCaptcha } from "../../src/lib/captcha.ts";
import { createStorageFromConfig } from "../../src/lib/storage/index.ts";
import { createAuthService } from "../../src/modules/auth/service.ts";
import { bearer, createTestApp, login, loginNewStudent, queryRows, type TestApp } from "../support/app.ts";

const UNAUTHENTICATED = { message: "Non authentifié." };

describe("bearer tokens", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TOKEN_IDLE_MINUTES: "30", TOKEN_LIFETIME_HOURS: "12" } });
  });
  afterAll(() => t.close());

  const me = (headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url: "/api/user", headers });
  const tokenId = (token: string) => Number(token.split("|")[0]);
  const tokenCount = async (id: number) => {
    return (await queryRows(t, sql`select id from personal_access_tokens where id = ${id}`)).length;
  };

  it("answers 401 'Non authentifié.' without a token or with a garbage one", async () => {
    const garbage: Record<string, string>[] = [
      {},
      { authorization: "" },
      { authorization: "Bearer" },
      { authorization: "Bearer n'importe-quoi" },
      { authorization: `Basic ${btoa("etudiant.demo@example.com:Selectividad2025")}` },
      { authorization: `Bearer 1|${"a".repeat(39)}` },
      { authorization: `Bearer 1|${"a".repeat(41)}` },
      { authorization: `Bearer -1|${"a".repeat(40)}` },
      { authorization: `Bearer 99999999999999999999|${"a".repeat(40)}` },
      { authorization: `Bearer 1|${"é".repeat(40)}` },
    ];
    for (const headers of garbage) {
      const res = await me(headers);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(UNAUTHENTICATED);
    }
  });

  it("answers 401 for an unknown id and for a known id with the wrong secret", async () => {
    const { token } = await loginNewStudent(t);
    expect((await me({ authorization: `Bearer 987654|${"A".repeat(40)}` })).statusCode).toBe(401);
    const wrongSecret = `${tokenId(token)}|${"B".repeat(40)}`;
    const res = await me(bearer(wrongSecret));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(UNAUTHENTICATED);
    // A guess does not harm the real session.
    expect((await me(bearer(token))).statusCode).toBe(200);
  });

  it("logs out with an empty body, after which the token is refused", async () => {
    const student = await loginNewStudent(t);
    const token = student.token;
    const other = await login(t.app, student.email, student.password);
    const res = await t.app.inject({ method: "POST", url: "/api/logout", headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: expect.any(String) });
    expect(await tokenCount(tokenId(token))).toBe(0);

    const after = await me(bearer(token));
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual(UNAUTHENTICATED);
    const again = await t.app.inject({ method: "POST", url: "/api/logout", headers: bearer(token) });
    expect(again.statusCode).toBe(401);
    // Only that session ended.
    expect((await me(bearer(other))).statusCode).toBe(200);
  });

  it("expires a token left idle longer than TOKEN_IDLE_MINUTES", async () => {
    const { token } = await loginNewStudent(t);
    const id = tokenId(token);
    await t.database.db.execute(
      sql`update personal_access_tokens set last_used_at = now() - interval '31 minutes' where id = ${id}`,
    );
    const res = await me(bearer(token));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(UNAUTHENTICATED);
    expect(await tokenCount(id)).toBe(0);
  });

  it("keeps a token in use alive: each use pushes the idle limit back", async () => {
    const { token } = await loginNewStudent(t);
    const id = tokenId(token);
    await t.database.db.execute(
      sql`update personal_access_tokens set last_used_at = now() - interval '29 minutes' where id = ${id}`,
    );
    expect((await me(bearer(token))).statusCode).toBe(200);
    const [row] = await queryRows<{ idle: number }>(
      t,
      sql`select extract(epoch from now() - last_used_at)::int as idle from personal_access_tokens where id = ${id}`,
    );
    expect(Number(row?.idle)).toBeLessThan(5);
  });

  it("expires a token after TOKEN_LIFETIME_HOURS however much it is used", async () => {
    const { token } = await loginNewStudent(t);
    const id = tokenId(token);
    const [row] = await queryRows<{ lifetime: number }>(
      t,
      sql`select extract(epoch from expires_at - created_at)::int as lifetime from personal_access_tokens where id = ${id}`,
    );
    expect(Number(row?.lifetime)).toBe(12 * 3600);

    await t.database.db.execute(
      sql`update personal_access_tokens set expires_at = now() - interval '1 second' where id = ${id}`,
    );
    const res = await me(bearer(token));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(UNAUTHENTICATED);
    expect(await tokenCount(id)).toBe(0);
  });

  it("revokeOtherTokens ends every other session of the user, revokeAllTokens ends them all", async () => {
    const auth = createAuthService({
      db: t.database.db,
      config: t.config,
      captcha: createCaptcha(t.database.db, t.config),
      storage: createStorageFromConfig(t.database.db, t.config.dataDir),
    });
    const student = await loginNewStudent(t);
    const kept = student.token;
    const other = await login(t.app, student.email, student.password);
    const someoneElse = (await loginNewStudent(t)).token;

    const context = await auth.authenticate(`Bearer ${kept}`);
    expect(context).toEqual({ userId: expect.any(Number), tokenId: tokenId(kept), formerStudent: false });
    if (!context) return;
    await auth.revokeOtherTokens(context);
    expect((await me(bearer(kept))).statusCode).toBe(200);
    expect((await me(bearer(other))).statusCode).toBe(401);
    expect((await me(bearer(someoneElse))).statusCode).toBe(200);

    await auth.revokeAllTokens(context.userId);
    expect((await me(bearer(kept))).statusCode).toBe(401);
    expect((await me(bearer(someoneElse))).statusCode).toBe(200);
  });

  it("protects every route that needs a session", async () => {
    for (const [method, url] of [
      ["GET", "/api/user"],
      ["POST", "/api/logout"],
      ["GET", "/api/policy/status"],
      ["GET", "/api/policy/content"],
      ["POST", "/api/policy/accept"],
    ] as const) {
      const res = await t.app.inject({ method, url, payload: method === "POST" ? { accepted: true } : undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toEqual(UNAUTHENTICATED);
    }
  });
});
