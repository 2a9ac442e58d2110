import type { Readable } from "node:stream";

/** A byte range, both ends included (as in HTTP Range and S3 GetObject). */
export type ByteRange = { start: number; end: number };

/**
 * What a storage back end must do. Keys arrive already validated (keys.ts). The local-disk
 * driver fills it today; an S3-compatible driver maps each call to PutObject, GetObject
 * (with Range), HeadObject and DeleteObject.
 */
export type StorageDriver = {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The whole object; throws StoredFileMissingError when absent. */
  read(key: string): Promise<Buffer>;
  /** A stream of the object (or of a range of it); throws StoredFileMissingError when absent. */
  stream(key: string, range?: ByteRange): Promise<Readable>;
  /** Size in bytes, or null when absent. */
  size(key: string): Promise<number | null>;
  /** Removing an absent object is not an error. */
  remove(key: string): Promise<void>;
};

export class StoredFileMissingError extends Error {
  constructor() {
    super("Fichier introuvable dans le stockage");
  }
}
