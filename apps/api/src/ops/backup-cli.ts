/**
 * npm run backup [-- FICHIER.tar.gz | DOSSIER] — one archive of the database and the stored
 * files, written while the server keeps running (decision 070).
 */
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { loadConfig } from "../config.ts";
import { assertDataDirFree, DataDirLockedError } from "../db/lock.ts";
import { openConfiguredDatabase } from "../db/open.ts";
import { createStorageFromConfig } from "../lib/storage/index.ts";
import { writeBackup } from "./backup.ts";
import { requestBackupFromServer } from "./backup-socket.ts";
import { failWith, userPath } from "./cli.ts";
import { type BackupManifest, describeContents } from "./manifest.ts";
import { prepareDataDir } from "./startup.ts";

function outputFile(argument: string | undefined): string {
  const name = `puerta-sauvegarde-${new Date().toISOString().replace(/[:.]/g, "-")}.tar.gz`;
  if (!argument) return userPath(name);
  const target = userPath(argument);
  return existsSync(target) && statSync(target).isDirectory() ? path.join(target, name) : target;
}

async function main() {
  const output = outputFile(process.argv.slice(2).find((arg) => !arg.startsWith("--")));
  const config = loadConfig();
  prepareDataDir(config);
  const warn = (message: string) => console.warn(`Attention : ${message}`);

  const backUpHere = async () => {
    const database = await openConfiguredDatabase(config);
    try {
      return await writeBackup({
        db: database.db,
        storage: createStorageFromConfig(database.db, config.dataDir, config.storage),
        output,
        source: database.kind,
        appSecret: { value: config.appSecret, source: config.appSecretSource },
        warn,
      });
    } finally {
      await database.close();
    }
  };

  let manifest: BackupManifest;
  let how: string;
  if (config.databaseUrl) {
    manifest = await backUpHere();
    how = "PostgreSQL (DATABASE_URL)";
  } else {
    if (!existsSync(path.join(config.dataDir, "pglite"))) {
      throw new Error(`Aucune base embarquée dans ${config.dataDir} : rien à sauvegarder (DATA_DIR est-il le bon ?).`);
    }
    try {
      assertDataDirFree(config.dataDir);
      manifest = await backUpHere();
      how = `PGlite (${config.dataDir})`;
    } catch (error) {
      if (!(error instanceof DataDirLockedError)) throw error;
      // The server runs on this data directory: it writes the archive itself.
      manifest = await requestBackupFromServer(config.dataDir, output);
      how = `PGlite (${config.dataDir}), par le serveur en marche`;
    }
  }
  console.log(`Sauvegarde écrite : ${output}`);
  console.log(`  Base : ${how}, instantané du ${manifest.createdAt}`);
  console.log(`  Contenu : ${describeContents(manifest)}`);
  if (manifest.missingFiles.length > 0) {
    console.log(`  Fichiers absents du stockage, non sauvegardés : ${manifest.missingFiles.length}`);
  }
}

main().catch(failWith);
