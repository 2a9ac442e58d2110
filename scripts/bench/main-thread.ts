/** The part of a Lighthouse trace that `mainThreadCpuMs` reads. */
export type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { data?: { documentLoaderURL?: string; isOutermostMainFrame?: boolean } };
};

/**
 * Processor time, in ms, of the page's main thread from the page's navigation to the end of
 * the trace. Lighthouse's blocking time multiplies the wall time of each task it observed; on a
 * machine of two cores that wall time includes the time the thread waited for a core, so it
 * swings from one load to the next. This is what the page itself cost the processor.
 */
export function mainThreadCpuMs(events: readonly TraceEvent[]): number | undefined {
  const start = events.find(
    (e) =>
      e.name === "navigationStart" &&
      e.args?.data?.isOutermostMainFrame === true &&
      e.args.data.documentLoaderURL?.startsWith("http"),
  );
  if (!start) return undefined;
  const tasks = events
    .filter(
      (e) => e.pid === start.pid && e.tid === start.tid && e.name === "RunTask" && e.ph === "X" && e.ts >= start.ts,
    )
    .sort((a, b) => a.ts - b.ts);
  let busyUntil = 0;
  let cpu = 0;
  for (const task of tasks) {
    // A task run inside another (a nested loop) is already in its parent's time.
    if (task.ts < busyUntil) continue;
    busyUntil = task.ts + (task.dur ?? 0);
    cpu += task.tdur ?? 0;
  }
  return cpu / 1000;
}
