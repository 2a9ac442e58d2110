import { chmodSync, lstatSync, mkdirSync, readdirSync } from "node:fs";
import path from "node:path";

/** DATA_DIR is open to other local users and this process cannot close it: the operator must. */
export class DataDirPermissionsError extends Error {}

/** Group and other bits: none may be set on anything under DATA_DIR. */
const OPEN_TO_OTHERS = 0o077;

/**
 * Makes DATA_DIR owner-only (issue 31): every file created from now on by this process (PGlite's
 * included, which asks for 0666) is 0600 and every folder 0700, and what is already there is
 * repaired, as `chmod -R go-rwx` would. What this process cannot repair (another user's file)
 * stops it with the command to run. Returns how many entries were repaired.
 */
export function secureDataDir(dataDir: string): { repaired: number } {
  process.umask(OPEN_TO_OTHERS);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  let repaired = 0;
  const stuck: string[] = [];
  const pending = [dataDir];
  for (let entry = pending.pop(); entry !== undefined; entry = pending.pop()) {
    let stats: ReturnType<typeof lstatSync>;
    try {
      stats = lstatSync(entry);
    } catch {
      continue; // vanished meanwhile
    }
    if (stats.isSymbolicLink()) continue; // its target is not ours to change
    if (stats.mode & OPEN_TO_OTHERS) {
      try {
        chmodSync(entry, stats.mode & ~OPEN_TO_OTHERS & 0o7777);
        repaired++;
      } catch (error) {
        if (!vanished(error)) stuck.push(entry);
        continue;
      }
    }
    if (stats.isDirectory()) {
      try {
        for (const name of readdirSync(entry)) pending.push(path.join(entry, name));
      } catch (error) {
        if (!vanished(error)) stuck.push(entry);
      }
    }
  }
  if (stuck.length > 0) {
    throw new DataDirPermissionsError(
      `Le dossier de données ${dataDir} est ouvert aux autres utilisateurs de la machine et ce compte ne peut pas ` +
        `le corriger (${stuck.length} élément(s), dont ${stuck[0]}). Il contient la base, les fichiers et le secret ` +
        `de l'application : en tant que propriétaire ou root, lancez\n\n  chmod -R go-rwx ${dataDir}\n\n` +
        "puis redémarrez (et lancez Puerta sous le compte propriétaire du dossier).",
    );
  }
  return { repaired };
}

/** A file the running server removed meanwhile (a WAL segment, a temporary file): nothing to do. */
const vanished = (error: unknown) => (error as NodeJS.ErrnoException).code === "ENOENT";

/** The line a process prints when it had to close DATA_DIR at start. */
export const repairedMessage = (dataDir: string, repaired: number) =>
  `Droits corrigés dans ${dataDir} : ${repaired} fichier(s) ou dossier(s) étaient accessibles à d'autres utilisateurs, ` +
  "ils sont maintenant réservés au propriétaire (UMask=0077 dans l'unité systemd l'évite).";
