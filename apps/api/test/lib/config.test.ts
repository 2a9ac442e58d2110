import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.ts";
import { runServerToExit } from "../support/processes.ts";

const dataDir = mkdtempSync(path.join(tmpdir(), "puerta-config-"));
const SECRET = "un-secret-de-production-assez-long-0123456789";
const base = { DATA_DIR: dataDir };

/** The error loadConfig throws for `env`, as an operator would read it. */
function configError(env: Record<string, string>): string {
  try {
    loadConfig({ ...base, ...env });
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`no error for ${JSON.stringify(env)}`);
}

describe("configuration", () => {
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("has working defaults outside production", () => {
    const config = loadConfig(base);
    expect(config).toMatchObject({
      env: "development",
      port: 3000,
      publicUrl: "http://localhost:3000",
      dataDir,
      databaseUrl: undefined,
      seedDemo: true,
      trustProxy: false,
      tokenIdleMinutes: 120,
      tokenLifetimeHours: 168,
    });
    // A secret is made once and kept beside the data, so a restart keeps captchas valid.
    expect(config.appSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(readFileSync(path.join(dataDir, "app-secret"), "utf8")).toBe(config.appSecret);
    expect(loadConfig(base).appSecret).toBe(config.appSecret);
  });

  it.each([
    ["PORT", "abc"],
    ["PORT", "70000"],
    ["NODE_ENV", "staging"],
    ["DATABASE_URL", "pas une url"],
    ["PUBLIC_URL", "localhost"],
    ["LOG_LEVEL", "bavard"],
    ["TOKEN_IDLE_MINUTES", "0"],
    ["TOKEN_LIFETIME_HOURS", "-3"],
    ["LOGIN_LOCKOUT_SECONDS", "1.5"],
    ["SEED_DEMO", "oui"],
    ["TRUST_PROXY", "yes"],
    ["APP_SECRET", "trop-court"],
    ["CONTACT_EMAIL", "pas-un-email"],
  ])("refuses %s=%s with a French message naming the variable", (name, value) => {
    const message = configError({ [name]: value });
    expect(message).toMatch(/^Configuration invalide :\n/);
    expect(message).toContain(`  ${name}: `);
    expect(message).not.toMatch(/Invalid|expected|Too (big|small)/);
  });

  it("names every bad variable at once", () => {
    const message = configError({ PORT: "abc", LOG_LEVEL: "bavard" });
    expect(message).toContain("PORT: ");
    expect(message).toContain("LOG_LEVEL: ");
  });

  it("requires APP_SECRET in production, and seeds the demo there only when SEED_DEMO=1", () => {
    expect(configError({ NODE_ENV: "production" })).toContain("APP_SECRET: requis en production");
    const production = loadConfig({ ...base, NODE_ENV: "production", APP_SECRET: SECRET });
    expect(production.seedDemo).toBe(false);
    expect(production.appSecret).toBe(SECRET);
    expect(loadConfig({ ...base, NODE_ENV: "production", APP_SECRET: SECRET, SEED_DEMO: "1" }).seedDemo).toBe(true);
    expect(loadConfig({ ...base, SEED_DEMO: "0" }).seedDemo).toBe(false);
  });

  it("reads the numbers, flags and URLs it is given", () => {
    const config = loadConfig({
      ...base,
      PORT: "8080",
      PUBLIC_URL: "https://puerta.example/",
      TRUST_PROXY: "1",
      TOKEN_IDLE_MINUTES: "15",
      DATABASE_URL: "postgres://u:p@db.example:5432/puerta",
    });
    expect(config).toMatchObject({
      port: 8080,
      publicUrl: "https://puerta.example",
      trustProxy: 1,
      tokenIdleMinutes: 15,
      databaseUrl: "postgres://u:p@db.example:5432/puerta",
    });
  });

  it("takes TRUST_PROXY as a number of proxies or their addresses, and refuses a boolean saying which to give", () => {
    expect(loadConfig({ ...base, TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(loadConfig({ ...base, TRUST_PROXY: "0" }).trustProxy).toBe(false);
    expect(loadConfig(base).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: "127.0.0.1,10.0.0.0/8" }).trustProxy).toEqual([
      "127.0.0.1",
      "10.0.0.0/8",
    ]);
    expect(loadConfig({ ...base, TRUST_PROXY: "::1, fd00::/8" }).trustProxy).toEqual(["::1", "fd00::/8"]);
    for (const value of ["true", "yes", "TRUE", "false"]) {
      expect(configError({ TRUST_PROXY: value })).toBe(
        `Configuration invalide :\n  TRUST_PROXY: « ${value} » n'est plus accepté : indiquer le nombre de proxys devant l'API (1 pour un seul proxy, 0 pour aucun) ou la liste de leurs adresses ou réseaux (ex. 127.0.0.1,10.0.0.0/8)`,
      );
    }
    for (const value of ["nginx", "10.0.0.0/33", "127.0.0.1,", "-1", "1.5"]) {
      expect(configError({ TRUST_PROXY: value })).toMatch(
        /^Configuration invalide :\n {2}TRUST_PROXY: « .+ » : indiquer le nombre de proxys/,
      );
    }
  });

  it("stops node src/server.ts with the message and no stack trace", () => {
    const server = runServerToExit({ DATA_DIR: dataDir, PORT: "abc" });
    expect(server.status).toBe(1);
    expect(server.stderr).toContain("Configuration invalide :");
    expect(server.stderr).toContain("PORT: ");
    expect(server.stderr).not.toMatch(/\bat .+:\d+:\d+/);
  });
});
