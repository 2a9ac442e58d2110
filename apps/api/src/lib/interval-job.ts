import type { FastifyBaseLogger } from "fastify";

/**
 * A task the server runs by itself every `everyMs` while it is up (started in app.ts's onReady,
 * stopped in onClose): one run at a time, and stopping waits for the run in flight. A poke during
 * a run asks for one more run after it, since the work it announces may have come too late for
 * the run in flight. Several processes may run the same task: each task makes its own work
 * claim in the database (FOR UPDATE SKIP LOCKED, an advisory lock), so the work is done once.
 */
export function createIntervalJob({
  name,
  everyMs,
  run,
  log,
  failureMessage = `tâche « ${name} » : échec`,
}: {
  name: string;
  everyMs: number;
  /** `active()` turns false once the job is stopping: a long run checks it between items. */
  run: (active: () => boolean) => Promise<unknown>;
  log: FastifyBaseLogger;
  failureMessage?: string;
}) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = true;
  const active = () => !stopped;

  async function runUntilSettled() {
    do {
      again = false;
      await run(active);
    } while (again && !stopped);
  }

  function tick(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = runUntilSettled()
      .catch((error: unknown) => log.error({ err: error }, failureMessage))
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
