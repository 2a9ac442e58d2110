import path from "node:path";
import type { Config } from "../config.ts";
import { openDatabase } from "./client.ts";

/** The configured database: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR. */
export const openConfiguredDatabase = (config: Config) =>
  config.databaseUrl
    ? openDatabase({ kind: "postgres", url: config.databaseUrl })
    : openDatabase({ kind: "pglite", dataDir: path.join(config.dataDir) });
