import { createHash } from "node:crypto";
import path from "node:path";
import type { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { storedFiles } from "../../db/schema/storage.ts";
import type { ByteRange, StorageDriver } from "./driver.ts";
import { assertStorageKey, generateStorageKey } from "./keys.ts";
import { createLocalDiskDriver } from "./local-disk.ts";
import type { StorageLocation } from "./location.ts";
import { createS3Driver } from "./s3.ts";

export type { ByteRange, StorageDriver } from "./driver.ts";
export { StoredFileMissingError } from "./driver.ts";
export { generateStorageKey, InvalidStorageKeyError, isValidStorageKey } from "./keys.ts";
export type { StorageLocation } from "./location.ts";

/** The metadata row of a stored file. */
export type StoredFile = {
  key: string;
  originalName: string;
  contentType: string;
  sizeBytes: number;
  sha256: string;
};

export type PutOptions = {
  /** The name shown or offered on download; defaults to the key's last segment. */
  originalName?: string;
};

/**
 * The file storage: bytes in a driver (local disk by default), metadata in `stored_files`.
 * Keys are server-made (see keys.ts): callers pass a key they generated or a fixed one of
 * their own (e.g. `profile-photos/<uuid>.webp`), never a name that came from a user.
 */
export type FileStorage = {
  put(key: string, bytes: Buffer, contentType: string, options?: PutOptions): Promise<StoredFile>;
  /** Stores under a fresh key `prefix/<uuid><ext>` and returns the record. */
  save(prefix: string, bytes: Buffer, contentType: string, originalName: string): Promise<StoredFile>;
  read(key: string): Promise<Buffer>;
  /** For large downloads: the bytes as a stream, optionally a range of them. */
  stream(key: string, range?: ByteRange): Promise<Readable>;
  /** The metadata, or null when the key is unknown. */
  stat(key: string): Promise<StoredFile | null>;
  remove(key: string): Promise<void>;
};

export function sha256Of(bytes: Buffer): string {
  return createHash("sha256").update(bytes).digest("hex");
}

export function createFileStorage({ db, driver }: { db: Database; driver: StorageDriver }): FileStorage {
  const storage: FileStorage = {
    async put(key, bytes, contentType, options = {}) {
      assertStorageKey(key);
      const record: StoredFile = {
        key,
        originalName: options.originalName ?? key.slice(key.lastIndexOf("/") + 1),
        contentType,
        sizeBytes: bytes.length,
        sha256: sha256Of(bytes),
      };
      // Bytes first: a metadata row never points at nothing.
      await driver.put(key, bytes, contentType);
      await db
        .insert(storedFiles)
        .values(record)
        .onConflictDoUpdate({
          target: storedFiles.key,
          set: {
            originalName: record.originalName,
            contentType,
            sizeBytes: record.sizeBytes,
            sha256: record.sha256,
            createdAt: new Date(),
          },
        });
      return record;
    },

    async save(prefix, bytes, contentType, originalName) {
      const key = generateStorageKey(prefix, path.extname(originalName));
      return storage.put(key, bytes, contentType, { originalName });
    },

    read: async (key) => driver.read(assertStorageKey(key)),
    stream: async (key, range) => driver.stream(assertStorageKey(key), range),

    async stat(key) {
      const [row] = await db
        .select({
          key: storedFiles.key,
          originalName: storedFiles.originalName,
          contentType: storedFiles.contentType,
          sizeBytes: storedFiles.sizeBytes,
          sha256: storedFiles.sha256,
        })
        .from(storedFiles)
        .where(eq(storedFiles.key, assertStorageKey(key)));
      return row ?? null;
    },

    async remove(key) {
      assertStorageKey(key);
      await driver.remove(key);
      await db.delete(storedFiles).where(eq(storedFiles.key, key));
    },
  };
  return storage;
}

/** The storage of a configuration: local disk under DATA_DIR/files unless STORAGE_URL names a bucket. */
export function createStorageFromConfig(
  db: Database,
  dataDir: string,
  location: StorageLocation = { kind: "local" },
): FileStorage {
  const driver = location.kind === "s3" ? createS3Driver(location) : createLocalDiskDriver(path.join(dataDir, "files"));
  return createFileStorage({ db, driver });
}
