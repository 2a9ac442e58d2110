import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app.ts";
import { loadConfig } from "../../src/config.ts";
import { createMailer } from "../../src/lib/mailer/index.ts";
import { releaseHeld } from "../../src/lib/mailer/outbox.ts";
import { createStorageFromConfig } from "../../src/lib/storage/index.ts";
import { writeBackup } from "../../src/ops/backup.ts";
import { openArchive, restoreArchive } from "../../src/ops/restore.ts";
import { createTestApp, openTestDatabase } from "../support/app.ts";
import { createMailServer, freePort, type MailServer, waitFor } from "../support/mail-server.ts";
import { runScript, type ServerProcess, startServer } from "../support/processes.ts";

const restoreCli = fileURLToPath(new URL("../../src/ops/restore-cli.ts", import.meta.url));
const releaseCli = fileURLToPath(new URL("../../src/ops/mail-release-cli.ts", import.meta.url));
const STUDENT = "eleve.reelle@example.com";
const FAST = { MAIL_RETRY_BASE_MS: "200", MAIL_POLL_MS: "100" };

describe("a restored copy holds the e-mail pending at the snapshot (issue 30)", () => {
  const dirs: string[] = [];
  const cleanups: (() => Promise<void>)[] = [];
  let smtp: MailServer;
  let archiveFile: string;
  let appSecret: string;
  let messageId: string;

  beforeAll(async () => {
    // The source's relay is down: the message is still pending when the backup is taken.
    const downPort = await freePort();
    const source = await createTestApp({ seed: false, env: { SMTP_URL: `smtp://127.0.0.1:${downPort}`, ...FAST } });
    try {
      appSecret = source.config.appSecret;
      const mail = createMailer({ db: source.database.db, config: source.config, log: source.app.log });
      await mail.queue({ to: STUDENT, subject: "Votre convocation", text: "Bonjour" });
      const [row] = await source.database.db.query.mailOutbox.findMany();
      messageId = row?.messageId ?? "";
      const work = mkdtempSync(path.join(tmpdir(), "puerta-retenus-"));
      dirs.push(work);
      archiveFile = path.join(work, "sauvegarde.tar.gz");
      await writeBackup({
        db: source.database.db,
        storage: createStorageFromConfig(source.database.db, source.config.dataDir),
        output: archiveFile,
        source: source.database.kind,
        appSecret: { value: source.config.appSecret, source: source.config.appSecretSource },
      });
    } finally {
      await source.close();
    }
    smtp = await createMailServer(await freePort());
    await smtp.start();
  }, 240_000);

  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    await smtp?.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it("restores into the database under test: the copy's worker sends new mail but not the held one, until it is released; then once", async () => {
    // The relay is shared with the other test, which may have run first: count from here.
    const before = smtp.to(STUDENT).length;
    const { database, drop } = await openTestDatabase();
    cleanups.push(async () => {
      await database.close();
      await drop();
    });
    const dataDir = mkdtempSync(path.join(tmpdir(), "puerta-retenus-cible-"));
    dirs.push(dataDir);
    const archive = await openArchive(archiveFile);
    try {
      const result = await restoreArchive({
        database,
        storage: createStorageFromConfig(database.db, dataDir),
        archive,
        force: false,
      });
      expect(result.heldMails).toBe(1);
    } finally {
      await archive.close();
    }

    const config = loadConfig({
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      APP_SECRET: appSecret,
      SMTP_URL: smtp.url,
      LOG_LEVEL: "silent",
      ...FAST,
    });
    const app = await buildApp({ config, db: database.db, logger: false });
    await app.ready();
    cleanups.push(() => app.close());
    // A message written after the restore leaves: the worker runs, and has passed over the held one.
    const mail = createMailer({ db: database.db, config, log: app.log });
    await mail.queue({ to: "nouveau@example.com", subject: "Après la restauration", text: "Bonjour" });
    await waitFor(() => smtp.to("nouveau@example.com")[0], "the new message");
    await waitFor(async () => {
      const rows = await database.db.query.mailOutbox.findMany();
      return rows.find((r) => r.toAddress === "nouveau@example.com")?.status === "sent" || undefined;
    }, "the new message marked sent");
    expect(smtp.to(STUDENT)).toHaveLength(before);

    expect(await releaseHeld(database.db)).toBe(1);
    const delivered = await waitFor(() => smtp.to(STUDENT)[before], "the released message");
    expect(delivered.email.messageId).toBe(messageId);
    expect(await releaseHeld(database.db)).toBe(0);
    await waitFor(async () => {
      const rows = await database.db.query.mailOutbox.findMany();
      return rows.find((r) => r.toAddress === STUDENT)?.status === "sent" || undefined;
    }, "the released message marked sent");
    expect(smtp.to(STUDENT)).toHaveLength(before + 1);
  }, 240_000);

  it("npm run restore, then the server: nothing sent, the console says how many are held; npm run mail:release sends them once", async () => {
    const before = smtp.to(STUDENT).length;
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), "puerta-retenus-serveur-")), "data");
    dirs.push(path.dirname(dataDir));
    const env = { DATA_DIR: dataDir, APP_SECRET: appSecret };
    const restore = await runScript(restoreCli, [archiveFile], env);
    expect(restore.stderr).toBe("");
    expect(restore.code).toBe(0);
    expect(restore.stdout).toContain("1 e-mail(s) retenu(s) depuis une restauration");
    expect(restore.stdout).toContain("npm run mail:release");

    let server: ServerProcess | undefined = await startServer(dataDir, { ...env, SMTP_URL: smtp.url, ...FAST });
    cleanups.push(async () => {
      if (server && server.child.exitCode === null) server.child.kill("SIGKILL");
    });
    await waitFor(
      () => server?.output().includes("1 e-mail(s) retenu(s) depuis une restauration") || undefined,
      "the warning",
    );
    expect(server.output()).toContain("« npm run mail:release » pour les envoyer");

    const release = await runScript(releaseCli, [], env);
    expect(release.stderr).toBe("");
    expect(release.code).toBe(0);
    expect(release.stdout).toContain("1 e-mail(s) libéré(s) : le serveur les envoie maintenant.");
    await waitFor(() => smtp.to(STUDENT)[before], "the released message");
    expect(smtp.to(STUDENT)[before]?.email.messageId).toBe(messageId);

    const again = await runScript(releaseCli, [], env);
    expect(again.stdout).toContain("Aucun e-mail retenu.");
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    server = undefined;
    expect(smtp.to(STUDENT)).toHaveLength(before + 1);
  }, 240_000);
});
