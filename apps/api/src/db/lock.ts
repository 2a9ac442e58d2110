import { closeSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import path from "node:path";

export class DataDirLockedError extends Error {}

/**
 * PGlite lets two processes open one data directory and corrupt it, so the embedded
 * default takes an exclusive lock file. A lock left by a dead process is taken over.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  const file = path.join(dataDir, "puerta.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx", 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        rmSync(file, { force: true });
        process.off("exit", release);
      };
      process.on("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number.parseInt(readFileSync(file, "utf8"), 10);
      if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner)) {
        throw new DataDirLockedError(
          `Le dossier de données ${dataDir} est déjà utilisé par le processus ${owner}. ` +
            "La base embarquée n'accepte qu'un seul processus : arrêtez l'autre serveur, " +
            "choisissez un autre DATA_DIR, ou utilisez un serveur PostgreSQL (DATABASE_URL).",
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`Impossible de verrouiller le dossier de données ${dataDir}.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
