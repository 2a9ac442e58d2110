import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/client.ts";
import { appliedMigrationLevel, knownMigrations, rowsOf } from "../../db/migration-level.ts";
import type { FileStorage } from "../../lib/storage/index.ts";

/**
 * A probe answer is reused this long: probes polling faster cost one check per period. Short,
 * and dropped as soon as a request meets a fault, so that a node failing its requests leaves the
 * rotation at once (decision 107).
 */
const CACHE_MS = 1_000;
/** A check slower than this counts as failed: readiness must answer fast. */
const CHECK_TIMEOUT_MS = 2_000;
/** A message due this long ago and still not picked up means no worker is sending. */
const OUTBOX_STUCK_MINUTES = 10;

type Check = { name: string; run(): Promise<boolean> };

export type Readiness = ReturnType<typeof createReadiness>;

/**
 * Readiness: the database answers, its migrations are this version's, the file storage
 * takes a write, and the mail outbox is being worked. The reason of a failure goes to the
 * log only; the answer says nothing an attacker could use.
 */
export function createReadiness({ db, storage, log }: { db: Database; storage: FileStorage; log: FastifyBaseLogger }) {
  // One probe key per process, so that processes sharing a storage never remove each other's.
  const probeKey = `sante/sonde-${randomUUID()}`;
  // Not ready while the database lacks a migration this code needs. A database migrated further
  // by a newer process (rolling upgrade) still serves this one: migrations only add.
  const latestMigration = knownMigrations().at(-1)?.when ?? 0;
  const checks: Check[] = [
    { name: "base de données", run: async () => (await rowsOf(db, sql`select 1`)).length === 1 },
    {
      name: "migrations",
      run: async () => ((await appliedMigrationLevel(db)).lastWhen ?? -1) >= latestMigration,
    },
    {
      name: "stockage des fichiers",
      run: async () => {
        const bytes = Buffer.from(new Date().toISOString());
        await storage.put(probeKey, bytes, "text/plain");
        const ok = (await storage.read(probeKey)).equals(bytes);
        await storage.remove(probeKey);
        return ok;
      },
    },
    {
      name: "boîte d'envoi des e-mails",
      run: async () => {
        const [row] = await rowsOf<{ stuck: boolean }>(
          db,
          sql`select exists (
                select 1 from mail_outbox
                where status = 'pending'
                  and next_attempt_at < now() - make_interval(mins => ${OUTBOX_STUCK_MINUTES})
                  and (leased_until is null or leased_until < now())
              ) as stuck`,
        );
        return row?.stuck === false;
      },
    },
  ];

  let cached: { ready: boolean; at: number } | undefined;
  let inFlight: Promise<boolean> | undefined;

  async function runChecks(): Promise<boolean> {
    for (const check of checks) {
      const failure = await withTimeout(check.run()).then(
        (ok) => (ok ? undefined : "réponse inattendue"),
        (error: unknown) => (error instanceof Error ? error.message : String(error)),
      );
      if (failure) {
        log.warn({ check: check.name, reason: failure }, `pas prêt : ${check.name}`);
        return false;
      }
    }
    return true;
  }

  return {
    /** A check of another part of the server (the page thread, modules/web/server-pages.ts). */
    addCheck(check: Check) {
      checks.push(check);
    },
    /**
     * A request met a fault of a dependency (lib/errors.ts) or a page could not be rendered in
     * time: the next probe checks again rather than repeating a cached "ready".
     */
    faultSeen() {
      cached = undefined;
    },
    /** True when ready; at most one run of the checks a second, shared by concurrent callers. */
    async isReady(): Promise<boolean> {
      if (cached && Date.now() - cached.at < CACHE_MS) return cached.ready;
      inFlight ??= runChecks().then((ready) => {
        cached = { ready, at: Date.now() };
        inFlight = undefined;
        return ready;
      });
      return inFlight;
    },
  };
}

function withTimeout<T>(promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`pas de réponse en ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
