/**
 * PostgreSQL faults under a real API process (`node apps/api/src/server.ts`): PostgreSQL closing
 * its connections under traffic (pg_terminate_backend, as a restart, a failover or an idle
 * timeout does), an outage, a start while it is down. The outage goes through a TCP relay in
 * front of the CI's PostgreSQL, which keeps serving the other tests. PostgreSQL is required here
 * (CI always has it), as in two-processes.test.ts: unreachable, the file fails.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseUrl, onPostgres, postgresUrl } from "../support/postgres.ts";
import { type ServerProcess, startServerProcess } from "../support/processes.ts";
import { startTcpProxy } from "../support/tcp-proxy.ts";
import { waitUntil } from "../support/wait.ts";

const databaseName = `puerta_faults_${process.pid}_${Date.now()}`;
const scratch = mkdtempSync(path.join(tmpdir(), "puerta-pannes-"));
/** A well-formed token nobody holds: checking it is a database query, answered 401. */
const UNKNOWN_TOKEN = { authorization: `Bearer 1|${"a".repeat(40)}` };

let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
let server: ServerProcess;

/** DATABASE_URL of the test database, through the relay on `port`. */
function databaseUrlVia(port: number) {
  const url = new URL(databaseUrl(databaseName));
  url.hostname = "127.0.0.1";
  url.port = String(port);
  return url.toString();
}

function serverEnv(dataDir: string, databaseUrl: string): Record<string, string> {
  return {
    NODE_ENV: "test",
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    APP_SECRET: "pannes-postgres-secret-pannes-postgres-0123",
    SEED_DEMO: "0",
    WEB_DIR: path.join(scratch, "pas-de-web"),
  };
}

type Outcome = { status: number; retryAfter: string | null; body: string } | { error: string };

/** A signed-in read as a client makes it: an HTTP answer, or the network error in its place. */
async function ask(target: ServerProcess = server): Promise<Outcome> {
  try {
    const response = await fetch(`${target.url}/api/planifications`, { headers: UNKNOWN_TOKEN });
    return { status: response.status, retryAfter: response.headers.get("retry-after"), body: await response.text() };
  } catch (error) {
    return { error: String((error as Error).cause ?? error) };
  }
}

/** Each answer is the data's (401 here) or the French 503 with Retry-After: never a 500, never a reset. */
function expectAnswered(outcomes: Outcome[]) {
  for (const outcome of outcomes) {
    expect(outcome).not.toHaveProperty("error");
    if (!("status" in outcome)) continue;
    if (outcome.status === 503) {
      expect(outcome.retryAfter).toMatch(/^\d+$/);
      expect(JSON.parse(outcome.body)).toEqual({
        message: "Service momentanément indisponible : réessayez dans un instant.",
      });
    } else {
      expect(outcome.status).toBe(401);
    }
  }
}

function postgresAddress() {
  const url = new URL(postgresUrl);
  return { host: url.hostname, port: Number(url.port || 5432) };
}

const statusOf = async (url: string) => (await fetch(url)).status;

beforeAll(async () => {
  await onPostgres((client) => client.query(`CREATE DATABASE ${databaseName}`));
  proxy = await startTcpProxy(postgresAddress());
  server = await startServerProcess(serverEnv(path.join(scratch, "a"), databaseUrlVia(proxy.port)));
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await proxy?.stop();
  await onPostgres((client) => client.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`));
  rmSync(scratch, { recursive: true, force: true });
}, 30_000);

describe("PostgreSQL faults under a running server", () => {
  it("stays up while PostgreSQL terminates its connections under traffic, and serves on", async () => {
    const outcomes: Outcome[] = [];
    let stop = false;
    const workers = Array.from({ length: 4 }, async () => {
      while (!stop) outcomes.push(await ask());
    });
    const answeredSoFar = (n: number) =>
      waitUntil(
        () => outcomes.length,
        (count) => count >= n,
        `${n} answers`,
        15_000,
      );

    let terminated = 0;
    for (let round = 1; round <= 5; round++) {
      await answeredSoFar(outcomes.length + 10);
      const result = await onPostgres((client) =>
        client.query(
          "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()",
          [databaseName],
        ),
      );
      terminated += result.rowCount ?? 0;
    }
    await answeredSoFar(outcomes.length + 10);
    stop = true;
    await Promise.all(workers);

    expect(terminated).toBeGreaterThan(0);
    expect(server.child.exitCode).toBeNull();
    expectAnswered(outcomes);
    expect(await statusOf(`${server.url}/healthz`)).toBe(200);
    expect(await ask()).toMatchObject({ status: 401 });
  }, 60_000);

  it("answers 503 while the database is closed to connections (maintenance), and serves again once it is open", async () => {
    const allowConnections = (allowed: boolean) =>
      onPostgres((client) => client.query(`ALTER DATABASE ${databaseName} ALLOW_CONNECTIONS ${allowed}`));
    await allowConnections(false);
    try {
      // Connections already open are not refused: they are closed, so the server has to open others.
      await onPostgres((client) =>
        client.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1", [databaseName]),
      );
      // One after the other: the first may meet a connection being closed, the next ones need new ones.
      const during: Outcome[] = [];
      for (let i = 0; i < 6; i++) during.push(await ask());
      expectAnswered(during);
      expect(during.every((outcome) => "status" in outcome && outcome.status === 503)).toBe(true);
    } finally {
      await allowConnections(true);
    }
    await waitUntil(
      () => ask(),
      (outcome) => "status" in outcome && outcome.status === 401,
      "a read answered again",
      15_000,
    );
  }, 60_000);

  it("answers 503 through an outage (/healthz 200, /readyz 503) and serves again by itself", async () => {
    await proxy.cut();
    try {
      const during = await Promise.all(Array.from({ length: 5 }, () => ask()));
      expectAnswered(during);
      expect(during.every((outcome) => "status" in outcome && outcome.status === 503)).toBe(true);
      expect(await statusOf(`${server.url}/healthz`)).toBe(200);
      await waitUntil(
        () => statusOf(`${server.url}/readyz`),
        (status) => status === 503,
        "/readyz answering 503",
        15_000,
      );
      expect(server.child.exitCode).toBeNull();
    } finally {
      await proxy.restore();
    }
    await waitUntil(
      () => ask(),
      (outcome) => "status" in outcome && outcome.status === 401,
      "a read answered again",
      15_000,
    );
    await waitUntil(
      () => statusOf(`${server.url}/readyz`),
      (status) => status === 200,
      "/readyz answering 200",
      15_000,
    );
    expect(server.output()).toContain("connexion à PostgreSQL perdue");
    expect(server.output()).not.toMatch(/unhandled error/);
  }, 60_000);
});

describe("starting while PostgreSQL is down", () => {
  it("waits, says so in one line, and starts once PostgreSQL answers", async () => {
    const relay = await startTcpProxy(postgresAddress());
    await relay.cut();
    let restored: Promise<void> | undefined;
    const restoreOnce = () => {
      restored ??= relay.restore();
    };
    const late = await startServerProcess(
      { ...serverEnv(path.join(scratch, "b"), databaseUrlVia(relay.port)), DB_CONNECT_TIMEOUT: "30" },
      {
        timeoutMs: 40_000,
        onOutput: (output) => {
          if (output.includes("PostgreSQL injoignable")) restoreOnce();
        },
      },
    );
    try {
      await restored;
      expect(await ask(late)).toMatchObject({ status: 401 });
      const lines = late.output().split("\n");
      expect(lines.filter((line) => line.includes("PostgreSQL injoignable"))).toHaveLength(1);
      expect(late.output()).toContain("PostgreSQL répond : démarrage.");
    } finally {
      await late.stop();
      await relay.stop();
    }
  }, 60_000);

  it("gives up after DB_CONNECT_TIMEOUT with one line saying what to check, and no stack", async () => {
    const closed = await startTcpProxy({ host: "127.0.0.1", port: 1 });
    await closed.cut();
    const started = Date.now();
    const failure = await startServerProcess(
      {
        ...serverEnv(path.join(scratch, "c"), `postgres://puerta:mot-de-passe@127.0.0.1:${closed.port}/puerta`),
        DB_CONNECT_TIMEOUT: "1",
      },
      { timeoutMs: 20_000 },
    ).then(
      () => "started",
      (error: Error) => error.message,
    );
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(failure).toMatch(/^server exited with 1:/);
    const printed = failure
      .split("\n")
      .slice(1)
      .filter((line) => line.trim() !== "");
    expect(printed.at(-1)).toBe(
      `PostgreSQL injoignable (127.0.0.1:${closed.port}/puerta) depuis 1 s : connect ECONNREFUSED 127.0.0.1:${closed.port}. ` +
        "Vérifiez que PostgreSQL tourne et que DATABASE_URL est juste (attente réglée par DB_CONNECT_TIMEOUT).",
    );
    expect(failure).not.toMatch(/\n\s+at |DrizzleQueryError|mot-de-passe/);
  }, 30_000);
});
