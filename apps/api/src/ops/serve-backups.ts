import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { releaseHeld } from "../lib/mailer/outbox.ts";
import { createStorageFromConfig } from "../lib/storage/index.ts";
import { writeBackup } from "./backup.ts";
import { listenForBackupRequests } from "./backup-socket.ts";

/** The running server's side of `npm run backup` on the embedded database. */
export function serveBackups(config: Config, database: DatabaseHandle, log: FastifyBaseLogger) {
  const storage = createStorageFromConfig(database.db, config.dataDir, config.storage);
  return listenForBackupRequests({
    dataDir: config.dataDir,
    log,
    releaseMail: (abandon) => releaseHeld(database.db, abandon),
    backup: (output) =>
      writeBackup({
        db: database.db,
        storage,
        output,
        source: database.kind,
        appSecret: { value: config.appSecret, source: config.appSecretSource },
        warn: (message) => log.warn(message),
      }),
  });
}
