import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { driverOf, openDatabase } from "../../src/db/client.ts";

/**
 * Where test apps start from: one database migrated once for the whole run. A PGlite app
 * started by initdb and all migrations took about 3 s, 80 times per run; from this copy it
 * takes a fraction of that. On PostgreSQL each test database is a `CREATE DATABASE … TEMPLATE`
 * of it. Tests that need a database without any migration (restores on an empty machine) keep
 * `openTestDatabase()`, which does not use it.
 */
export type MigratedTemplate = { kind: "pglite"; file: string } | { kind: "postgres"; database: string };

declare module "vitest" {
  export interface ProvidedContext {
    migratedTemplate: MigratedTemplate;
  }
}

export default async function makeMigratedTemplate(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `puerta_template_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ kind: "postgres", url: url.toString() });
    await database.migrate();
    await database.close();
    project.provide("migratedTemplate", { kind: "postgres", database: name });
    return () => adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  const database = await openDatabase({ kind: "pglite" });
  await database.migrate();
  const driver = driverOf(database.db);
  if (!("embedded" in driver)) throw new Error("PGlite attendu");
  const dump = await driver.embedded.dumpDataDir("none");
  await database.close();
  const folder = mkdtempSync(path.join(tmpdir(), "puerta-template-"));
  const file = path.join(folder, "migrated.tar");
  writeFileSync(file, new Uint8Array(await dump.arrayBuffer()));
  project.provide("migratedTemplate", { kind: "pglite", file });
  return () => rmSync(folder, { recursive: true, force: true });
}

async function adminQuery(serverUrl: string, sql: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}
