import path from "node:path";
import type { Config } from "../config.ts";
import { secureDataDir } from "../ops/data-dir-permissions.ts";
import { openDatabase } from "./client.ts";

/** The configured database: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR. */
export async function openConfiguredDatabase(config: Config) {
  if (config.databaseUrl) return openDatabase({ kind: "postgres", url: config.databaseUrl, limits: config.dbLimits });
  const database = await openDatabase({ kind: "pglite", dataDir: path.join(config.dataDir) });
  // PGlite unpacks its first cluster with 0666 files (its own chmod, past the umask): owner-only again.
  try {
    secureDataDir(config.dataDir);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}
