/**
 * npm run mail:release [-- --abandonner] — sends (or gives up) the e-mails a restore held
 * because the source may already have sent them (decision 084). On the embedded database with
 * the server running, the server does it (through the socket of `npm run backup`).
 */
import { loadConfig } from "../config.ts";
import { assertDataDirFree, DataDirLockedError } from "../db/lock.ts";
import { openConfiguredDatabase } from "../db/open.ts";
import { releaseHeld } from "../lib/mailer/outbox.ts";
import { requestMailReleaseFromServer } from "./backup-socket.ts";
import { failWith } from "./cli.ts";
import { prepareDataDir } from "./startup.ts";

async function main() {
  const args = process.argv.slice(2);
  if (args.some((arg) => arg !== "--abandonner")) {
    throw new Error("Usage : npm run mail:release [-- --abandonner]");
  }
  const abandon = args.includes("--abandonner");
  const config = loadConfig();
  prepareDataDir(config);

  const here = async () => {
    const database = await openConfiguredDatabase(config);
    try {
      await database.migrate();
      return await releaseHeld(database.db, abandon);
    } finally {
      await database.close();
    }
  };
  let count: number;
  let when = "les serveurs en marche les envoient maintenant";
  if (config.databaseUrl) count = await here();
  else {
    try {
      assertDataDirFree(config.dataDir);
      count = await here();
      when = "ils partiront au démarrage du serveur";
    } catch (error) {
      if (!(error instanceof DataDirLockedError)) throw error;
      count = await requestMailReleaseFromServer(config.dataDir, abandon);
      when = "le serveur les envoie maintenant";
    }
  }
  if (count === 0) console.log("Aucun e-mail retenu.");
  else if (abandon) console.log(`${count} e-mail(s) retenu(s) abandonné(s) : ils ne seront pas envoyés.`);
  else console.log(`${count} e-mail(s) libéré(s) : ${when}.`);
}

main().catch(failWith);
