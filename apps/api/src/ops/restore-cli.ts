/**
 * npm run restore -- FICHIER.tar.gz [--force] — loads a backup into an empty embedded
 * database (DATA_DIR) or into PostgreSQL (DATABASE_URL), after checking the whole archive.
 */
import { loadConfig } from "../config.ts";
import { assertDataDirFree } from "../db/lock.ts";
import { openConfiguredDatabase } from "../db/open.ts";
import { createStorageFromConfig } from "../lib/storage/index.ts";
import { failWith, userPath } from "./cli.ts";
import { describeContents } from "./manifest.ts";
import { openArchive, restoreArchive } from "./restore.ts";

async function main() {
  const args = process.argv.slice(2);
  const file = args.find((arg) => !arg.startsWith("--"));
  const unknown = args.filter((arg) => arg.startsWith("--") && arg !== "--force");
  if (!file || unknown.length > 0) {
    throw new Error("Usage : npm run restore -- FICHIER.tar.gz [--force]");
  }
  // The whole archive is checked before the configuration is even read: a bad archive writes nothing.
  const archive = await openArchive(userPath(file));
  try {
    const config = loadConfig();
    if (!config.databaseUrl) assertDataDirFree(config.dataDir);
    const database = await openConfiguredDatabase(config);
    try {
      const result = await restoreArchive({
        database,
        storage: createStorageFromConfig(database.db, config.dataDir, config.storage),
        archive,
        force: args.includes("--force"),
      });
      const where = database.kind === "pglite" ? `PGlite (${config.dataDir})` : "PostgreSQL (DATABASE_URL)";
      console.log(`Restauration terminée dans ${where}.`);
      console.log(`  Archive du ${archive.manifest.createdAt} : ${describeContents(archive.manifest)}`);
      for (const table of result.tables) console.log(`    ${table.name} : ${table.rows} lignes`);
      if (result.migratedTo)
        console.log(`  Base mise à jour : migrations ${result.migratedFrom} → ${result.migratedTo}`);
    } finally {
      await database.close();
    }
  } finally {
    await archive.close();
  }
}

main().catch(failWith);
