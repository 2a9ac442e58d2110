import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { DEFAULT_POSTGRES_LIMITS, type PostgresLimits } from "./db/limits.ts";
import "./lib/french-validation.ts";
import { DEFAULT_STORAGE_TIMEOUTS, parseStorageUrl, type StorageLocation } from "./lib/storage/location.ts";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

function defaultDataDir() {
  return path.join(repoRoot, "data");
}

/** DATA_DIR alone, read without the rest of the configuration (which would generate a secret there). */
export const configuredDataDir = (env: NodeJS.ProcessEnv = process.env) =>
  path.resolve(env.DATA_DIR || defaultDataDir());

const flag = z
  .enum(["0", "1", "true", "false"])
  .optional()
  .transform((v) => v === "1" || v === "true");

/**
 * TRUST_PROXY: which hops may say who the client is (decision 106). A number of proxies in front
 * (`1`: the right-most X-Forwarded-For address is the client), or the proxies' own addresses and
 * CIDRs (`127.0.0.1,10.0.0.0/8`); `0` or unset: none, the socket's address is the client. A
 * boolean is refused: `true` made Fastify trust every hop, so the client's own forged
 * X-Forwarded-For chose its address.
 */
const trustProxyMessage =
  "le nombre de proxys devant l'API (1 pour un seul proxy, 0 pour aucun) ou la liste de leurs adresses ou réseaux (ex. 127.0.0.1,10.0.0.0/8)";
const proxyAddress = (entry: string) => {
  const [address = "", prefix, ...rest] = entry.split("/");
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
};
const trustProxy = z
  .string()
  .optional()
  .transform((value, ctx): false | number | string[] => {
    const v = value?.trim() ?? "";
    if (v === "" || v === "0") return false;
    if (/^\d+$/.test(v)) return Number(v);
    if (/^(true|false|yes|no|on|off|oui|non)$/i.test(v)) {
      ctx.addIssue({ code: "custom", message: `« ${v} » n'est plus accepté : indiquer ${trustProxyMessage}` });
      return z.NEVER;
    }
    const entries = v.split(",").map((e) => e.trim());
    if (!entries.every(proxyAddress)) {
      ctx.addIssue({ code: "custom", message: `« ${v} » : indiquer ${trustProxyMessage}` });
      return z.NEVER;
    }
    return entries;
  });

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default(defaultDataDir()),
  DATABASE_URL: z.url().optional(),
  /** Seconds the server waits at start for a PostgreSQL that does not answer yet. */
  DB_CONNECT_TIMEOUT: z.coerce.number().int().min(0).default(30),
  /** PostgreSQL: connections of one process, and what a request's statement may wait (0: no limit). */
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(DEFAULT_POSTGRES_LIMITS.poolSize),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(DEFAULT_POSTGRES_LIMITS.statementTimeoutMs),
  DB_LOCK_TIMEOUT_MS: z.coerce.number().int().min(0).default(DEFAULT_POSTGRES_LIMITS.lockTimeoutMs),
  SEED_DEMO: flag,
  APP_SECRET: z.string().min(32).optional(),
  TRUST_PROXY: trustProxy,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  WEB_DIR: z.string().min(1).default(path.join(repoRoot, "apps/web/build/client")),
  TOKEN_IDLE_MINUTES: z.coerce.number().int().positive().default(120),
  TOKEN_LIFETIME_HOURS: z.coerce
    .number()
    .int()
    .positive()
    .default(24 * 7),
  LOGIN_LOCKOUT_SECONDS: z.coerce.number().int().positive().default(60),
  CAPTCHA_COST: z.coerce.number().int().positive().default(500),
  CAPTCHA_MAX_COUNTER: z.coerce.number().int().positive().default(2000),
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().min(3).default("Puerta <no-reply@puerta.example>"),
  CONTACT_EMAIL: z.email().default("contact@puerta.example"),
  MAIL_RETRY_BASE_MS: z.coerce.number().int().positive().default(30_000),
  MAIL_POLL_MS: z.coerce.number().int().positive().default(5_000),
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().positive().default(12),
  STORAGE_URL: z.string().optional(),
  /** S3: a connection, then a call's answer, waited for at most this long (decision 109). */
  STORAGE_CONNECT_TIMEOUT_MS: z.coerce.number().int().positive().default(DEFAULT_STORAGE_TIMEOUTS.connectMs),
  STORAGE_REQUEST_TIMEOUT_MS: z.coerce.number().int().positive().default(DEFAULT_STORAGE_TIMEOUTS.requestMs),
});

export type Config = {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  dbConnectTimeoutSeconds: number;
  /** PostgreSQL's pool size and the timeouts of a request's statements (decision 109). */
  dbLimits: PostgresLimits;
  seedDemo: boolean;
  appSecret: string;
  /**
   * Where APP_SECRET came from: the environment, or the file generated once in DATA_DIR outside
   * production. A backup carries the generated file, and only a fingerprint of an environment's
   * secret (decision 084).
   */
  appSecretSource: "environment" | "data-dir";
  /** Fastify's `trustProxy`: false (no proxy), a hop count, or the proxies' addresses and CIDRs. */
  trustProxy: false | number | string[];
  logLevel: string;
  webDir: string;
  tokenIdleMinutes: number;
  tokenLifetimeHours: number;
  loginLockoutSeconds: number;
  captcha: { cost: number; maxCounter: number };
  smtpUrl: string | undefined;
  mailFrom: string;
  contactEmail: string;
  /** Outbox: first retry delay (doubled each time, at most one hour), poll period, attempts before giving up. */
  mail: { retryBaseMs: number; pollMs: number; maxAttempts: number };
  /** Stored files: local disk by default, an S3-compatible bucket when STORAGE_URL is set. */
  storage: StorageLocation;
};

/** Reads and checks the environment once; a bad value stops the process with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Configuration invalide :\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  if (e.NODE_ENV === "production" && !e.APP_SECRET) {
    throw new Error("Configuration invalide :\n  APP_SECRET: requis en production (32 caractères au moins)");
  }
  const location = parseStorageUrl(e.STORAGE_URL, env.AWS_REGION ?? env.AWS_DEFAULT_REGION);
  if ("error" in location) throw new Error(`Configuration invalide :\n  STORAGE_URL: ${location.error}`);
  const storage: StorageLocation =
    location.kind === "s3"
      ? {
          ...location,
          timeouts: { connectMs: e.STORAGE_CONNECT_TIMEOUT_MS, requestMs: e.STORAGE_REQUEST_TIMEOUT_MS },
        }
      : location;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    dbConnectTimeoutSeconds: e.DB_CONNECT_TIMEOUT,
    dbLimits: {
      poolSize: e.DB_POOL_SIZE,
      statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
      lockTimeoutMs: e.DB_LOCK_TIMEOUT_MS,
    },
    seedDemo: e.NODE_ENV === "production" ? e.SEED_DEMO : e.SEED_DEMO || env.SEED_DEMO === undefined,
    appSecret: e.APP_SECRET ?? localSecret(dataDir),
    appSecretSource: e.APP_SECRET ? "environment" : "data-dir",
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    webDir: path.resolve(e.WEB_DIR),
    tokenIdleMinutes: e.TOKEN_IDLE_MINUTES,
    tokenLifetimeHours: e.TOKEN_LIFETIME_HOURS,
    loginLockoutSeconds: e.LOGIN_LOCKOUT_SECONDS,
    captcha: { cost: e.CAPTCHA_COST, maxCounter: e.CAPTCHA_MAX_COUNTER },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    contactEmail: e.CONTACT_EMAIL,
    mail: { retryBaseMs: e.MAIL_RETRY_BASE_MS, pollMs: e.MAIL_POLL_MS, maxAttempts: e.MAIL_MAX_ATTEMPTS },
    storage,
  };
}

/** Outside production a secret is made once and kept beside the data, so restarts keep captchas valid. */
function localSecret(dataDir: string): string {
  const file = appSecretFile(dataDir);
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** The secret generated outside production when APP_SECRET is not set. */
export const appSecretFile = (dataDir: string) => path.join(dataDir, "app-secret");
