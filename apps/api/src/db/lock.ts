import { linkSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

export class DataDirLockedError extends Error {}

/** Lock files this process holds: a lock with our own pid is ours only if it is listed here. */
const held = new Set<string>();

/**
 * PGlite lets two processes open one data directory and corrupt it, so the embedded
 * default takes an exclusive lock file. A lock left by a dead process is taken over.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  const file = path.join(dataDir, "puerta.lock");
  for (let attempt = 0; attempt < 3; attempt++) {
    if (createLockFile(file)) {
      held.add(file);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        held.delete(file);
        rmSync(file, { force: true });
        process.off("exit", release);
      };
      process.on("exit", release);
      return release;
    }
    const owner = readOwner(file);
    if (owner === undefined) continue; // released meanwhile: try again
    if (isLive(file, owner)) throw lockedError(dataDir, owner);
    rmSync(file, { force: true });
  }
  throw new DataDirLockedError(`Impossible de verrouiller le dossier de données ${dataDir}.`);
}

/**
 * Throws the same error as `acquireDataDirLock` when a live process holds the directory,
 * without taking the lock: lets the server refuse before loading everything else.
 */
export function assertDataDirFree(dataDir: string): void {
  const file = path.join(dataDir, "puerta.lock");
  const owner = readOwner(file);
  if (owner !== undefined && isLive(file, owner)) throw lockedError(dataDir, owner);
}

const lockedError = (dataDir: string, owner: number) =>
  new DataDirLockedError(
    `Le dossier de données ${dataDir} est déjà utilisé par le processus ${owner}. ` +
      "La base embarquée n'accepte qu'un seul processus : arrêtez l'autre serveur, " +
      "choisissez un autre DATA_DIR, ou utilisez un serveur PostgreSQL (DATABASE_URL).",
  );

function isLive(file: string, owner: number): boolean {
  if (!Number.isInteger(owner)) return false;
  // Our own pid in a lock we do not hold is a leftover of an earlier run (a container's
  // server is often pid 1 every time): stale, like a dead pid.
  return owner === process.pid ? held.has(file) : isAlive(owner);
}

/**
 * Creates the lock file with our pid already in it: written beside it, then hard-linked
 * into place, which fails if the lock exists. Another process never reads a half-written lock.
 */
function createLockFile(file: string): boolean {
  const draft = `${file}.${process.pid}.tmp`;
  writeFileSync(draft, String(process.pid), { mode: 0o600 });
  try {
    linkSync(draft, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  } finally {
    rmSync(draft, { force: true });
  }
}

/** The pid in the lock file (NaN when unreadable), or undefined when the file is gone. */
function readOwner(file: string): number | undefined {
  try {
    return Number.parseInt(readFileSync(file, "utf8"), 10);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
