import { mkdtempSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, type SQL } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import pg from "pg";
import { inject } from "vitest";
import { buildApp } from "../../src/app.ts";
import { type Config, loadConfig } from "../../src/config.ts";
import { type DatabaseHandle, openDatabase } from "../../src/db/client.ts";
import { users } from "../../src/db/schema/index.ts";
import { DEMO_PASSWORD, DEMO_STUDENTS, seedDemo } from "../../src/demo/index.ts";
import type { RouteModule } from "../../src/route-scopes.ts";
import { acceptCurrentPolicy, createAccessToken, createStudent, type StudentInput } from "./factories.ts";
import type { MigratedTemplate } from "./migrated-template.ts";
import { solveCaptchaChallenge } from "./tools.ts";

export { DEMO_PASSWORD, DEMO_STUDENTS };

export type TestApp = {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  close(): Promise<void>;
};

/**
 * A real app on a real, fresh database: in-memory PGlite by default, or a throw-away
 * database on the PostgreSQL server named by TEST_DATABASE_URL. Nothing is mocked.
 */
export async function createTestApp(
  options: { seed?: boolean; env?: Record<string, string>; extraRoutes?: RouteModule[] } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "puerta-test-"));
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    APP_SECRET: "test-secret-test-secret-test-secret-0123",
    CAPTCHA_COST: "1",
    CAPTCHA_MAX_COUNTER: "20",
    WEB_DIR: path.join(dataDir, "no-web"),
    LOG_LEVEL: "silent",
    ...options.env,
  });
  const { database, drop } = await openTestDatabase({ migrated: true });
  // On a copy of the migrated template this only confirms there is nothing left to apply.
  await database.migrate();
  // Without the back-office's sample requests and messages: each test writes its own (demo/office.ts).
  if (options.seed ?? true) await seedDemo(database.db, config, { officeSamples: false });
  const app = await buildApp({ config, db: database.db, logger: false, extraRoutes: options.extraRoutes });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A fresh database: PGlite in memory, or a throw-away one on TEST_DATABASE_URL. With no
 * migration applied, or (`migrated`) a copy of the run's migrated template (migrated-template.ts).
 */
export async function openTestDatabase({ migrated = false } = {}): Promise<{
  database: DatabaseHandle;
  drop: () => Promise<void>;
}> {
  const template = migrated ? migratedTemplate() : undefined;
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const startFrom = template?.kind === "pglite" ? await templateCopy(template.file) : undefined;
    return { database: await openDatabase({ kind: "pglite", startFrom }), drop: async () => {} };
  }
  const name = `puerta_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(
    template?.kind === "postgres" ? `CREATE DATABASE ${name} TEMPLATE ${template.database}` : `CREATE DATABASE ${name}`,
  );
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: "postgres", url: url.toString() });
  return {
    database,
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      // pool.end() resolves before its sockets are closed: a forced drop would then kill a
      // closing connection, whose FATAL error nobody listens to any more. Let them go first.
      for (let i = 0; i < 100; i++) {
        const { rows } = await client.query("select count(*)::int as n from pg_stat_activity where datname = $1", [
          name,
        ]);
        if (rows[0]?.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** The run's migrated template, when the project's global setup made one (vitest.config.ts). */
function migratedTemplate(): MigratedTemplate | undefined {
  try {
    return inject("migratedTemplate");
  } catch {
    return undefined; // not under the API project's runner: migrate from scratch
  }
}

let pgliteTemplate: { file: string; copy: Blob } | undefined;
async function templateCopy(file: string): Promise<Blob> {
  if (pgliteTemplate?.file !== file) pgliteTemplate = { file, copy: new Blob([await readFile(file)]) };
  return pgliteTemplate.copy;
}

/** Fetches a challenge and solves it the way the browser widget does; returns the payload. */
export async function solveCaptcha(app: FastifyInstance): Promise<string> {
  const response = await app.inject({ method: "GET", url: "/api/captcha/challenge" });
  return solveCaptchaChallenge(response.json());
}

/** Signs in through the real login route and returns the bearer token. */
export async function login(app: FastifyInstance, email: string = DEMO_STUDENTS.first, password = DEMO_PASSWORD) {
  const response = await app.inject({
    method: "POST",
    url: "/api/login",
    payload: { email, password, recaptcha_token: await solveCaptcha(app) },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return response.json().token as string;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Rows of a raw SQL query, on PGlite and PostgreSQL alike: for checking what was stored. */
export async function queryRows<T = Record<string, unknown>>(t: TestApp, query: SQL): Promise<T[]> {
  const result = (await t.database.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Puts a demo student past the policy gate, for tests about something behind it: the first
 * demo student has not accepted on a fresh seed (route-scopes.test.ts covers the gate itself).
 */
export async function acceptPolicyAs(t: TestApp, email: string) {
  const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
  if (!user) throw new Error(`no user ${email}`);
  await acceptCurrentPolicy(t.database.db, user.id);
}

/** A new student placed as the demo seed's first one: Ain Sebaa, Selectividad Santé, the policy not yet accepted. */
export const AIN_SEBAA_STUDENT: StudentInput = { centre: "Ain Sebaa", option: "Selectividad Santé" };
/** A new student placed as the demo seed's second one: Zenith, Selectividad Ingénierie, the policy accepted. */
export const ZENITH_STUDENT: StudentInput = {
  centre: "Zenith",
  option: "Selectividad Ingénierie",
  acceptedPolicy: true,
};

/** A student of its own for one test (see `createStudent`), with a live bearer token. */
export async function signInNewStudent(t: TestApp, input: StudentInput = {}) {
  const student = await createStudent(t.database.db, input);
  return { ...student, token: await createAccessToken(t.database.db, student.userId) };
}

/**
 * A student of its own for one test, signed in through the real login route (captcha, password
 * check): for a test about what login issues. `login(t.app, email, password)` signs in again.
 */
export async function loginNewStudent(t: TestApp, input: StudentInput = {}) {
  const student = await createStudent(t.database.db, input);
  return { ...student, token: await login(t.app, student.email, student.password) };
}

/** What a client reads of an answer: the part two replies to the same Idempotency-Key must share. */
export const seenByClient = (response: LightMyRequestResponse) => ({
  status: response.statusCode,
  body: response.body,
  contentType: response.headers["content-type"],
});
