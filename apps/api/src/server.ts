import { existsSync } from "node:fs";
import { flushCompileCache } from "node:module";
import { loadConfig } from "./config.ts";
import { assertDataDirFree, DataDirLockedError } from "./db/lock.ts";
import { DatabaseUnreachableError, faultOf, rootReason } from "./lib/faults.ts";
import { DataDirPermissionsError } from "./ops/data-dir-permissions.ts";
import { prepareDataDir } from "./ops/startup.ts";

/** Longer than any request should take; shorter than systemd's default TimeoutStopSec (90 s). */
const SHUTDOWN_GRACE_MS = 30_000;

async function main() {
  const config = loadConfig();
  // A second process on the embedded database is refused at once, before the slow imports.
  if (!config.databaseUrl) assertDataDirFree(config.dataDir);
  prepareDataDir(config);
  const { openConfiguredDatabase } = await import("./db/open.ts");
  const database = await openConfiguredDatabase(config);
  // PostgreSQL not up yet (both started by the same boot, a failover): waited for a while,
  // saying so once, then the start fails with one line (DatabaseUnreachableError).
  let waiting = false;
  await database.waitUntilReachable({
    timeoutMs: config.dbConnectTimeoutSeconds * 1000,
    onWait(reason) {
      if (waiting) return;
      waiting = true;
      console.error(`${reason} : nouvel essai pendant ${config.dbConnectTimeoutSeconds} s (DB_CONNECT_TIMEOUT).`);
    },
  });
  if (waiting) console.error("PostgreSQL répond : démarrage.");
  const { buildApp } = await import("./app.ts");
  const { drain } = await import("./lib/draining.ts");
  await database.migrate();
  // The seed draws its posters and PDFs with sharp and pdf-lib: a server without it never loads them.
  const seed = config.seedDemo ? await import("./demo/index.ts") : undefined;
  await seed?.seedDemo(database.db, config);

  const app = await buildApp({ config, db: database.db });
  // Half-written files a crash or a full disk left. DATA_DIR is this process's alone on PGlite
  // (its lock); on PostgreSQL another process may share it, so only those of 10 minutes ago.
  const { removeLeftovers } = await import("./lib/storage/leftovers.ts");
  const leftovers = await removeLeftovers(config.dataDir, database.kind === "pglite" ? 0 : 10 * 60_000);
  if (leftovers.length > 0)
    app.log.warn({ files: leftovers }, `${leftovers.length} fichier(s) à moitié écrit(s) supprimé(s)`);
  // The files of an erasure that committed just before a crash (decision 113): counts only, no name.
  const [{ finishPendingErasures }, { createStorageFromConfig }] = await Promise.all([
    import("./modules/personal-data/erasure.ts"),
    import("./lib/storage/index.ts"),
  ]);
  const erasedFiles = await finishPendingErasures(
    {
      db: database.db,
      storage: createStorageFromConfig(database.db, config.dataDir, config.storage),
      dataDir: config.dataDir,
    },
    database.kind === "pglite" ? 0 : 10 * 60_000,
  );
  if (erasedFiles > 0) app.log.warn(`${erasedFiles} fichier(s) d'un effacement interrompu supprimé(s)`);
  database.onConnectionLost((error) =>
    app.log.warn(
      { reason: error.message },
      "connexion à PostgreSQL perdue : une autre sera ouverte à la requête suivante",
    ),
  );
  if (!existsSync(config.webDir)) {
    app.log.warn(`Application web non construite (${config.webDir}) : lancez « npm run build ».`);
  }
  // On the embedded database, `npm run backup` asks this process for the archive (decision 070).
  const backupSocket =
    database.kind === "pglite"
      ? await (await import("./ops/serve-backups.ts")).serveBackups(config, database, app.log)
      : undefined;

  // Stops accepting connections, lets the requests and the e-mail in flight finish, closes the
  // database, exits 0. A second signal or SHUTDOWN_GRACE_MS later, it exits at once with 1.
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) {
      app.log.warn(`${signal} reçu pendant l'arrêt : arrêt immédiat`);
      process.exit(1);
    }
    stopping = true;
    app.log.info(`${signal} reçu, arrêt du serveur (requêtes en cours terminées d'abord)`);
    setTimeout(() => {
      app.log.error(`arrêt forcé : requêtes encore en cours après ${SHUTDOWN_GRACE_MS / 1000} s`);
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    try {
      // What clients sent before the signal is taken in and answered first (lib/draining.ts).
      await drain(app);
      // A keep-alive connection whose request just finished is closed too, not left open.
      setInterval(() => app.server.closeIdleConnections(), 100).unref();
      await Promise.all([app.close(), backupSocket?.close()]);
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "erreur pendant l'arrêt");
      process.exit(1);
    }
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({ port: config.port, host: config.host });
  // With NODE_COMPILE_CACHE (npm run serve), the next start reads the sources with their types
  // already stripped and never loads the stripper (decision 080); written now, not only at exit,
  // so that a server that crashes still leaves it.
  flushCompileCache();
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  const lines = [
    "",
    `  Puerta est prêt : http://localhost:${port}`,
    `  Base de données : ${database.kind === "pglite" ? `PGlite embarqué (${config.dataDir})` : "PostgreSQL (DATABASE_URL)"}`,
  ];
  if (seed) {
    const { DEMO_PASSWORD, DEMO_STAFF, DEMO_STAFF_PASSWORD, DEMO_STUDENTS } = seed;
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
    error instanceof DataDirPermissionsError ||
    error instanceof DatabaseUnreachableError ||
    (error instanceof Error && error.message.startsWith("Configuration invalide"))
  ) {
    console.error(`\n${error.message}\n`);
  } else if (faultOf(error) === "unavailable") {
    // PostgreSQL gone again between the first answer and the end of the start (migrations).
    console.error(
      `\nPostgreSQL injoignable pendant le démarrage : ${rootReason(error)}. Vérifiez PostgreSQL puis relancez.\n`,
    );
  } else {
    console.error(error);
  }
  process.exit(1);
});
