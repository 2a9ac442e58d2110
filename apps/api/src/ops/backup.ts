import { createHash } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, mkdtemp, open, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { hostname } from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { asc, sql } from "drizzle-orm";
import { create as createTar } from "tar";
import type { Database } from "../db/client.ts";
import { allowLongWork } from "../db/limits.ts";
import { appliedMigrationLevel, knownMigrations, rowsOf } from "../db/migration-level.ts";
import { storedFiles } from "../db/schema/storage.ts";
import { type FileStorage, StoredFileMissingError } from "../lib/storage/index.ts";
import { ARCHIVE_SECRET_ENTRY, archiveSecretOf } from "./app-secret.ts";
import { type Executor, qualified, sequences, type TableInfo, tablesInForeignKeyOrder } from "./catalogue.ts";
import { ARCHIVE_FORMAT, ARCHIVE_VERSION, type BackupManifest, fileEntryPath } from "./manifest.ts";

export type BackupOptions = {
  db: Database;
  storage: FileStorage;
  /** The archive to write (.tar.gz); written beside under another name, then renamed. */
  output: string;
  source: BackupManifest["source"];
  /** The secret the data is keyed with: its fingerprint always, the secret itself when generated in DATA_DIR. */
  appSecret: { value: string; source: "environment" | "data-dir" };
  /** Called after each table is read, inside the snapshot (progress; tests write meanwhile). */
  onTableRead?: (table: TableInfo, rows: number) => Promise<void> | void;
  /** Warnings for people (a file that vanished or changed since the snapshot). */
  warn?: (message: string) => void;
};

const FETCH_ROWS = 1000;

/**
 * The folder an archive is put together in, beside the archive (decision 109). It holds the
 * tables in clear (staff accounts, the journal…): a backup killed half-way leaves it, and the
 * next backup into the same folder removes it, once no live backup owns it (`OWNER_FILE`).
 */
export const STAGING_PREFIX = ".puerta-sauvegarde-";
const OWNER_FILE = "proprietaire.json";
/** The staging folders of this process's backups in progress. */
const ownStagings = new Set<string>();
/** A folder without its owner's name is that young only between its creation and the name. */
const UNOWNED_GRACE_MS = 10 * 60_000;
/** An owner on another machine (a shared folder) cannot be asked: a day without change is dead. */
const OTHER_HOST_GRACE_MS = 24 * 3_600_000;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Whether a staging folder was left by a backup that no longer runs. */
async function isAbandoned(folder: string): Promise<boolean> {
  if (ownStagings.has(folder)) return false;
  let owner: { pid?: unknown; host?: unknown } | undefined;
  try {
    owner = JSON.parse(await readFile(path.join(folder, OWNER_FILE), "utf8"));
  } catch {
    owner = undefined;
  }
  if (owner && typeof owner.pid === "number" && owner.host === hostname()) {
    // Our own pid, in a folder we do not hold: an earlier process that had it (a container's pid 1).
    return owner.pid === process.pid || !isAlive(owner.pid);
  }
  const age = Date.now() - (await stat(folder)).mtimeMs;
  return age > (owner ? OTHER_HOST_GRACE_MS : UNOWNED_GRACE_MS);
}

/** Removes the staging folders that killed backups left in `outputDir`; says so for each. */
async function removeAbandonedStagings(outputDir: string, warn: (message: string) => void) {
  for (const entry of await readdir(outputDir, { withFileTypes: true })) {
    if (!entry.isDirectory() || !entry.name.startsWith(STAGING_PREFIX)) continue;
    const folder = path.join(outputDir, entry.name);
    if (!(await isAbandoned(folder).catch(() => false))) continue;
    await rm(folder, { recursive: true, force: true });
    warn(`Dossier d'une sauvegarde interrompue supprimé (il contenait des données en clair) : ${folder}`);
  }
}

/**
 * Writes one archive: every table read in ONE read-only repeatable-read transaction (one
 * instant for all of them), then every stored file through the storage interface, then the
 * manifest. On PGlite the transaction holds the single connection: other queries wait for
 * the data part (delayed, not refused), never for the files.
 */
export async function writeBackup(options: BackupOptions): Promise<BackupManifest> {
  const { db, storage, output, warn = () => {} } = options;
  const outputDir = path.dirname(path.resolve(output));
  await mkdir(outputDir, { recursive: true });
  await removeAbandonedStagings(outputDir, warn);
  const staging = await mkdtemp(path.join(outputDir, STAGING_PREFIX));
  ownStagings.add(staging);
  // The archive itself is written inside: a kill leaves one folder to remove, nothing else.
  const partial = path.join(staging, "archive.tar.gz.partiel");
  try {
    await writeFile(path.join(staging, OWNER_FILE), JSON.stringify({ pid: process.pid, host: hostname() }), {
      mode: 0o600,
    });
    await mkdir(path.join(staging, "tables"));
    const snapshot = await db.transaction(
      async (tx) => {
        // Each table read whole, behind a migration's lock if need be: not a request's few seconds.
        await allowLongWork(tx);
        const [instant] = await rowsOf<{ now: string }>(tx, sql`select to_json(now())#>>'{}' as now`);
        const level = await appliedMigrationLevel(tx);
        const tables: BackupManifest["tables"] = [];
        for (const [index, table] of (await tablesInForeignKeyOrder(tx)).entries()) {
          const file = `tables/${String(index + 1).padStart(3, "0")}-${table.schema}.${table.name}.jsonl`;
          const dumped = await dumpTable(tx, table, path.join(staging, file));
          tables.push({ schema: table.schema, name: table.name, file, ...dumped });
          await options.onTableRead?.(table, dumped.rows);
        }
        const sequenceValues: BackupManifest["sequences"] = [];
        for (const sequence of await sequences(tx)) {
          const [value] = await rowsOf<{ last_value: string; is_called: boolean }>(
            tx,
            sql.raw(`select last_value::text, is_called from ${qualified(sequence)}`),
          );
          if (value) sequenceValues.push({ ...sequence, lastValue: value.last_value, isCalled: value.is_called });
        }
        const fileRows = await tx
          .select({
            key: storedFiles.key,
            contentType: storedFiles.contentType,
            originalName: storedFiles.originalName,
            sha256: storedFiles.sha256,
          })
          .from(storedFiles)
          .orderBy(asc(storedFiles.key));
        return { createdAt: instant?.now ?? new Date().toISOString(), level, tables, sequenceValues, fileRows };
      },
      { isolationLevel: "repeatable read", accessMode: "read only" },
    );

    // The files, after the snapshot: read through the storage interface (disk or S3 alike).
    const files: BackupManifest["files"] = [];
    const missingFiles: string[] = [];
    for (const row of snapshot.fileRows) {
      const copied = await copyStoredFile(storage, row.key, path.join(staging, fileEntryPath(row.key)));
      if (!copied) {
        warn(`Fichier absent du stockage, non sauvegardé : ${row.key}`);
        missingFiles.push(row.key);
        continue;
      }
      if (copied.sha256 !== row.sha256)
        warn(`Fichier remplacé depuis l'instantané, version récente sauvegardée : ${row.key}`);
      files.push({ key: row.key, contentType: row.contentType, originalName: row.originalName, ...copied });
    }

    const lastTag = knownMigrations().find((m) => m.when === snapshot.level.lastWhen)?.tag ?? null;
    const manifest: BackupManifest = {
      format: ARCHIVE_FORMAT,
      version: ARCHIVE_VERSION,
      createdAt: snapshot.createdAt,
      source: options.source,
      migrations: { count: snapshot.level.count, lastWhen: snapshot.level.lastWhen, lastTag },
      tables: snapshot.tables,
      sequences: snapshot.sequenceValues,
      files,
      missingFiles,
      appSecret: archiveSecretOf({ appSecret: options.appSecret.value, appSecretSource: options.appSecret.source }),
    };
    await writeFile(path.join(staging, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    const entries = ["manifest.json", "tables", ...(files.length > 0 ? ["files"] : [])];
    if (manifest.appSecret?.included) {
      // Decision 084: without it, a restored copy could not check any staff member's second factor.
      await writeFile(path.join(staging, ARCHIVE_SECRET_ENTRY), options.appSecret.value, { mode: 0o600 });
      entries.push(ARCHIVE_SECRET_ENTRY);
    }
    // Owner-only: the archive holds personal data, password hashes, and maybe the app's secret.
    await pipeline(
      createTar({ gzip: true, cwd: staging, portable: true }, entries),
      createWriteStream(partial, { mode: 0o600 }),
    );
    await rename(partial, output);
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
    ownStagings.delete(staging);
  }
}

/** One table as JSON lines, read through a cursor so that a big table never sits in memory. */
async function dumpTable(tx: Executor, table: TableInfo, file: string): Promise<{ rows: number; sha256: string }> {
  const hash = createHash("sha256");
  const handle = await open(file, "wx", 0o600);
  let rows = 0;
  try {
    await tx.execute(
      sql.raw(
        `declare puerta_sauvegarde no scroll cursor for select to_jsonb(t)::text as r from ${qualified(table)} t`,
      ),
    );
    for (;;) {
      const batch = await rowsOf<{ r: string }>(tx, sql.raw(`fetch ${FETCH_ROWS} from puerta_sauvegarde`));
      if (batch.length > 0) {
        const text = `${batch.map((row) => row.r).join("\n")}\n`;
        hash.update(text);
        await handle.write(text);
        rows += batch.length;
      }
      if (batch.length < FETCH_ROWS) break;
    }
    await tx.execute(sql.raw("close puerta_sauvegarde"));
  } finally {
    await handle.close();
  }
  return { rows, sha256: hash.digest("hex") };
}

/** Streams one stored file to `target`; null when the storage no longer has it. */
async function copyStoredFile(
  storage: FileStorage,
  key: string,
  target: string,
): Promise<{ size: number; sha256: string } | null> {
  let source: Awaited<ReturnType<FileStorage["stream"]>>;
  try {
    source = await storage.stream(key);
  } catch (error) {
    if (error instanceof StoredFileMissingError) return null;
    throw error;
  }
  await mkdir(path.dirname(target), { recursive: true });
  const hash = createHash("sha256");
  let size = 0;
  await pipeline(
    source,
    async function* (chunks: AsyncIterable<Buffer>) {
      for await (const chunk of chunks) {
        hash.update(chunk);
        size += chunk.length;
        yield chunk;
      }
    },
    createWriteStream(target, { mode: 0o600 }),
  );
  return { size, sha256: hash.digest("hex") };
}
