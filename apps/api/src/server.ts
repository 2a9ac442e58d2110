import { existsSync } from "node:fs";
import { loadConfig } from "./config.ts";
import { assertDataDirFree, DataDirLockedError } from "./db/lock.ts";

async function main() {
  const config = loadConfig();
  // A second process on the embedded database is refused at once, before the slow imports.
  if (!config.databaseUrl) assertDataDirFree(config.dataDir);
  const { openConfiguredDatabase } = await import("./db/open.ts");
  const database = await openConfiguredDatabase(config);
  const { buildApp } = await import("./app.ts");
  const { DEMO_PASSWORD, DEMO_STAFF, DEMO_STAFF_PASSWORD, DEMO_STUDENTS, seedDemo } = await import(
    "./db/seed/index.ts"
  );
  await database.migrate();
  if (config.seedDemo) await seedDemo(database.db, config);

  const app = await buildApp({ config, db: database.db });
  if (!existsSync(config.webDir)) {
    app.log.warn(`Application web non construite (${config.webDir}) : lancez « npm run build ».`);
  }
  const shutdown = async (signal: string) => {
    app.log.info(`${signal} reçu, arrêt du serveur`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  const lines = [
    "",
    `  Puerta est prêt : http://localhost:${port}`,
    `  Base de données : ${database.kind === "pglite" ? `PGlite embarqué (${config.dataDir})` : "PostgreSQL (DATABASE_URL)"}`,
  ];
  if (config.seedDemo) {
    lines.push(
      "  Comptes de démonstration :",
      `    ${DEMO_STUDENTS.first} / ${DEMO_PASSWORD}  (centre Ain Sebaa, politique à accepter)`,
      `    ${DEMO_STUDENTS.second} / ${DEMO_PASSWORD}  (centre Zenith, politique acceptée)`,
      "  Personnel (/gestion/connexion, second facteur configuré à la première connexion) :",
      `    ${DEMO_STAFF.direction} / ${DEMO_STAFF_PASSWORD}  (Direction)`,
      `    ${DEMO_STAFF.secretariat} / ${DEMO_STAFF_PASSWORD}  (Secrétariat, centre Ain Sebaa)`,
      `    ${DEMO_STAFF.pedagogie} / ${DEMO_STAFF_PASSWORD}  (Pédagogie)`,
    );
  }
  console.log(`${lines.join("\n")}\n`);
}

main().catch((error: unknown) => {
  if (
    error instanceof DataDirLockedError ||
    (error instanceof Error && error.message.startsWith("Configuration invalide"))
  ) {
    console.error(`\n${error.message}\n`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
