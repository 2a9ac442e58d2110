/**
 * Two real API processes (`node apps/api/src/server.ts`), each with its own DATA_DIR, sharing
 * one PostgreSQL database and one S3-compatible bucket: what one stores or records, the other
 * serves or enforces. PostgreSQL is required here (CI always has it): an unreachable server
 * fails the file instead of skipping it.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { CONTACT_MESSAGES, MESSAGES } from "@puerta/contract";
import type { Challenge } from "altcha-lib";
import { eq } from "drizzle-orm";
import pg from "pg";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.ts";
import { openDatabase } from "../src/db/client.ts";
import { users } from "../src/db/schema/index.ts";
import { DEMO_PASSWORD, DEMO_STUDENTS, seedDemo } from "../src/db/seed/index.ts";
import { acceptCurrentPolicy } from "./factories.ts";
import { createMailServer, type MailServer } from "./support/mail-server.ts";
import { startS3Server } from "./support/s3-server.ts";
import { type ServerProcess, startServerProcess } from "./support/server-process.ts";
import { solveCaptchaChallenge } from "./support/tools.ts";

const serverUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const databaseName = `puerta_two_${process.pid}_${Date.now()}`;
const ACADEMY = "accueil@academie.example";
const scratch = mkdtempSync(path.join(tmpdir(), "puerta-two-"));
const dataDirs = { a: path.join(scratch, "a"), b: path.join(scratch, "b") };

let s3: Awaited<ReturnType<typeof startS3Server>> | undefined;
let smtp: MailServer | undefined;
let a: ServerProcess;
let b: ServerProcess;

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect(); // throws when PostgreSQL is down: the file fails, loudly
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  s3 = await startS3Server();
  smtp = await createMailServer();
  await smtp.start();
  await admin((client) => client.query(`CREATE DATABASE ${databaseName}`));
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  const shared = {
    NODE_ENV: "test",
    DATABASE_URL: url.toString(),
    APP_SECRET: "two-processes-secret-two-processes-0123",
    CAPTCHA_COST: "1",
    CAPTCHA_MAX_COUNTER: "20",
    SEED_DEMO: "0",
    SMTP_URL: smtp.url,
    CONTACT_EMAIL: ACADEMY,
    MAIL_POLL_MS: "100",
    WEB_DIR: path.join(scratch, "no-web"),
    ...s3.env,
  };
  // The demo academy, its PDFs and images going to the bucket, seeded once before both start.
  const seedConfig = loadConfig({ ...shared, DATA_DIR: path.join(scratch, "seed") });
  const database = await openDatabase({ kind: "postgres", url: shared.DATABASE_URL });
  await database.migrate();
  await seedDemo(database.db, seedConfig);
  // The first demo student past the policy gate, which guards the profile photo.
  const [first] = await database.db.select().from(users).where(eq(users.email, DEMO_STUDENTS.first));
  if (!first) throw new Error("demo student missing");
  await acceptCurrentPolicy(database.db, first.id);
  await database.close();
  [a, b] = await Promise.all([
    startServerProcess({ ...shared, DATA_DIR: dataDirs.a }),
    startServerProcess({ ...shared, DATA_DIR: dataDirs.b }),
  ]);
}, 120_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await admin((client) => client.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`));
  await smtp?.stop();
  await s3?.stop();
  rmSync(scratch, { recursive: true, force: true });
}, 60_000);

/** A challenge from `server`, solved as the browser widget does. */
async function solvedCaptcha(server: ServerProcess): Promise<string> {
  const challenge = (await (await fetch(`${server.url}/api/captcha/challenge`)).json()) as Challenge;
  return solveCaptchaChallenge(challenge);
}

async function postLogin(server: ServerProcess, email: string, password: string, recaptcha_token: string) {
  const response = await fetch(`${server.url}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password, recaptcha_token }),
  });
  // biome-ignore lint/suspicious/noExplicitAny: an answer read as a client would, field by field
  return { status: response.status, body: (await response.json()) as any };
}

async function signIn(server: ServerProcess, email: string) {
  const { status, body } = await postLogin(server, email, DEMO_PASSWORD, await solvedCaptcha(server));
  expect(status).toBe(200);
  return { authorization: `Bearer ${body.token as string}` };
}

describe("two API processes, one PostgreSQL database, one bucket", () => {
  it("serves through one a profile photo uploaded through the other, from the bucket", async () => {
    const auth = await signIn(a, DEMO_STUDENTS.first);
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#c0392b" } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append("photo", new Blob([new Uint8Array(png)], { type: "image/png" }), "moi.png");
    const upload = await fetch(`${a.url}/api/profile/photo`, { method: "POST", headers: auth, body: form });
    expect(upload.status).toBe(200);

    const fromA = await fetch(`${a.url}/api/profile/photo`, { headers: auth });
    const fromB = await fetch(`${b.url}/api/profile/photo`, { headers: auth });
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get("content-type")).toBe("image/webp");
    const bytes = Buffer.from(await fromB.arrayBuffer());
    expect(bytes.equals(Buffer.from(await fromA.arrayBuffer()))).toBe(true);
    expect((await sharp(bytes).metadata()).format).toBe("webp");
    // Neither process kept it on its own disk.
    expect(existsSync(path.join(dataDirs.a, "files"))).toBe(false);
    expect(existsSync(path.join(dataDirs.b, "files"))).toBe(false);
  });

  it("keeps through the other a login lockout made through one", async () => {
    for (let i = 0; i < 4; i++) {
      const failed = await postLogin(a, DEMO_STUDENTS.second, "PasLeBonMotDePasse", await solvedCaptcha(a));
      expect(failed.status).toBe(401);
    }
    const fifth = await postLogin(a, DEMO_STUDENTS.second, "PasLeBonMotDePasse", await solvedCaptcha(a));
    expect(fifth.status).toBe(429);

    const onB = await postLogin(b, DEMO_STUDENTS.second, DEMO_PASSWORD, await solvedCaptcha(b));
    expect(onB.status).toBe(429);
    expect(onB.body).toEqual({ message: "Trop de tentatives de connexion", retry_after: expect.any(Number) });
    expect(onB.body.retry_after).toBeGreaterThan(0);
  });

  it("refuses on one a captcha payload already spent on the other", async () => {
    const payload = await solvedCaptcha(b);
    expect((await postLogin(a, DEMO_STUDENTS.first, DEMO_PASSWORD, payload)).status).toBe(200);
    const replay = await postLogin(b, DEMO_STUDENTS.first, DEMO_PASSWORD, payload);
    expect(replay.status).toBe(422);
    expect(replay.body.errors).toEqual({ recaptcha_token: [MESSAGES.login.captchaFailed] });
  });

  it("sends each queued e-mail exactly once while both processes poll the outbox", async () => {
    const messages = ["Message déposé sur le processus A.", "Message déposé sur le processus B."];
    for (const [server, message] of [
      [a, messages[0]],
      [b, messages[1]],
    ] as const) {
      const response = await fetch(`${server.url}/api/contact`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          nom: "Salma Bennani",
          email: "salma.parent@example.com",
          telephone: "+212 6 12 34 56 78",
          sujet: "Inscription Selectividad",
          message,
          recaptcha_token: await solvedCaptcha(server),
        }),
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ message: CONTACT_MESSAGES.sent });
    }
    const deadline = Date.now() + 15_000;
    while ((smtp?.to(ACADEMY).length ?? 0) < 2 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // Both workers keep polling every 100 ms: give them many more turns to send a copy.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const bodies = (smtp?.to(ACADEMY) ?? []).map((mail) => mail.email.text ?? "");
    expect(bodies).toHaveLength(2);
    for (const message of messages) expect(bodies.filter((text) => text.includes(message))).toHaveLength(1);
  });
});
