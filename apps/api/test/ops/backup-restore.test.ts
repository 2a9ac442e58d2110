import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { create as createTar, extract as extractTar } from "tar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app.ts";
import { type Database, type DatabaseHandle, openDatabase } from "../../src/db/client.ts";
import { rowsOf } from "../../src/db/migration-level.ts";
import { contactMessages, mailOutbox } from "../../src/db/schema/index.ts";
import { createStorageFromConfig, type FileStorage } from "../../src/lib/storage/index.ts";
import { type BackupOptions, writeBackup } from "../../src/ops/backup.ts";
import type { BackupManifest } from "../../src/ops/manifest.ts";
import { openArchive, RestoreRefusedError, restoreArchive } from "../../src/ops/restore.ts";
import { bearer, createTestApp, login, openTestDatabase, type TestApp } from "../support/app.ts";

const restoreCli = fileURLToPath(new URL("../../src/ops/restore-cli.ts", import.meta.url));
const PAIR_SUBJECT = "Écrit pendant la sauvegarde";

/** One contact message and the e-mail it queued, in one transaction: a backup must hold both or neither. */
const insertPair = (db: Database) =>
  db.transaction(async (tx) => {
    const [mail] = await tx
      .insert(mailOutbox)
      .values({ toAddress: "contact@puerta.example", subject: PAIR_SUBJECT, textBody: "…", messageId: "<x@test>" })
      .returning({ id: mailOutbox.id });
    await tx.insert(contactMessages).values({
      nom: "Amina",
      email: "amina@example.com",
      telephone: "0600000000",
      sujet: PAIR_SUBJECT,
      message: "Bonjour",
      ip: "127.0.0.1",
      mailId: mail?.id,
    });
  });

function withoutDatabaseUrl(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.DATABASE_URL;
  return env;
}

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/** The rows of a table file of the archive. */
function archivedRows(dir: string, manifest: BackupManifest, table: string): Record<string, unknown>[] {
  const entry = manifest.tables.find((t) => t.name === table);
  if (!entry) throw new Error(`table ${table} absente de l'archive`);
  return readFileSync(path.join(dir, entry.file), "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

describe("npm run backup / npm run restore", () => {
  let source: TestApp;
  let work: string;
  let archiveFile: string;
  let manifest: BackupManifest;
  const cleanups: (() => Promise<void>)[] = [];

  /** Backs the source up as `npm run backup` does, into `output`. */
  const backUp = (output: string, onTableRead?: BackupOptions["onTableRead"]) =>
    writeBackup({
      db: source.database.db,
      storage: createStorageFromConfig(source.database.db, source.config.dataDir),
      output,
      source: source.database.kind,
      appSecret: { value: source.config.appSecret, source: source.config.appSecretSource },
      onTableRead,
    });

  beforeAll(async () => {
    source = await createTestApp();
    work = mkdtempSync(path.join(tmpdir(), "puerta-sauvegarde-test-"));
    // The archive the restore and refusal tests read, made here since any test of this file may run
    // first; with a contact message in it, for the append-only check after a forced restore.
    await insertPair(source.database.db);
    archiveFile = path.join(work, "sauvegarde.tar.gz");
    manifest = await backUp(archiveFile);
  }, 180_000);
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    await source?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  }, 120_000);

  it("backs up while writes go on: every table as of one instant, every stored file, a manifest", async () => {
    const { db } = source.database;
    await insertPair(db);
    let writing = true;
    let written = 0;
    const writer = (async () => {
      while (writing) {
        await insertPair(db);
        written++;
        // Like requests arriving: PGlite answers without I/O, so let the rest of the process run.
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const startedDuringDump: Promise<unknown>[] = [];
    const output = path.join(work, "pendant-les-ecritures.tar.gz");
    const taken = await backUp(output, async () => {
      const write = insertPair(db);
      startedDuringDump.push(write);
      // On PostgreSQL the write commits while the snapshot is open; PGlite's single
      // connection makes it wait for the snapshot's end.
      if (source.database.kind === "postgres") await write;
    });
    writing = false;
    await writer;
    await Promise.all(startedDuringDump);
    expect(written).toBeGreaterThan(0);

    const archive = await openArchive(output);
    try {
      const mails = archivedRows(archive.dir, taken, "mail_outbox").filter((m) => m.subject === PAIR_SUBJECT);
      const messages = archivedRows(archive.dir, taken, "contact_messages");
      const mailIds = new Set(mails.map((m) => m.id));
      // Consistent: each archived message's e-mail is archived, and nothing written after the instant is.
      expect(messages.length).toBe(mails.length);
      for (const message of messages) expect(mailIds.has(message.mail_id)).toBe(true);
      const [after] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from contact_messages`);
      expect(messages.length).toBeGreaterThanOrEqual(1);
      expect(messages.length).toBeLessThanOrEqual((after?.n ?? 0) - startedDuringDump.length);
    } finally {
      await archive.close();
    }

    // The manifest: format, migration level, counts, files with their checksums.
    expect(taken).toMatchObject({ format: "puerta-sauvegarde", version: 1, source: source.database.kind });
    expect(taken.migrations.lastTag).toMatch(/^\d{4}_/);
    const names = taken.tables.map((t) => t.name);
    expect(names.indexOf("users")).toBeLessThan(names.indexOf("etudiants"));
    expect(names.indexOf("stored_files")).toBeLessThan(names.indexOf("cours_documents"));
    expect(names.indexOf("mail_outbox")).toBeLessThan(names.indexOf("contact_messages"));
    expect(names).not.toContain("__drizzle_migrations");
    const stored = await rowsOf<{ key: string; sha256: string }>(
      db,
      sql`select key, sha256 from stored_files order by key`,
    );
    expect(taken.files.map((f) => [f.key, f.sha256])).toEqual(stored.map((f) => [f.key, f.sha256]));
    expect(taken.files.length).toBeGreaterThan(10);
    expect(taken.sequences.find((s) => s.name === "users_id_seq")).toMatchObject({ isCalled: true });
  }, 240_000);

  /** The restored database holds the archive's rows, files and sequences, and a demo student signs in. */
  async function expectRestored(database: DatabaseHandle, storage: FileStorage, dataDir: string) {
    for (const table of manifest.tables) {
      const [row] = await rowsOf<{ n: number }>(
        database.db,
        sql.raw(`select count(*)::int as n from "${table.schema}"."${table.name}"`),
      );
      expect(row?.n, table.name).toBe(table.rows);
    }
    for (const file of manifest.files) expect(sha256(await storage.read(file.key)), file.key).toBe(file.sha256);
    const [sequence] = await rowsOf<{ last_value: string }>(
      database.db,
      sql`select last_value::text from users_id_seq`,
    );
    expect(sequence?.last_value).toBe(manifest.sequences.find((s) => s.name === "users_id_seq")?.lastValue);

    const app = await buildApp({ config: { ...source.config, dataDir }, db: database.db, logger: false });
    try {
      await app.ready();
      const token = await login(app);
      const me = await app.inject({ method: "GET", url: "/api/user", headers: bearer(token) });
      expect(me.statusCode).toBe(200);
      expect(me.json().email).toBe("etudiant.demo@example.com");
      // The sequences go on after the restored rows: a new row takes a fresh id.
      await expect(insertPair(database.db)).resolves.toBeUndefined();
    } finally {
      await app.close();
    }
  }

  async function freshTarget(open: () => Promise<{ database: DatabaseHandle; drop: () => Promise<void> }>) {
    const { database, drop } = await open();
    const dataDir = mkdtempSync(path.join(tmpdir(), "puerta-cible-"));
    cleanups.push(async () => {
      await database.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    });
    return { database, dataDir, storage: createStorageFromConfig(database.db, dataDir) };
  }

  it("restores into a fresh embedded database: same counts, same file checksums, students sign in", async () => {
    const target = await freshTarget(async () => ({
      database: await openDatabase({ kind: "pglite" }),
      drop: async () => {},
    }));
    const archive = await openArchive(archiveFile);
    try {
      const result = await restoreArchive({ ...target, archive, force: false });
      expect(result.files).toBe(manifest.files.length);
      const users = manifest.tables.find((t) => t.name === "users")?.rows;
      expect(users).toBeGreaterThan(0);
      expect(result.tables.find((t) => t.name === "users")?.rows).toBe(users);
    } finally {
      await archive.close();
    }
    await expectRestored(target.database, target.storage, target.dataDir);
  }, 240_000);

  it("restores into a fresh test database (PostgreSQL with TEST_DATABASE_URL); refuses it once filled unless forced, append-only triggers included", async () => {
    const target = await freshTarget(openTestDatabase);
    const archive = await openArchive(archiveFile);
    try {
      await restoreArchive({ ...target, archive, force: false });
      await expectRestored(target.database, target.storage, target.dataDir);

      const again = restoreArchive({ ...target, archive, force: false });
      await expect(again).rejects.toBeInstanceOf(RestoreRefusedError);
      await expect(again).rejects.toThrow(/La base cible n'est pas vide .*--force/);

      // Like the staff journal: a table that refuses UPDATE, DELETE and TRUNCATE.
      await target.database.db.execute(sql`
        create function refuse_change() returns trigger language plpgsql as $$
        begin raise exception 'append-only: % refused', TG_OP; end $$`);
      await target.database.db.execute(
        sql`create trigger append_only before update or delete on contact_messages for each row execute function refuse_change()`,
      );
      await target.database.db.execute(
        sql`create trigger no_truncate before truncate on contact_messages for each statement execute function refuse_change()`,
      );
      await restoreArchive({ ...target, archive, force: true });
      const [row] = await rowsOf<{ n: number }>(
        target.database.db,
        sql`select count(*)::int as n from contact_messages`,
      );
      expect(row?.n).toBe(manifest.tables.find((t) => t.name === "contact_messages")?.rows);
      // The triggers are back once restored.
      await expect(target.database.db.execute(sql`delete from contact_messages`)).rejects.toThrow();
    } finally {
      await archive.close();
    }
  }, 240_000);

  it("refuses a corrupted or truncated archive with a clear French message, and writes nothing", async () => {
    const unpacked = mkdtempSync(path.join(tmpdir(), "puerta-corrompue-"));
    try {
      await extractTar({ file: archiveFile, cwd: unpacked });
      const victim = path.join(unpacked, "files", manifest.files[0]?.key ?? "");
      writeFileSync(victim, Buffer.concat([readFileSync(victim), Buffer.from("x")]));
      const corrupted = path.join(work, "corrompue.tar.gz");
      await createTar({ gzip: true, cwd: unpacked, file: corrupted }, ["manifest.json", "tables", "files"]);
      const truncated = path.join(work, "tronquee.tar.gz");
      writeFileSync(truncated, readFileSync(archiveFile).subarray(0, 20_000));

      for (const [file, reason] of [
        [corrupted, `le fichier ${manifest.files[0]?.key} est corrompu`],
        [truncated, "fichier illisible ou tronqué"],
      ] as const) {
        const dataDir = path.join(work, "jamais-cree");
        const run = spawnSync(process.execPath, [restoreCli, file], {
          env: { ...withoutDatabaseUrl(), DATA_DIR: dataDir, LOG_LEVEL: "silent" },
          encoding: "utf8",
        });
        expect(run.status).toBe(1);
        expect(run.stderr).toContain(`Archive refusée (${file}) : ${reason}`);
        expect(run.stderr).toContain("Rien n'a été restauré.");
        expect(run.stderr).not.toMatch(/\bat .+:\d+:\d+/);
        expect(existsSync(dataDir)).toBe(false);
      }
    } finally {
      rmSync(unpacked, { recursive: true, force: true });
    }
  }, 240_000);
});
