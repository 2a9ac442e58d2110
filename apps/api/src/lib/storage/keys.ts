import { randomUUID } from "node:crypto";

/**
 * Storage keys are opaque names the server makes: lower-case segments of letters, digits,
 * dots, dashes and underscores separated by '/', no empty, '.' or '..' segment. Anything else
 * is refused before it reaches a driver, so a key can never step outside the storage root.
 */
const SEGMENT = /^[a-z0-9_-][a-z0-9._-]{0,127}$/;

export class InvalidStorageKeyError extends Error {
  constructor() {
    super("Clé de stockage invalide");
  }
}

export function isValidStorageKey(key: string): boolean {
  if (key.length === 0 || key.length > 512) return false;
  return key.split("/").every((segment) => SEGMENT.test(segment) && segment !== "." && segment !== "..");
}

export function assertStorageKey(key: string): string {
  if (!isValidStorageKey(key)) throw new InvalidStorageKeyError();
  return key;
}

/** A fresh key under `prefix` (itself a valid key), keeping only a safe extension. */
export function generateStorageKey(prefix: string, extension = ""): string {
  const ext = /^\.[a-z0-9]{1,8}$/.test(extension.toLowerCase()) ? extension.toLowerCase() : "";
  return assertStorageKey(`${prefix}/${randomUUID()}${ext}`);
}
