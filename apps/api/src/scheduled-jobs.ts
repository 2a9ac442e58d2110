import type { FastifyBaseLogger } from "fastify";
import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import { keepEmbeddedTables } from "./db/upkeep.ts";
import { purgeIdempotencyKeys } from "./lib/idempotency.ts";
import { createIntervalJob } from "./lib/interval-job.ts";
import type { Mailer } from "./lib/mailer/index.ts";
import type { FileStorage } from "./lib/storage/index.ts";
import { dispatchDueCopies } from "./modules/notifications/email-copies.ts";
import { createPurge } from "./modules/personal-data/purge.ts";
import { createTrash } from "./modules/trash/staff-service.ts";
import { PERSONAL_DATA_PARTS } from "./personal-data-parts.ts";
import { TRASH_KINDS } from "./trash-kinds.ts";

const MINUTE = 60_000;

/**
 * What the server does by itself while it runs (app.ts starts them on ready, stops them on close):
 * the e-mail copies of notifications whose publication time has come, the restore bin's purge, and
 * on the embedded database the statistics and dead rows that autovacuum keeps on a server
 * (db/upkeep.ts). The first two claim their work in the database, so several processes do it
 * once (lib/interval-job.ts); the embedded database has only ever one process.
 */
export function createScheduledJobs(deps: {
  db: Database;
  config: Config;
  mail: Mailer;
  storage: FileStorage;
  log: FastifyBaseLogger;
}) {
  const trash = createTrash({ db: deps.db, storage: deps.storage, kinds: TRASH_KINDS });
  const retention = createPurge({
    db: deps.db,
    storage: deps.storage,
    dataDir: deps.config.dataDir,
    parts: PERSONAL_DATA_PARTS,
  });
  let upkeepRuns = 0;
  let nightlyChecks = 0;
  const jobs = {
    notificationEmails: createIntervalJob({
      name: "copies e-mail des notifications",
      everyMs: 30_000,
      run: () => dispatchDueCopies(deps),
      log: deps.log,
    }),
    trashPurge: createIntervalJob({
      name: "purge de la corbeille",
      everyMs: 60 * MINUTE,
      run: () => trash.purge(),
      log: deps.log,
    }),
    // Law 09-08's purge (decision 114): looked at every 10 minutes, run once a night from 03:00 in
    // Casablanca, claimed in the database so that one process does it. Not at start: a server
    // started (or a test's app) is looked at ten minutes later.
    retentionPurge: createIntervalJob({
      name: "purge des données personnelles",
      everyMs: 10 * MINUTE,
      run: async () => {
        if (nightlyChecks++ > 0) await retention.nightly();
      },
      log: deps.log,
    }),
    idempotencyKeys: createIntervalJob({
      name: "purge des clés d'idempotence",
      everyMs: 60 * MINUTE,
      run: async () => {
        await purgeIdempotencyKeys(deps.db);
      },
      log: deps.log,
    }),
    // Every minute, as autovacuum looks (autovacuum_naptime); the first run analyses everything.
    embeddedTables: createIntervalJob({
      name: "entretien de la base embarquée",
      everyMs: MINUTE,
      run: async () => {
        const report = await keepEmbeddedTables(deps.db, { everything: upkeepRuns++ === 0 });
        if (report.analysed.length + report.vacuumed.length > 0) deps.log.debug(report, "base embarquée entretenue");
      },
      log: deps.log,
    }),
  };
  return {
    ...jobs,
    start() {
      for (const job of Object.values(jobs)) job.start();
    },
    async stop() {
      await Promise.all(Object.values(jobs).map((job) => job.stop()));
    },
  };
}

export type ScheduledJobs = ReturnType<typeof createScheduledJobs>;
