import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCaptcha } from "../../src/lib/captcha.ts";
import { createStorageFromConfig } from "../../src/lib/storage/index.ts";
import { createPolicyService } from "../../src/modules/policy/service.ts";
import { bearer, createTestApp, queryRows, signInNewStudent, type TestApp } from "../support/app.ts";

const MUST_TICK = "Veuillez cocher la case pour accepter la politique";

describe("policy", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** A student of their own, who has accepted nothing, and what the policy routes answer them. */
  async function newStudent() {
    const { token, userId } = await signInNewStudent(t);
    const status = () => t.app.inject({ method: "GET", url: "/api/policy/status", headers: bearer(token) });
    const content = () => t.app.inject({ method: "GET", url: "/api/policy/content", headers: bearer(token) });
    const accept = (payload: unknown, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: "POST",
        url: "/api/policy/accept",
        headers: { ...bearer(token), "content-type": "application/json", ...headers },
        payload: JSON.stringify(payload),
        remoteAddress: "192.0.2.44",
      });
    const acceptances = () =>
      queryRows<{ accepted_at: unknown; ip: string; user_agent: string; version: number; age: number }>(
        t,
        sql`
        select a.accepted_at, a.ip, a.user_agent, p.version,
               extract(epoch from now() - a.accepted_at)::int as age
        from policy_acceptances a join policies p on p.id = a.policy_id
        where a.user_id = ${userId} order by p.version`,
      );
    return { userId, status, content, accept, acceptances };
  }

  it("reports the policy as not accepted at first", async () => {
    const { status } = await newStudent();
    const res = await status();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, has_accepted: false, accepted: false, accepted_at: null });
  });

  it("serves the policy in force", async () => {
    const { content } = await newStudent();
    const res = await content();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      policy: {
        version: 1,
        title: "Politique de non-remboursement",
        content: expect.stringContaining("Article 1"),
        effective_date: "2025-09-01",
        last_updated: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/),
      },
    });
  });

  it("refuses anything but accepted=true with 422, and stores nothing", async () => {
    const { accept, acceptances, status } = await newStudent();
    const refused: unknown[] = [
      {},
      { accepted: false },
      { accepted: "false" },
      { accepted: "0" },
      { accepted: 0 },
      { accepted: "oui" },
      { accepted: null },
      { accepted: [true] },
      { accepted: { value: true } },
      { accepted: 2 },
      null,
      [],
    ];
    for (const payload of refused) {
      const res = await accept(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().message).toEqual(expect.any(String));
      expect(res.json().errors).toEqual(expect.any(Object));
    }
    expect((await accept({ accepted: false })).json()).toEqual({
      message: MUST_TICK,
      errors: { accepted: [MUST_TICK] },
    });
    expect(await acceptances()).toEqual([]);
    expect((await status()).json().accepted).toBe(false);
  });

  it("accepts accepted=true and stores the time, version, address and browser", async () => {
    const { accept, acceptances, status } = await newStudent();
    const res = await accept({ accepted: true, extra: "ignoré" }, { "user-agent": "Mozilla/5.0 (Test Puerta)" });
    expect(res.statusCode).toBe(200);
    const acceptedAt = res.json().accepted_at;
    expect(Math.abs(Date.parse(acceptedAt) - Date.now())).toBeLessThan(60_000);
    expect(res.json()).toEqual({ success: true, has_accepted: true, accepted: true, accepted_at: acceptedAt });
    // The status says since when, for the page that shows an accepted policy.
    expect((await status()).json()).toEqual({
      success: true,
      has_accepted: true,
      accepted: true,
      accepted_at: acceptedAt,
    });

    const rows = await acceptances();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ version: 1, ip: "192.0.2.44", user_agent: "Mozilla/5.0 (Test Puerta)" });
    expect(Number(rows[0]?.age)).toBeLessThan(60);
  });

  it("accepts the string forms a form would send, and accepting twice keeps one record", async () => {
    const { accept, acceptances } = await newStudent();
    for (const accepted of ["true", "1"]) {
      const res = await accept({ accepted });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, has_accepted: true, accepted: true });
    }
    expect(await acceptances()).toHaveLength(1);
  });

  it("asks again when a new version is published, and keeps both acceptances", async () => {
    const { accept, acceptances, content, status } = await newStudent();
    expect((await accept({ accepted: true }, { "user-agent": "Mozilla/5.0 (Test Puerta)" })).statusCode).toBe(200);
    // A new version is in force for every test of the file: it goes again before the next one.
    const [published] = await queryRows<{ id: number }>(
      t,
      sql`insert into policies (version, title, content, effective_date)
          values (2, 'Politique de non-remboursement (2026)', 'Article 1 — Nouvelle version', '2026-01-01')
          returning id`,
    );
    try {
      expect((await status()).json()).toEqual({
        success: true,
        has_accepted: false,
        accepted: false,
        accepted_at: null,
      });
      expect((await content()).json().policy).toMatchObject({
        version: 2,
        title: "Politique de non-remboursement (2026)",
        effective_date: "2026-01-01",
      });

      const agent = { "user-agent": "Autre\u0000 navigateur\u0007" };
      expect((await accept({ accepted: true }, agent)).statusCode).toBe(200);
      expect((await status()).json().accepted).toBe(true);
      expect((await acceptances()).map((r) => [r.version, r.user_agent])).toEqual([
        [1, "Mozilla/5.0 (Test Puerta)"],
        [2, "Autre navigateur"],
      ]);
    } finally {
      await queryRows(t, sql`delete from policy_acceptances where policy_id = ${published?.id}`);
      await queryRows(t, sql`delete from policies where id = ${published?.id}`);
    }
  });

  it("assertAccepted answers 403 in French until the student accepts", async () => {
    const policy = createPolicyService({
      db: t.database.db,
      config: t.config,
      captcha: createCaptcha(t.database.db, t.config),
      storage: createStorageFromConfig(t.database.db, t.config.dataDir),
    });
    const { userId, accept } = await newStudent();
    await expect(policy.assertAccepted(userId)).rejects.toMatchObject({
      status: 403,
      body: { message: "Veuillez d'abord accepter la politique de non-remboursement." },
    });
    expect((await accept({ accepted: true })).statusCode).toBe(200);
    await expect(policy.assertAccepted(userId)).resolves.toBeUndefined();
  });

  it("with no policy published: nothing to accept, and the content is a 404 in French", async () => {
    const { accept, content, status } = await newStudent();
    // Every version back to draft for this test only: they are published again before the next one.
    const drafted = await queryRows<{ id: number }>(
      t,
      sql`update policies set status = 'brouillon' where status = 'publiee' returning id`,
    );
    try {
      expect((await status()).json()).toEqual({ success: true, has_accepted: true, accepted: true, accepted_at: null });
      const res = await content();
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, message: "Aucune politique disponible" });
      const accepted = await accept({ accepted: true });
      expect(accepted.statusCode).toBe(404);
      expect(accepted.json()).toEqual({ success: false, message: "Aucune politique disponible" });
    } finally {
      for (const { id } of drafted) await queryRows(t, sql`update policies set status = 'publiee' where id = ${id}`);
    }
  });
});
