/**
 * Requests stuck behind a lock on PostgreSQL (decision 109): a real API process with its default
 * pool of 10 connections and a 1 s statement and lock timeout; a separate client holds a table's
 * lock, as a long transaction or a migration does. PostgreSQL is required here (CI always has it),
 * as in postgres-faults.test.ts: unreachable, the file fails instead of skipping.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/db/client.ts";
import { createAccessToken, createStudent } from "../support/factories.ts";
import { databaseUrl, onPostgres } from "../support/postgres.ts";
import { type ServerProcess, startServerProcess } from "../support/processes.ts";
import { waitUntil } from "../support/wait.ts";

const databaseName = `puerta_delais_${process.pid}_${Date.now()}`;
const scratch = mkdtempSync(path.join(tmpdir(), "puerta-delais-"));
const TIMEOUT_MS = 1_000;

let server: ServerProcess;
let headers: Record<string, string>;

beforeAll(async () => {
  await onPostgres((client) => client.query(`CREATE DATABASE ${databaseName}`));
  server = await startServerProcess({
    NODE_ENV: "test",
    DATABASE_URL: databaseUrl(databaseName),
    DATA_DIR: path.join(scratch, "data"),
    APP_SECRET: "delais-postgres-secret-delais-postgres-0123",
    SEED_DEMO: "0",
    WEB_DIR: path.join(scratch, "pas-de-web"),
    DB_STATEMENT_TIMEOUT_MS: String(TIMEOUT_MS),
    DB_LOCK_TIMEOUT_MS: String(TIMEOUT_MS),
  });
  // A student and a live token, written beside the server (which migrated the database).
  const setup = await openDatabase({ kind: "postgres", url: databaseUrl(databaseName) });
  try {
    const student = await createStudent(setup.db, { acceptedPolicy: true });
    headers = { authorization: `Bearer ${await createAccessToken(setup.db, student.userId)}` };
  } finally {
    await setup.close();
  }
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await onPostgres((client) => client.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`));
  rmSync(scratch, { recursive: true, force: true });
}, 30_000);

type Outcome = { status: number; retryAfter: string | null; body: string; ms: number };

async function ask(url: string): Promise<Outcome> {
  const started = Date.now();
  const response = await fetch(`${server.url}${url}`, { headers, signal: AbortSignal.timeout(20_000) });
  return {
    status: response.status,
    retryAfter: response.headers.get("retry-after"),
    body: await response.text(),
    ms: Date.now() - started,
  };
}

describe("requests behind a lock on PostgreSQL", () => {
  it("answers the blocked ones 503 with Retry-After within the timeout, and the others on", async () => {
    expect((await ask("/api/planifications")).status).toBe(200);

    // Another client takes the plannings' table, as a long transaction or a migration does.
    const holder = new pg.Client({ connectionString: databaseUrl(databaseName) });
    await holder.connect();
    try {
      await holder.query("BEGIN");
      await holder.query("LOCK TABLE planifications IN ACCESS EXCLUSIVE MODE");

      // As many reads behind it as the pool has connections, then an unrelated one.
      let settled = 0;
      const blocked = Array.from({ length: 10 }, () => ask("/api/planifications").finally(() => settled++));
      // Every connection of the pool waiting for the lock (or the first already given up).
      await onPostgres((client) =>
        waitUntil(
          async () =>
            settled > 0 ||
            (
              await client.query<{ n: number }>(
                "select count(*)::int as n from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'",
                [databaseName],
              )
            ).rows[0]?.n === 10,
          Boolean,
          "ten requests waiting for the lock",
          10_000,
        ),
      );
      const unrelated = await ask("/api/policy/status");

      expect(unrelated.status).toBe(200);
      const answers = await Promise.all(blocked);
      for (const answer of answers) {
        expect(answer.status).toBe(503);
        expect(answer.retryAfter).toMatch(/^\d+$/);
        expect(JSON.parse(answer.body)).toEqual({
          message: "Service momentanément indisponible : réessayez dans un instant.",
        });
        // The timeout, waited for once per statement; far from "never", which was the answer.
        expect(answer.ms).toBeLessThan(TIMEOUT_MS * 6);
      }
    } finally {
      await holder.query("ROLLBACK");
      await holder.end();
    }
    expect((await ask("/api/planifications")).status).toBe(200);
  }, 60_000);
});
