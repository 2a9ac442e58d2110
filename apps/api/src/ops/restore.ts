import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { copyFile, mkdir, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { sql } from "drizzle-orm";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { extract as extractTar } from "tar";
import type { DatabaseHandle } from "../db/client.ts";
import { allowLongWork } from "../db/limits.ts";
import {
  appliedMigrationLevel,
  type KnownMigration,
  knownMigrations,
  migrationsFolder,
  rowsOf,
} from "../db/migration-level.ts";
import { holdPending } from "../lib/mailer/outbox.ts";
import { type FileStorage, isValidStorageKey } from "../lib/storage/index.ts";
import { ARCHIVE_SECRET_ENTRY, secretFingerprint } from "./app-secret.ts";
import {
  type Executor,
  enabledUserTriggers,
  insertableColumns,
  qualified,
  quoteIdent,
  tablesInForeignKeyOrder,
} from "./catalogue.ts";
import { type BackupManifest, fileEntryPath, manifestSchema } from "./manifest.ts";

/** A refusal explained in French to whoever runs the restore; nothing was written. */
export class RestoreRefusedError extends Error {}

export type OpenedArchive = {
  dir: string;
  manifest: BackupManifest;
  /** The source's APP_SECRET when it was the one generated in DATA_DIR (decision 084), else null. */
  secret: string | null;
  close(): Promise<void>;
};

/**
 * Unpacks an archive into a temporary folder and checks it completely (manifest, every
 * table file's rows and checksum, every stored file's size and checksum) before anything
 * touches a database.
 */
export async function openArchive(file: string): Promise<OpenedArchive> {
  const dir = await mkdtemp(path.join(tmpdir(), "puerta-restauration-"));
  // Retries: after a failed extraction, tar may still be finishing a file in the folder.
  const close = () => rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
  try {
    const secret = await checkArchive(file, dir);
    return { dir, manifest: await readManifestIn(dir, file), secret, close };
  } catch (error) {
    await close().catch(() => {});
    throw error;
  }
}

async function checkArchive(file: string, dir: string): Promise<string | null> {
  const refuse = (why: string) => new RestoreRefusedError(`Archive refusée (${file}) : ${why}. Rien n'a été restauré.`);
  try {
    await extractTar({ file, cwd: dir, strict: true });
  } catch (error) {
    if ((error as { code?: string }).code === "ENOENT") throw new RestoreRefusedError(`Archive introuvable : ${file}.`);
    throw refuse("fichier illisible ou tronqué, ce n'est pas une archive tar.gz complète");
  }
  const manifest = await readManifestIn(dir, file);
  for (const table of manifest.tables) {
    const counted = await countAndHash(path.join(dir, table.file));
    if (!counted) throw refuse(`la table ${table.name} manque`);
    if (counted.sha256 !== table.sha256 || counted.lines !== table.rows) {
      throw refuse(
        `la table ${table.name} est corrompue (somme de contrôle ou nombre de lignes différent du manifeste)`,
      );
    }
  }
  for (const entry of manifest.files) {
    if (!isValidStorageKey(entry.key)) throw refuse(`nom de fichier invalide dans le manifeste`);
    const counted = await countAndHash(path.join(dir, fileEntryPath(entry.key)));
    if (!counted) throw refuse(`le fichier ${entry.key} manque`);
    if (counted.sha256 !== entry.sha256 || counted.bytes !== entry.size) {
      throw refuse(`le fichier ${entry.key} est corrompu (somme de contrôle différente du manifeste)`);
    }
  }
  if (!manifest.appSecret?.included) return null;
  const secret = await readFile(path.join(dir, ARCHIVE_SECRET_ENTRY), "utf8").catch(() => null);
  if (secret === null || secretFingerprint(secret) !== manifest.appSecret.fingerprint) {
    throw refuse("le secret de l'application (app-secret) manque ou ne correspond pas au manifeste");
  }
  return secret;
}

async function readManifestIn(dir: string, file: string): Promise<BackupManifest> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(path.join(dir, "manifest.json"), "utf8"));
  } catch {
    throw new RestoreRefusedError(
      `Archive refusée (${file}) : pas de manifeste lisible, ce n'est pas une sauvegarde Puerta. Rien n'a été restauré.`,
    );
  }
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success) {
    throw new RestoreRefusedError(
      `Archive refusée (${file}) : manifeste d'un format inconnu (sauvegarde d'une autre version de Puerta ?). Rien n'a été restauré.`,
    );
  }
  return parsed.data;
}

/** Bytes, lines and sha256 of a file; null when it does not exist. */
async function countAndHash(file: string): Promise<{ bytes: number; lines: number; sha256: string } | null> {
  try {
    if (!(await stat(file)).isFile()) return null;
  } catch {
    return null;
  }
  const hash = createHash("sha256");
  let bytes = 0;
  let lines = 0;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 0x0a) lines++;
  }
  return { bytes, lines, sha256: hash.digest("hex") };
}

export type RestoreResult = {
  tables: { name: string; rows: number }[];
  files: number;
  sequences: number;
  /** E-mails pending at the snapshot, held until the operator releases them (decision 084). */
  heldMails: number;
  /** Migrations applied after loading the data, when the archive came from an older version. */
  migratedFrom: string | null;
  migratedTo: string | null;
};

const INSERT_BATCH = 500;

/**
 * Loads a checked archive into the database: brings it to the archive's migration level,
 * writes the stored files, then in ONE transaction empties every table, inserts the rows,
 * sets the sequences and compares the counts; last, applies the newer migrations of this
 * version. A target holding data is refused unless `force`.
 */
export async function restoreArchive(options: {
  database: DatabaseHandle;
  storage: FileStorage;
  archive: OpenedArchive;
  force: boolean;
}): Promise<RestoreResult> {
  const { database, storage, archive, force } = options;
  const { db } = database;
  const { manifest } = archive;
  const known = knownMigrations();
  const archiveLevel = levelOf(manifest, known);

  const targetLevel = await appliedMigrationLevel(db);
  if (targetLevel.count > archiveLevel.length) {
    throw new RestoreRefusedError(
      "La base cible est à une version plus récente que l'archive : restaurez dans une base vide " +
        "(nouveau DATA_DIR ou nouvelle base PostgreSQL), puis démarrez Puerta qui la mettra à jour.",
    );
  }
  const filled = await tablesWithRows(db);
  if (filled.length > 0 && !force) {
    throw new RestoreRefusedError(
      `La base cible n'est pas vide (${filled.length} tables contiennent des données, dont ${filled.slice(0, 3).join(", ")}). ` +
        "Relancez avec --force pour la remplacer par l'archive.",
    );
  }

  await migrateTo(database, archiveLevel);
  const targetTables = await tablesInForeignKeyOrder(db);
  const targetNames = new Set(targetTables.map((t) => qualified(t)));
  const unknown = manifest.tables.find((t) => !targetNames.has(qualified(t)));
  if (unknown) throw new RestoreRefusedError(`La table ${unknown.name} de l'archive n'existe pas dans la base cible.`);

  // Bytes before rows, as the storage itself does: no restored row points at nothing.
  for (const entry of manifest.files) {
    const bytes = await readFile(path.join(archive.dir, fileEntryPath(entry.key)));
    await storage.put(entry.key, bytes, entry.contentType, { originalName: entry.originalName });
  }

  const { restored: tables, heldMails } = await db.transaction(async (tx) => {
    // Whole tables written, locks taken on every one: not a request's few seconds (decision 109).
    await allowLongWork(tx);
    // The application's own triggers (e.g. an append-only journal refusing TRUNCATE) are
    // paused for this transaction only: the rows come back exactly as they were saved.
    const triggers = await enabledUserTriggers(tx);
    for (const { table, trigger } of triggers) {
      await tx.execute(sql.raw(`alter table ${qualified(table)} disable trigger ${quoteIdent(trigger)}`));
    }
    if (targetTables.length > 0) await tx.execute(sql.raw(`truncate ${targetTables.map(qualified).join(", ")}`));
    const restored: RestoreResult["tables"] = [];
    for (const table of manifest.tables) {
      const target = targetTables.find((t) => qualified(t) === qualified(table));
      if (!target) continue;
      const rows = await loadTable(tx, target, path.join(archive.dir, table.file));
      const [counted] = await rowsOf<{ n: number }>(tx, sql.raw(`select count(*)::int as n from ${qualified(table)}`));
      if (rows !== table.rows || counted?.n !== table.rows) {
        throw new RestoreRefusedError(
          `La table ${table.name} n'a pas le nombre de lignes du manifeste : restauration annulée.`,
        );
      }
      restored.push({ name: table.name, rows });
    }
    // The source may have sent these after its snapshot: this copy sends nothing until told to.
    const heldMails = await holdPending(tx);
    for (const sequence of manifest.sequences) {
      await tx.execute(
        sql`select setval(${qualified(sequence)}::regclass, ${sequence.lastValue}::bigint, ${sequence.isCalled})`,
      );
    }
    for (const { table, trigger } of triggers) {
      await tx.execute(sql.raw(`alter table ${qualified(table)} enable trigger ${quoteIdent(trigger)}`));
    }
    return { restored, heldMails };
  });

  const before = await appliedMigrationLevel(db);
  await database.migrate();
  const after = await appliedMigrationLevel(db);
  const tagOf = (when: number | null) => known.find((m) => m.when === when)?.tag ?? null;
  return {
    tables,
    heldMails,
    files: manifest.files.length,
    sequences: manifest.sequences.length,
    migratedFrom: before.lastWhen === after.lastWhen ? null : tagOf(before.lastWhen),
    migratedTo: before.lastWhen === after.lastWhen ? null : tagOf(after.lastWhen),
  };
}

/** The migrations the archive's data was written under: a prefix of this version's list. */
function levelOf(manifest: BackupManifest, known: KnownMigration[]): KnownMigration[] {
  if (manifest.migrations.count === 0) return [];
  const index = known.findIndex((m) => m.when === manifest.migrations.lastWhen);
  if (index === -1 || index + 1 !== manifest.migrations.count) {
    throw new RestoreRefusedError(
      "L'archive vient d'une version de Puerta plus récente ou différente (migrations inconnues ici) : " +
        "installez au moins la version qui l'a écrite, puis restaurez.",
    );
  }
  return known.slice(0, index + 1);
}

/** Tables of the target that hold at least one row. */
async function tablesWithRows(db: Executor): Promise<string[]> {
  const filled: string[] = [];
  for (const table of await tablesInForeignKeyOrder(db)) {
    const [row] = await rowsOf<{ found: boolean }>(
      db,
      sql.raw(`select exists (select 1 from ${qualified(table)}) as found`),
    );
    if (row?.found) filled.push(table.name);
  }
  return filled;
}

/**
 * Applies this version's migrations up to `level` only, so that the rows go into the tables
 * they were read from; drizzle's migrator reads a journal, so it gets a shortened copy.
 */
async function migrateTo(database: DatabaseHandle, level: KnownMigration[]) {
  if (level.length === 0) return;
  const folder = await mkdtemp(path.join(tmpdir(), "puerta-migrations-"));
  try {
    const journal = JSON.parse(await readFile(path.join(migrationsFolder, "meta", "_journal.json"), "utf8"));
    journal.entries = journal.entries.slice(0, level.length);
    await mkdir(path.join(folder, "meta"));
    await writeFile(path.join(folder, "meta", "_journal.json"), JSON.stringify(journal));
    for (const migration of level) {
      await copyFile(path.join(migrationsFolder, `${migration.tag}.sql`), path.join(folder, `${migration.tag}.sql`));
    }
    if (database.kind === "pglite") {
      await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: folder });
    } else {
      await migratePg(database.db as unknown as NodePgDatabase, { migrationsFolder: folder });
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** Inserts a table's JSON lines in batches; generated columns are left to the database. */
async function loadTable(tx: Executor, table: { schema: string; name: string; oid: string }, file: string) {
  const columns = (await insertableColumns(tx, table)).map(quoteIdent).join(", ");
  const insert = (json: string) =>
    tx.execute(
      sql`${sql.raw(`insert into ${qualified(table)} (${columns}) overriding system value select ${columns} from jsonb_populate_recordset(null::${qualified(table)}, `)}${json}::jsonb)`,
    );
  let batch: string[] = [];
  let rows = 0;
  for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Number.POSITIVE_INFINITY })) {
    if (line === "") continue;
    batch.push(line);
    rows++;
    if (batch.length === INSERT_BATCH) {
      await insert(`[${batch.join(",")}]`);
      batch = [];
    }
  }
  if (batch.length > 0) await insert(`[${batch.join(",")}]`);
  return rows;
}
