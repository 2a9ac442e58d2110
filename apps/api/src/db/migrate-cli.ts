/** npm run db:migrate — applies the committed migrations to the configured database. */
import { loadConfig } from "../config.ts";
import { openConfiguredDatabase } from "./open.ts";

const config = loadConfig();
const database = await openConfiguredDatabase(config);
try {
  await database.migrate();
  console.log(`Migrations appliquées (${database.kind === "pglite" ? `PGlite, ${config.dataDir}` : "PostgreSQL"}).`);
} finally {
  await database.close();
}
