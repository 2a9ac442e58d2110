import { readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { TEMPORARY_SUFFIX } from "./local-disk.ts";

/** What a write cut short leaves: a stored file's `<name>.<uuid>.tmp`, an e-mail's `.eml.part`. */
const LEFTOVERS: { folder: string; pattern: RegExp }[] = [
  { folder: "files", pattern: new RegExp(`\\.[0-9a-f-]{36}${TEMPORARY_SUFFIX.replace(".", "\\.")}$`) },
  { folder: "mail", pattern: /\.eml\.part$/ },
];

/**
 * Removes, under DATA_DIR, the half-written files a crash or a full disk left (the writes that
 * fail remove their own; a killed process cannot). Only those older than `olderThanMs`: a
 * process sharing the folder may be writing one right now (0 when DATA_DIR's lock is ours).
 * Returns the paths removed.
 */
export async function removeLeftovers(dataDir: string, olderThanMs: number): Promise<string[]> {
  const removed: string[] = [];
  const limit = Date.now() - olderThanMs;
  for (const { folder, pattern } of LEFTOVERS) {
    let entries: string[];
    try {
      entries = await readdir(path.join(dataDir, folder), { recursive: true });
    } catch {
      continue; // no such folder yet
    }
    for (const entry of entries) {
      if (!pattern.test(entry)) continue;
      const file = path.join(dataDir, folder, entry);
      const info = await stat(file).catch(() => undefined);
      if (!info?.isFile() || info.mtimeMs > limit) continue;
      await rm(file, { force: true });
      removed.push(file);
    }
  }
  return removed;
}
