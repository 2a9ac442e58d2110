import type { FastifyBaseLogger } from "fastify";
import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import { createIntervalJob } from "./lib/interval-job.ts";
import type { Mailer } from "./lib/mailer/index.ts";
import type { FileStorage } from "./lib/storage/index.ts";
import { dispatchDueCopies } from "./modules/notifications/email-copies.ts";
import { TRASH_REGISTRY } from "./modules/trash/registry.ts";
import { createTrash } from "./modules/trash/service.ts";

const MINUTE = 60_000;

/**
 * What the server does by itself while it runs (app.ts starts them on ready, stops them on close):
 * the e-mail copies of notifications whose publication time has come, and the restore bin's purge.
 * Each claims its work in the database, so several processes do it once (lib/interval-job.ts).
 */
export function createScheduledJobs(deps: {
  db: Database;
  config: Config;
  mail: Mailer;
  storage: FileStorage;
  log: FastifyBaseLogger;
}) {
  const trash = createTrash({ db: deps.db, storage: deps.storage, kinds: TRASH_REGISTRY });
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
