import { writeFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, queryRows, type TestApp } from "../support/app.ts";

/** The readiness answer is cached a few seconds: moving the clock past it asks again. */
const nextProbe = () => vi.setSystemTime(Date.now() + 6_000);

describe("GET /healthz and GET /readyz", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    vi.useFakeTimers({ toFake: ["Date"] });
  }, 120_000);
  afterAll(async () => {
    vi.useRealTimers();
    await t?.close();
  });

  const get = (url: string) => t.app.inject({ method: "GET", url });

  it("healthz: the process answers", async () => {
    const response = await get("/healthz");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok" });
    expect(response.headers["cache-control"]).toBe("no-store");
  });

  it("readyz: 200 when the database, its migrations, the storage and the outbox are fine", async () => {
    // Past any answer cached by another test of this file.
    nextProbe();
    const response = await get("/readyz");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok" });
    // The storage probe leaves nothing behind.
    const result = (await t.database.db.execute(sql`select count(*)::int as n from stored_files`)) as unknown as {
      rows: { n: number }[];
    };
    expect(result.rows[0]?.n).toBe(0);
  });

  it("readyz: 503 with no detail when the mail outbox is stuck, 200 again once it moves", async () => {
    await t.database.db.execute(sql`
      insert into mail_outbox (to_address, subject, text_body, message_id, next_attempt_at)
      values ('a@example.com', 'Bloqué', '…', '<bloque@test>', now() - interval '1 hour')`);
    nextProbe();
    const response = await get("/readyz");
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: "indisponible" });
    expect(response.body).not.toMatch(/mail|outbox|e-mail|boîte/i);

    await t.database.db.execute(sql`update mail_outbox set status = 'sent' where subject = 'Bloqué'`);
    nextProbe();
    expect((await get("/readyz")).statusCode).toBe(200);
  });

  it("readyz: 503 when the migrations are behind the code, 200 again once they are back", async () => {
    const migrations = sql`drizzle.__drizzle_migrations`;
    const [last] = await queryRows<{ id: number; hash: string; created_at: string }>(
      t,
      sql`select id, hash, created_at::text from ${migrations} order by created_at desc limit 1`,
    );
    if (!last) throw new Error("no migration applied");
    await t.database.db.execute(sql`delete from ${migrations} where id = ${last.id}`);
    try {
      nextProbe();
      const response = await get("/readyz");
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: "indisponible" });
    } finally {
      // Put back: the other tests of this file share the database.
      await t.database.db.execute(
        sql`insert into ${migrations} (id, hash, created_at) values (${last.id}, ${last.hash}, ${last.created_at}::bigint)`,
      );
    }
    nextProbe();
    expect((await get("/readyz")).statusCode).toBe(200);
  });
});

describe("GET /readyz when the file storage cannot be written", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  }, 120_000);
  afterAll(async () => t?.close());

  it("answers 503 with no detail", async () => {
    const files = path.join(t.config.dataDir, "files");
    // A plain file where the storage folder should be: no write can succeed (even as root).
    writeFileSync(files, "pas un dossier");
    const response = await t.app.inject({ method: "GET", url: "/readyz" });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: "indisponible" });
    expect(response.body).not.toContain(t.config.dataDir);
  });
});
