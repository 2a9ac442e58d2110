import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import pg from "pg";
import { list as listTar } from "tar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app.ts";
import { loadConfig } from "../../src/config.ts";
import { type DatabaseHandle, openDatabase } from "../../src/db/client.ts";
import { rowsOf } from "../../src/db/migration-level.ts";
import { seedDemo } from "../../src/demo/index.ts";
import { createStorageFromConfig } from "../../src/lib/storage/index.ts";
import { writeBackup } from "../../src/ops/backup.ts";
import { createTestApp, openTestDatabase, type TestApp } from "../support/app.ts";
import { runScript } from "../support/processes.ts";
import { DEMO_STAFF, signInStaff, staffBrowser, totpCode } from "../support/staff-browser.ts";

const restoreCli = fileURLToPath(new URL("../../src/ops/restore-cli.ts", import.meta.url));
const resetCli = fileURLToPath(new URL("../../src/modules/staff/reset-2fa-cli.ts", import.meta.url));
const OTHER_SECRET = "un-autre-secret-un-autre-secret-un-autre";

/**
 * Where a restore goes: an empty DATA_DIR on a "new machine", with the embedded database in it,
 * or (with TEST_DATABASE_URL) an empty PostgreSQL database beside it.
 */
type Target = {
  dataDir: string;
  env: Record<string, string>;
  open(): Promise<DatabaseHandle>;
  isEmpty(): Promise<boolean>;
};
const dropAfter: (() => Promise<void>)[] = [];

async function newTarget(dataDir: string): Promise<Target> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    return {
      dataDir,
      env: { DATA_DIR: dataDir },
      open: () => openDatabase({ kind: "pglite", dataDir }),
      isEmpty: async () => !existsSync(dataDir),
    };
  }
  const name = `puerta_secret_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const query = async (connectionString: string, text: string) => {
    const client = new pg.Client({ connectionString });
    await client.connect();
    try {
      return (await client.query(text)).rows;
    } finally {
      await client.end();
    }
  };
  await query(serverUrl, `CREATE DATABASE ${name}`);
  dropAfter.push(async () => {
    await query(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    dataDir,
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    open: () => openDatabase({ kind: "postgres", url: url.toString() }),
    isEmpty: async () => {
      const [row] = await query(
        url.toString(),
        "select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')",
      );
      return row?.n === 0 && !existsSync(dataDir);
    },
  };
}

/** The server of a "new machine": the app on the restored database, configured like `npm start`. */
async function appOn(target: Target, env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = target.dataDir;
  const config = loadConfig({
    NODE_ENV: "test",
    ...target.env,
    CAPTCHA_COST: "1",
    CAPTCHA_MAX_COUNTER: "20",
    WEB_DIR: path.join(dataDir, "no-web"),
    LOG_LEVEL: "silent",
    ...env,
  });
  const database = await target.open();
  const app = await buildApp({ config, db: database.db, logger: false });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** Step 1 then step 2 with the code the person's authenticator shows (one step ahead: the source used this one). */
async function signInWithAuthenticator(t: TestApp, email: string, secret: string) {
  const browser = await staffBrowser(t);
  const first = await browser.login(email);
  expect(first.statusCode).toBe(200);
  expect(first.json()).toEqual({ step: "totp" });
  return browser.post("/api/gestion/login/totp", { code: await totpCode(secret, 1) });
}

describe("a restored back-office keeps the staff's second factors (issue 30)", () => {
  const dirs: string[] = [];
  const newDir = (prefix: string) => {
    const dir = mkdtempSync(path.join(tmpdir(), `puerta-${prefix}-`));
    dirs.push(dir);
    return dir;
  };
  /** Source A: no APP_SECRET, the secret generated in its DATA_DIR (the default outside production). */
  let generatedArchive: string;
  let generatedSecret: string;
  let directionSecretA: string;
  /** Source B: APP_SECRET from the environment (production). */
  let environmentArchive: string;
  let environmentSecret: string;
  let directionSecretB: string;

  beforeAll(async () => {
    const work = newDir("secret-archives");
    const dataDirA = newDir("source-a");
    const config = loadConfig({
      NODE_ENV: "test",
      DATA_DIR: dataDirA,
      CAPTCHA_COST: "1",
      CAPTCHA_MAX_COUNTER: "20",
      WEB_DIR: path.join(dataDirA, "no-web"),
      LOG_LEVEL: "silent",
    });
    expect(config.appSecretSource).toBe("data-dir");
    generatedSecret = config.appSecret;
    const { database, drop } = await openTestDatabase();
    await database.migrate();
    await seedDemo(database.db, config);
    const app = await buildApp({ config, db: database.db, logger: false });
    await app.ready();
    const a: TestApp = { app, database, config, close: async () => {} };
    try {
      directionSecretA = (await signInStaff(a, DEMO_STAFF.direction)).secret;
      generatedArchive = path.join(work, "a.tar.gz");
      await writeBackup({
        db: database.db,
        storage: createStorageFromConfig(database.db, dataDirA),
        output: generatedArchive,
        source: database.kind,
        appSecret: { value: config.appSecret, source: config.appSecretSource },
      });
    } finally {
      await app.close();
      await database.close();
      await drop();
    }

    const b = await createTestApp();
    try {
      expect(b.config.appSecretSource).toBe("environment");
      environmentSecret = b.config.appSecret;
      directionSecretB = (await signInStaff(b, DEMO_STAFF.direction)).secret;
      environmentArchive = path.join(work, "b.tar.gz");
      await writeBackup({
        db: b.database.db,
        storage: createStorageFromConfig(b.database.db, b.config.dataDir),
        output: environmentArchive,
        source: b.database.kind,
        appSecret: { value: b.config.appSecret, source: b.config.appSecretSource },
      });
    } finally {
      await b.close();
    }
  }, 240_000);

  afterAll(async () => {
    for (const drop of dropAfter) await drop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it("restores onto a new machine (empty DATA_DIR, no secret): the archive's secret comes along, staff sign in with their authenticator", async () => {
    const entries: string[] = [];
    await listTar({ file: generatedArchive, onReadEntry: (entry) => entries.push(entry.path) });
    expect(entries).toContain("app-secret");

    const target = await newTarget(path.join(newDir("nouvelle-machine"), "data"));
    const { dataDir } = target;
    const restore = await runScript(restoreCli, [generatedArchive], target.env);
    expect(restore.stderr).toBe("");
    expect(restore.code).toBe(0);
    expect(restore.stdout).toContain(`Secret de l'application de la source installé dans ${dataDir}/app-secret`);
    expect(readFileSync(path.join(dataDir, "app-secret"), "utf8")).toBe(generatedSecret);
    expect(statSync(path.join(dataDir, "app-secret")).mode & 0o777).toBe(0o600);

    const t = await appOn(target);
    try {
      const second = await signInWithAuthenticator(t, DEMO_STAFF.direction, directionSecretA);
      expect(second.statusCode).toBe(200);
      expect(second.json().user.email).toBe(DEMO_STAFF.direction);
    } finally {
      await t.close();
    }
  }, 240_000);

  it("refuses, before writing anything, an archive whose secret differs from this environment's, saying what to do", async () => {
    const cases = [
      [environmentArchive, { APP_SECRET: OTHER_SECRET }, "Définissez APP_SECRET à la valeur du serveur d'origine"],
      [environmentArchive, {}, "APP_SECRET n'est pas défini ici"],
      [generatedArchive, { APP_SECRET: OTHER_SECRET }, `tar -xzOf ${generatedArchive} app-secret`],
    ] as const;
    // Three operators on three new machines: independent, so their restores run side by side.
    const refusals = await Promise.all(
      cases.map(async ([archive, env, says]) => {
        const target = await newTarget(path.join(newDir("refus"), "data"));
        return { target, says, restore: await runScript(restoreCli, [archive], { ...target.env, ...env }) };
      }),
    );
    for (const { target, says, restore } of refusals) {
      expect(restore.code).toBe(1);
      expect(restore.stderr).toContain("Secret différent");
      expect(restore.stderr).toContain(says);
      expect(restore.stderr).toContain("--nouveau-secret");
      expect(restore.stderr).toContain("Rien n'a été restauré.");
      expect(restore.stderr).not.toMatch(/\bat .+:\d+:\d+/);
      expect(await target.isEmpty()).toBe(true);
    }
  }, 240_000);

  it("restores under the same APP_SECRET; under another one a sign-in is a French 409, never a 500, and staff:reset-2fa lets the person enrol again", async () => {
    const target = await newTarget(path.join(newDir("meme-secret"), "data"));
    const { dataDir } = target;
    const restore = await runScript(restoreCli, [environmentArchive], { ...target.env, APP_SECRET: environmentSecret });
    expect(restore.stderr).toBe("");
    expect(restore.code).toBe(0);
    expect(existsSync(path.join(dataDir, "app-secret"))).toBe(false);
    const same = await appOn(target, { APP_SECRET: environmentSecret });
    try {
      expect((await signInWithAuthenticator(same, DEMO_STAFF.direction, directionSecretB)).statusCode).toBe(200);
    } finally {
      await same.close();
    }

    // The server started later under another secret (the operator changed it): no 500.
    const other = await appOn(target, { APP_SECRET: OTHER_SECRET });
    try {
      const browser = await staffBrowser(other);
      expect((await browser.login(DEMO_STAFF.direction)).json()).toEqual({ step: "totp" });
      for (const code of [await totpCode(directionSecretB, 2), "abcde-fghij"]) {
        const second = await browser.post("/api/gestion/login/totp", { code });
        expect(second.statusCode).toBe(409);
        expect(second.json()).toEqual({
          message: expect.stringMatching(/^Votre double authentification ne peut pas être vérifiée sur ce serveur/),
        });
      }
    } finally {
      await other.close();
    }

    const reset = await runScript(resetCli, ["--email", DEMO_STAFF.direction], {
      ...target.env,
      APP_SECRET: OTHER_SECRET,
    });
    // (stderr may say the permissions were tightened: this test's own process opened the database with umask 022)
    expect(reset.stderr).not.toMatch(/\bat .+:\d+:\d+/);
    expect(reset.code).toBe(0);
    expect(reset.stdout).toContain("Double authentification de");
    const unknown = await runScript(resetCli, ["--email", "personne@example.com"], {
      ...target.env,
      APP_SECRET: OTHER_SECRET,
    });
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("Aucun compte du personnel pour personne@example.com.");

    const after = await appOn(target, { APP_SECRET: OTHER_SECRET });
    try {
      const first = await (await staffBrowser(after)).login(DEMO_STAFF.direction);
      expect(first.json().step).toBe("enrol");
      const journal = await rowsOf<{ staff_id: number | null; summary: string }>(
        after.database.db,
        sql`select staff_id, summary from audit_log where action = 'reinitialisation_2fa'`,
      );
      expect(journal).toEqual([
        {
          staff_id: null,
          summary: expect.stringMatching(/^Double authentification de .+ réinitialisée en ligne de commande\.$/),
        },
      ]);
    } finally {
      await after.close();
    }
  }, 240_000);

  it("restores with --nouveau-secret when the source's secret is lost: every second factor is reset, and journalled", async () => {
    const target = await newTarget(path.join(newDir("secret-perdu"), "data"));
    const restore = await runScript(restoreCli, [environmentArchive, "--nouveau-secret"], {
      ...target.env,
      APP_SECRET: OTHER_SECRET,
    });
    expect(restore.stderr).toBe("");
    expect(restore.code).toBe(0);
    expect(restore.stdout).toContain("double authentification réinitialisée pour 1 membre(s) du personnel");
    const t = await appOn(target, { APP_SECRET: OTHER_SECRET });
    try {
      expect((await (await staffBrowser(t)).login(DEMO_STAFF.direction)).json().step).toBe("enrol");
    } finally {
      await t.close();
    }
  }, 240_000);
});
