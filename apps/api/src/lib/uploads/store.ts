import type { Database } from "../../db/client.ts";
import { type FileStorage, generateStorageKey, type StoredFile } from "../storage/index.ts";
import type { CheckedFile } from "./types.ts";

export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

export type StoreTarget = {
  /** The key prefix (`plannings`, `cours`…): the key is `<prefix>/<uuid><ext>`, made here. */
  prefix: string;
  file: CheckedFile;
  /** The name offered on download (see displayFileName); stored as metadata only. */
  downloadName: string;
};

/**
 * Stores a checked file, then runs `write` (the row that names it, and its audit entry) in
 * one transaction. When the storage write, the metadata row or the transaction fails, the
 * file is deleted again and the error goes on: no file without a row, no row without a file
 * (docs/spec/back-office.md section 5).
 */
export async function storeFileWithRow<T>(
  { db, storage }: { db: Database; storage: FileStorage },
  target: StoreTarget,
  write: (tx: Transaction, stored: StoredFile) => Promise<T>,
): Promise<T> {
  const key = generateStorageKey(target.prefix, target.file.extension);
  try {
    const stored = await storage.put(key, target.file.bytes, target.file.contentType, {
      originalName: target.downloadName,
    });
    return await db.transaction((tx) => write(tx, stored));
  } catch (error) {
    await storage.remove(key).catch(() => {});
    throw error;
  }
}

/**
 * Deletes files no row names any more (a replaced PDF, a purged item's), after the
 * transaction that unlinked them has committed. A failure leaves an unreachable file, never a
 * broken link, so it does not fail the request.
 */
export async function removeStoredFiles(storage: FileStorage, keys: readonly string[]): Promise<void> {
  await Promise.all(keys.map((key) => storage.remove(key).catch(() => {})));
}
