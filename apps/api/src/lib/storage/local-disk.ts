import { randomUUID } from "node:crypto";
import { mkdir, open, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { type ByteRange, type StorageDriver, StoredFileMissingError } from "./driver.ts";
import { assertStorageKey } from "./keys.ts";

/** The suffix of a file being written (lib/storage/leftovers.ts removes those a crash left). */
export const TEMPORARY_SUFFIX = ".tmp";

const isMissing = (error: unknown) => (error as { code?: string }).code === "ENOENT";

/** Files under `root` (DATA_DIR/files by default), one file per key. */
export function createLocalDiskDriver(root: string): StorageDriver {
  const base = path.resolve(root);

  /** The file of a key; the key grammar already forbids '..', this is a second lock. */
  const fileOf = (key: string) => {
    const file = path.resolve(base, assertStorageKey(key));
    if (!file.startsWith(base + path.sep)) throw new StoredFileMissingError();
    return file;
  };

  return {
    async put(key, bytes) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written beside, then renamed: a reader never sees half a file.
      const temporary = `${file}.${randomUUID()}${TEMPORARY_SUFFIX}`;
      // A write that fails half-way (disk full: ENOSPC, answered 507) leaves no partial file.
      try {
        await writeFile(temporary, bytes, { mode: 0o640 });
        await rename(temporary, file);
      } catch (error) {
        await rm(temporary, { force: true }).catch(() => {});
        throw error;
      }
    },

    async read(key) {
      try {
        return await readFile(fileOf(key));
      } catch (error) {
        if (isMissing(error)) throw new StoredFileMissingError();
        throw error;
      }
    },

    async stream(key, range?: ByteRange): Promise<Readable> {
      const file = fileOf(key);
      // Opened first so that a missing file is an error here, not a failure mid-response.
      let handle: Awaited<ReturnType<typeof open>>;
      try {
        handle = await open(file, "r");
      } catch (error) {
        if (isMissing(error)) throw new StoredFileMissingError();
        throw error;
      }
      return handle.createReadStream({ autoClose: true, start: range?.start, end: range?.end });
    },

    async size(key) {
      try {
        const info = await stat(fileOf(key));
        return info.isFile() ? info.size : null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}
