/**
 * npm run restore -- FICHIER.tar.gz [--force] [--nouveau-secret] — loads a backup into an empty
 * embedded database (DATA_DIR) or into PostgreSQL (DATABASE_URL), after checking the whole
 * archive and that the staff's second factors can be read under this APP_SECRET (decision 084).
 */
import { configuredDataDir, loadConfig } from "../config.ts";
import { assertDataDirFree } from "../db/lock.ts";
import { openConfiguredDatabase } from "../db/open.ts";
import { heldMessage } from "../lib/mailer/outbox.ts";
import { createStorageFromConfig } from "../lib/storage/index.ts";
import { resetSecondFactorsByOperator } from "../modules/staff/reset-second-factor.ts";
import { installSecret, planSecret } from "./app-secret.ts";
import { failWith, userPath } from "./cli.ts";
import { describeContents } from "./manifest.ts";
import { openArchive, restoreArchive } from "./restore.ts";
import { prepareDataDir } from "./startup.ts";

const OPTIONS = ["--force", "--nouveau-secret"];

async function main() {
  const args = process.argv.slice(2);
  const file = args.find((arg) => !arg.startsWith("--"));
  const unknown = args.filter((arg) => arg.startsWith("--") && !OPTIONS.includes(arg));
  if (!file || unknown.length > 0) {
    throw new Error("Usage : npm run restore -- FICHIER.tar.gz [--force] [--nouveau-secret]");
  }
  // The whole archive is checked before the configuration is even read: a bad archive writes nothing.
  const archive = await openArchive(userPath(file));
  try {
    // So is the secret, before the configuration would generate one in an empty DATA_DIR.
    const dataDir = configuredDataDir();
    const plan = planSecret(
      archive.manifest,
      archive.secret,
      { fromEnvironment: process.env.APP_SECRET || undefined, dataDir },
      { archiveFile: userPath(file), newSecret: args.includes("--nouveau-secret") },
    );
    const config = loadConfig(plan.kind === "install" ? { ...process.env, APP_SECRET: plan.secret } : process.env);
    if (!config.databaseUrl) assertDataDirFree(config.dataDir);
    prepareDataDir(config);
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
      if (result.heldMails > 0) console.log(`  ${heldMessage(result.heldMails)}`);
      if (plan.kind === "install") {
        installSecret(config.dataDir, plan.secret);
        console.log(
          `  Secret de l'application de la source ${plan.replacing ? "mis à la place de celui" : "installé"} dans ${config.dataDir}/app-secret : ` +
            "les doubles authentifications du personnel restent valables." +
            (config.env === "production"
              ? " En production, APP_SECRET doit avoir cette valeur dans l'environnement du serveur."
              : ""),
        );
      } else if (plan.kind === "reset-second-factors") {
        const reset = await resetSecondFactorsByOperator(
          database.db,
          { all: true },
          "par une restauration sous un nouveau secret",
        );
        console.log(
          `  Nouveau secret : double authentification réinitialisée pour ${reset.length} membre(s) du personnel ` +
            "(chacun la configure de nouveau à sa prochaine connexion).",
        );
      } else if (plan.kind === "unknown") {
        console.log(
          "  Archive sans empreinte du secret (version antérieure) : si APP_SECRET n'est pas celui de la source, " +
            "réinitialisez la double authentification de chaque membre du personnel (npm run staff:reset-2fa -- --email …).",
        );
      }
    } finally {
      await database.close();
    }
  } finally {
    await archive.close();
  }
}

main().catch(failWith);
