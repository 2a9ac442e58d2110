import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app.ts";
import { loadConfig } from "../../src/config.ts";
import { openDatabase } from "../../src/db/client.ts";
import type { TestApp } from "../support/app.ts";
import { signInStaff, staffBrowser } from "../support/staff-browser.ts";

const cli = fileURLToPath(new URL("../../src/modules/staff/create-cli.ts", import.meta.url));

/** `npm run staff:create` on an empty embedded database, then the link it printed, used for real. */
describe("npm run staff:create", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "puerta-staff-cli-"));
  const env = {
    PATH: process.env.PATH ?? "",
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    APP_SECRET: "test-secret-test-secret-test-secret-0123",
    PUBLIC_URL: "https://portail.puerta.example",
    SEED_DEMO: "0",
    CAPTCHA_COST: "1",
    CAPTCHA_MAX_COUNTER: "20",
    LOG_LEVEL: "silent",
  };
  const run = (...args: string[]) => spawnSync(process.execPath, [cli, ...args], { env, encoding: "utf8" });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("refuses incomplete arguments in French, with the usage", () => {
    const noRole = run("--email", "a@example.com", "--name", "A");
    expect(noRole.status).toBe(1);
    expect(noRole.stderr).toContain("Rôle manquant ou inconnu (--role).");
    expect(noRole.stderr).toContain("Usage : npm run staff:create -- --email");
    const badEmail = run("--email", "pas-une-adresse", "--name", "A", "--role", "direction");
    expect(badEmail.status).toBe(1);
    expect(badEmail.stderr).toContain("Adresse e-mail manquante ou invalide (--email).");
  }, 120_000); // two processes to start

  it("creates the first direction and prints a one-time activation link that works", async () => {
    const created = run("--email", "Fondatrice@Example.com", "--name", "Amina Fondatrice", "--role", "direction");
    expect(created.stderr).toBe("");
    expect(created.status).toBe(0);
    expect(created.stdout).toContain("Compte Direction créé pour Amina Fondatrice <fondatrice@example.com>.");
    const link = /https:\/\/portail\.puerta\.example\/gestion\/activer\?token=([A-Za-z0-9]+)/.exec(created.stdout);
    expect(link).not.toBeNull();
    const token = link?.[1] ?? "";

    const twice = run("--email", "fondatrice@example.com", "--name", "Amina", "--role", "direction");
    expect(twice.status).toBe(1);
    expect(twice.stderr).toContain("Un compte du personnel existe déjà pour fondatrice@example.com.");

    const config = loadConfig(env);
    const database = await openDatabase({ kind: "pglite", dataDir });
    const app = await buildApp({ config, db: database.db, logger: false });
    await app.ready();
    const t: TestApp = { app, database, config, close: async () => {} };
    try {
      const check = await app.inject({ method: "GET", url: `/api/activation?token=${token}` });
      expect(check.json()).toEqual({ kind: "staff", name: "Amina Fondatrice", email: "fondatrice@example.com" });
      const activated = await (await staffBrowser(t)).post("/api/activation", {
        token,
        password: "Premiere-Directrice-2025",
        password_confirmation: "Premiere-Directrice-2025",
      });
      expect(activated.statusCode).toBe(200);
      const { user, recoveryCodes } = await signInStaff(t, "fondatrice@example.com", "Premiere-Directrice-2025");
      expect(user).toMatchObject({ role: "direction", name: "Amina Fondatrice" });
      expect(recoveryCodes).toHaveLength(10);
    } finally {
      await app.close();
      await database.close();
    }
  }, 180_000); // three processes and an embedded database opened from disk
});
