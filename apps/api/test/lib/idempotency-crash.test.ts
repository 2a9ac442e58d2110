/**
 * Idempotency-Key across a real crash (decision 108): the real server (`node
 * apps/api/src/server.ts`) on PostgreSQL, killed with SIGKILL in the middle of a contact message
 * (its transaction queues the academy's e-mail and records the message), then started again on
 * the same database and sent the same request with the same key. The test stops the server at the
 * right point with a lock of its own: PostgreSQL is required (CI always has it); unreachable, the
 * file fails instead of skipping.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { CONTACT_MESSAGES, MESSAGES } from "@puerta/contract";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseUrl, onPostgres } from "../support/postgres.ts";
import { type ServerProcess, startServerProcess } from "../support/processes.ts";
import { solvedCaptcha } from "../support/remote-staff-browser.ts";
import { waitFor } from "../support/wait.ts";

const databaseName = `puerta_crash_${process.pid}_${Date.now()}`;
const scratch = mkdtempSync(path.join(tmpdir(), "puerta-crash-"));
const env = {
  NODE_ENV: "test",
  DATABASE_URL: databaseUrl(databaseName),
  APP_SECRET: "idempotency-crash-secret-0123456789abcdef",
  CAPTCHA_COST: "1",
  CAPTCHA_MAX_COUNTER: "20",
  SEED_DEMO: "0",
  CONTACT_EMAIL: "accueil@academie.example",
  DATA_DIR: path.join(scratch, "data"),
  WEB_DIR: path.join(scratch, "no-web"),
};

let server: ServerProcess | undefined;

beforeAll(async () => {
  await onPostgres((client) => client.query(`CREATE DATABASE ${databaseName}`));
  server = await startServerProcess(env);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await onPostgres((client) => client.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`));
  rmSync(scratch, { recursive: true, force: true });
}, 60_000);

const inDatabase = <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) =>
  onPostgres(async (client) => (await client.query<T>(text, values)).rows, databaseUrl(databaseName));

const countOf = async (text: string, values: unknown[]) =>
  Number((await inDatabase<{ n: number }>(text, values))[0]?.n ?? 0);

/** The public contact form, sent as the web sends it: a fresh captcha each time, the same key. */
async function sendContact(to: ServerProcess, key: string, sujet: string) {
  const response = await fetch(`${to.url}/api/contact`, {
    method: "POST",
    headers: { "content-type": "application/json", "idempotency-key": key },
    body: JSON.stringify({
      nom: "Nadia Cherkaoui",
      email: "nadia.parent@example.com",
      telephone: "+212 6 11 22 33 44",
      sujet,
      message: "Bonjour, je voudrais des informations sur la préparation au DELE.",
      recaptcha_token: await solvedCaptcha(to),
    }),
  });
  return {
    status: response.status,
    replayed: response.headers.get("idempotent-replayed"),
    body: (await response.json()) as { message: string },
  };
}

/** Backends of the server's database waiting for a lock of `type` ('relation', 'advisory'). */
const waitingOn = (type: string) =>
  countOf(
    `select count(*)::int as n from pg_locks l join pg_stat_activity a on a.pid = l.pid
     where not l.granted and l.locktype = $1 and a.datname = $2`,
    [type, databaseName],
  );

/** A request whose server is about to be killed: how it ended, as the client sees it. */
const outcomeOf = (request: Promise<unknown>) =>
  request.then(
    () => "answered",
    () => "connection lost",
  );

/** SIGKILL, resolved once the process is gone; the request it was serving got no answer. */
async function killHard(victim: ServerProcess, pending: Promise<string>) {
  victim.child.kill("SIGKILL");
  await victim.exited;
  expect(await pending).toBe("connection lost");
}

/**
 * The contact form's limit per address: the killed attempt's place is never given back (the
 * throttle's own matter, not this test's), so the limit starts afresh before the retry.
 */
const forgetContactLimit = () => inDatabase("delete from throttles where key like 'contact:%'");

const messagesAbout = (sujet: string) =>
  countOf("select count(*)::int as n from contact_messages where sujet = $1", [sujet]);
const mailsAbout = (sujet: string) =>
  countOf("select count(*)::int as n from mail_outbox where subject like $1", [`%${sujet}%`]);

describe("Idempotency-Key after the server is killed in the middle of a write", () => {
  it("retries at once, and does the work once, a key whose first attempt died before its commit", async () => {
    const sujet = "Coupure avant validation";
    const key = randomUUID();
    const locker = new pg.Client({ connectionString: databaseUrl(databaseName) });
    await locker.connect();
    try {
      // The message's insert waits on the test's lock, inside the transaction that queued its e-mail.
      await locker.query("begin");
      await locker.query("lock table contact_messages in access exclusive mode");
      const first = server as ServerProcess;
      const pending = outcomeOf(sendContact(first, key, sujet));
      await waitFor(async () => (await waitingOn("relation")) > 0, "the first attempt to wait on the lock");

      // Its process alive and working: the same key is asked to wait.
      const busy = await sendContact(first, key, sujet);
      expect(busy.status).toBe(409);
      expect(busy.body.message).toBe(MESSAGES.idempotency.inFlight);

      await killHard(first, pending);
    } finally {
      await locker.query("rollback");
      await locker.end();
    }
    server = await startServerProcess(env);
    await forgetContactLimit();

    const retried = await sendContact(server, key, sujet);
    expect(retried.status).toBe(200);
    expect(retried.body).toEqual({ message: CONTACT_MESSAGES.sent });
    expect(retried.replayed).toBeNull();
    expect(await messagesAbout(sujet)).toBe(1);
    expect(await mailsAbout(sujet)).toBe(1);

    const again = await sendContact(server, key, sujet);
    expect(again.status).toBe(200);
    expect(again.replayed).toBe("true");
    expect(await messagesAbout(sujet)).toBe(1);
  }, 180_000);

  it("never does the work twice for a key whose first attempt committed, then died before its answer was stored", async () => {
    const sujet = "Coupure après validation";
    const key = randomUUID();
    // The statement that stores the answer waits on an advisory lock the test holds (a trigger of
    // the test's, dropped after): the effect has committed, the answer is not stored yet.
    await inDatabase(`create function test_hold_answer() returns trigger language plpgsql as $$
      begin perform pg_advisory_xact_lock_shared(108); return new; end $$`);
    await inDatabase(`create trigger test_hold_answer before update on idempotency_keys for each row
      when (old.status_code is null and new.status_code is not null) execute function test_hold_answer()`);
    const locker = new pg.Client({ connectionString: databaseUrl(databaseName) });
    await locker.connect();
    try {
      await locker.query("select pg_advisory_lock(108)");
      const first = server as ServerProcess;
      const pending = outcomeOf(sendContact(first, key, sujet));
      await waitFor(async () => (await waitingOn("advisory")) > 0, "the answer's storage to wait on the lock");
      expect(await messagesAbout(sujet)).toBe(1);

      await killHard(first, pending);
      // PostgreSQL ends a dead client's backend once it next reads from its socket; this one is
      // waiting on the lock, so it is ended here, before the lock is let go, as it would be then.
      await locker.query(
        `select pg_terminate_backend(l.pid) from pg_locks l join pg_stat_activity a on a.pid = l.pid
         where not l.granted and l.locktype = 'advisory' and a.datname = $1`,
        [databaseName],
      );
      await waitFor(async () => (await waitingOn("advisory")) === 0, "the dead server's backend to end");
    } finally {
      await locker.end();
      await inDatabase("drop trigger test_hold_answer on idempotency_keys");
      await inDatabase("drop function test_hold_answer()");
    }
    server = await startServerProcess(env);
    await forgetContactLimit();

    const retried = await sendContact(server, key, sujet);
    expect(retried.status).toBe(409);
    expect(retried.body.message).toBe(MESSAGES.idempotency.unanswered);
    expect(await messagesAbout(sujet)).toBe(1);
    expect(await mailsAbout(sujet)).toBe(1);
  }, 180_000);
});
