import type { FastifyBaseLogger } from "fastify";

/**
 * A task the server runs by itself every `everyMs` while it is up (started in app.ts's onReady,
 * stopped in onClose, like the mail outbox worker): one run at a time, and stopping waits for
 * the run in flight. Several processes may run the same task: each task makes its own work
 * claim in the database (FOR UPDATE SKIP LOCKED, an advisory lock), so the work is done once.
 */
export function createIntervalJob({
  name,
  everyMs,
  run,
  log,
}: {
  name: string;
  everyMs: number;
  run: () => Promise<unknown>;
  log: FastifyBaseLogger;
}) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = true;

  function tick(): Promise<void> {
    if (running) return running;
    running = run()
      .then(() => undefined)
      .catch((error: unknown) => log.error({ err: error }, `tâche « ${name} » : échec`))
      .finally(() => {
        running = undefined;
        schedule();
      });
    return running;
  }

  function schedule() {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => void tick(), everyMs);
    timer.unref();
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      void tick();
    },
    /** Runs now (after a write that made work due) instead of at the next interval. */
    poke: () => (stopped ? Promise.resolve() : tick()),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

export type IntervalJob = ReturnType<typeof createIntervalJob>;
