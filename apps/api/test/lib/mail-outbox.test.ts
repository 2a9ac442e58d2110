import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import PostalMime from "postal-mime";
import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app.ts";
import { mailOutbox } from "../../src/db/schema/index.ts";
import { createMailer } from "../../src/lib/mailer/index.ts";
import { retryDelayMs } from "../../src/lib/mailer/worker.ts";
import { createTestApp, type TestApp } from "../support/app.ts";
import { createMailServer, freePort, waitFor } from "../support/mail-server.ts";

const FAST = { MAIL_RETRY_BASE_MS: "200", MAIL_POLL_MS: "100" };

// Each test builds its own app and database; on a busy machine that alone takes seconds.
describe("mail outbox", { timeout: 60_000 }, () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  async function setUp(options: { smtpUp: boolean; env?: Record<string, string>; refuse?: (to: string) => boolean }) {
    const smtp = await createMailServer(await freePort(), { refuse: options.refuse });
    if (options.smtpUp) await smtp.start();
    const t = await createTestApp({ seed: false, env: { SMTP_URL: smtp.url, ...FAST, ...options.env } });
    cleanups.push(async () => {
      await t.close();
      await smtp.stop();
    });
    return { smtp, t };
  }

  const rows = (t: TestApp) => t.database.db.select().from(mailOutbox).orderBy(mailOutbox.id);

  it("doubles the retry delay after each failure, up to one hour", () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, 30_000))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(20, 30_000)).toBe(3_600_000);
  });

  it("keeps a message while SMTP is down and delivers it once the server is back", async () => {
    const { smtp, t } = await setUp({ smtpUp: false });
    const mail = createMailer({ db: t.database.db, config: t.config, log: t.app.log });
    const id = await mail.queue({ to: "eleve@example.com", subject: "Essai", text: "Bonjour" });
    mail.start();
    cleanups.push(() => mail.stop());

    // Attempts fail and are rescheduled with a growing delay; nothing is lost.
    const failing = await waitFor(async () => {
      const [row] = await rows(t);
      return row && row.attempts >= 2 ? row : undefined;
    }, "two failed attempts");
    expect(failing).toMatchObject({ id, status: "pending" });
    expect(failing.lastError).toMatch(/ECONNREFUSED|connect/i);

    await smtp.start();
    const delivered = await waitFor(() => smtp.to("eleve@example.com")[0], "delivery after SMTP came back");
    expect(delivered.email.subject).toBe("Essai");
    const [row] = await waitFor(async () => {
      const current = await rows(t);
      return current[0]?.status === "sent" ? current : undefined;
    }, "the row marked sent");
    expect(row?.sentAt).toBeInstanceOf(Date);
    expect(row?.lastError).toBeNull();
  });

  it("survives a restart: a message queued before the stop leaves after the next start", async () => {
    const { smtp, t } = await setUp({ smtpUp: false });
    const response = await t.app.inject({
      method: "POST",
      url: "/api/student/forgot-password",
      payload: { email: "inconnu@example.com" },
    });
    expect(response.statusCode).toBe(200);
    const first = createMailer({ db: t.database.db, config: t.config, log: t.app.log });
    await first.queue({ to: "parent@example.com", subject: "Avant l'arrêt", text: "Message en attente" });
    // The server stops (its worker with it) before SMTP is back.
    await t.app.close();
    await smtp.start();
    expect(smtp.received).toEqual([]);

    const restarted = await buildApp({ config: t.config, db: t.database.db, logger: false });
    await restarted.ready();
    cleanups.push(() => restarted.close());
    const mail = await waitFor(() => smtp.to("parent@example.com")[0], "delivery after restart");
    expect(mail.email.text?.trim()).toBe("Message en attente");
  });

  it("gives up after the configured number of attempts", async () => {
    const { smtp, t } = await setUp({ smtpUp: false, env: { MAIL_MAX_ATTEMPTS: "2" } });
    const mail = createMailer({ db: t.database.db, config: t.config, log: t.app.log });
    const id = await mail.queue({ to: "x@example.com", subject: "Jamais", text: "…" });
    await mail.flush(); // not started: nothing happens
    expect((await rows(t))[0]?.attempts).toBe(0);
    mail.start();
    cleanups.push(() => mail.stop());
    const failed = await waitFor(async () => {
      const [row] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      return row?.status === "failed" ? row : undefined;
    }, "the message marked failed");
    expect(failed.attempts).toBe(2);
    await smtp.stop();
  });

  it("does not retry a message the SMTP server refuses for good (5xx)", async () => {
    const { smtp, t } = await setUp({ smtpUp: true, refuse: (to) => to.startsWith("inconnu") });
    const mail = createMailer({ db: t.database.db, config: t.config, log: t.app.log });
    mail.start();
    cleanups.push(() => mail.stop());
    const refusedId = await mail.queue({ to: "inconnu@example.com", subject: "Refusé", text: "…" });
    const acceptedId = await mail.queue({ to: "eleve@example.com", subject: "Accepté", text: "…" });
    await mail.flush();
    const byId = async (id: number) => (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0];
    const refused = await waitFor(async () => {
      const row = await byId(refusedId);
      return row?.status === "failed" ? row : undefined;
    }, "the refused message marked failed");
    expect(refused.attempts).toBe(1);
    expect(refused.lastError).toMatch(/550|inconnue/);
    await waitFor(async () => (await byId(acceptedId))?.status === "sent", "the other message sent");
    expect(smtp.received.map((m) => m.email.subject)).toEqual(["Accepté"]);
  });

  it("writes .eml files in DATA_DIR/mail when SMTP_URL is not set", async () => {
    const t = await createTestApp({ seed: false, env: FAST });
    cleanups.push(() => t.close());
    const mail = createMailer({ db: t.database.db, config: t.config, log: t.app.log });
    await mail.queue({ to: "eleve@example.com", subject: "Hors ligne", text: "Lisez-moi", html: "<p>Lisez-moi</p>" });
    const folder = path.join(t.config.dataDir, "mail");
    const file = await waitFor(() => {
      try {
        return readdirSync(folder).find((name) => name.endsWith(".eml"));
      } catch {
        return undefined;
      }
    }, "an .eml file");
    const parsed = await PostalMime.parse(readFileSync(path.join(folder, file), "utf8"));
    expect(parsed.subject).toBe("Hors ligne");
    expect(parsed.to?.[0]).toMatchObject({ address: "eleve@example.com" });
    expect(parsed.html).toContain("<p>Lisez-moi</p>");
    // The file is written first, then the row is marked sent.
    await waitFor(async () => (await rows(t))[0]?.status === "sent", "the row marked sent");
  });

  it("never sends one message twice when several API processes share the outbox", async () => {
    const { smtp, t } = await setUp({ smtpUp: true, env: { MAIL_POLL_MS: "50" } });
    // Three more "processes": separate mailers (each with its own worker) on the same database.
    const workers = [1, 2, 3].map(() => createMailer({ db: t.database.db, config: t.config, log: t.app.log }));
    const queuer = workers[0];
    if (!queuer) throw new Error("no worker");
    const count = 30;
    await t.database.db.transaction(async (tx) => {
      for (let i = 0; i < count; i++) {
        await queuer.queue({ to: `eleve${i}@example.com`, subject: `Message ${i}`, text: `n°${i}` }, tx);
      }
    });
    for (const worker of workers) {
      worker.start();
      cleanups.push(() => worker.stop());
    }
    await waitFor(
      async () => {
        const [row] = await t.database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(mailOutbox)
          .where(eq(mailOutbox.status, "sent"));
        return row?.n === count;
      },
      "every message sent",
      40_000,
    );
    const subjects = smtp.received.map((m) => m.email.subject);
    expect(subjects).toHaveLength(count);
    expect(new Set(subjects).size).toBe(count);
    expect((await rows(t)).every((row) => row.attempts === 1)).toBe(true);
  });
});
