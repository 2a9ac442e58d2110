/** Runs `task` when the browser is idle (at once, in a task of its own, where it cannot say). */
export function whenIdle(task: () => void): void {
  if ("requestIdleCallback" in window) requestIdleCallback(() => task());
  else setTimeout(task);
}
