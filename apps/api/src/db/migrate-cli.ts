/** npm run db:migrate — applies the committed migrations to the configured database. */
import { loadConfig } from "../config.ts";
import { prepareDataDir } from "../ops/startup.ts";
import { openConfiguredDatabase } from "./open.ts";

const config = loadConfig();
prepareDataDir(config);
const database = await openConfiguredDatabase(config);
try {
  await database.migrate();
  console.log(`Migrations appliquées (${database.kind === "pglite" ? `PGlite, ${config.dataDir}` : "PostgreSQL"}).`);
} finally {
  await database.close();
}
