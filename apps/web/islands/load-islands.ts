import { requestCsrfCookie } from "../lib/api.ts";
import { whenIdle } from "../lib/when-idle.ts";
import { WAITS_FOR_TOUCH, whenNeeded } from "./when-needed.ts";

/**
 * The page's loader (decision 008): the one module a public page imports after its first
 * paint, with, by island name, the files of its islands (scripts/island-pages.ts). It asks
 * for an island's files, all at once, when one of its frames is needed, and that island's
 * entry hydrates it. So the code of an island far down the page, or one that waits for a
 * touch, is not even downloaded while the page loads.
 */
export function loadIslands(filesByIsland: Record<string, string[]>): void {
  // Spec section 2: the app asks for its CSRF cookie at start-up; on a public page, the
  // islands are the app.
  void requestCsrfCookie();
  const asked = new Set<string>();
  for (const frame of document.querySelectorAll<HTMLElement>("puerta-island[data-island]")) {
    const name = frame.dataset.island ?? "";
    const files = filesByIsland[name] ?? [];
    void whenNeeded(frame).then(() => {
      if (asked.has(name)) return;
      asked.add(name);
      for (const file of files) void import(/* @vite-ignore */ file);
    });
    // An island that waits for a touch is in view (the header): its code is fetched, not
    // run, once the page has loaded, so that the touch does not wait for the network.
    if (frame.hasAttribute(WAITS_FOR_TOUCH)) afterLoad(() => whenIdle(() => asked.has(name) || preload(files)));
  }
}

function afterLoad(task: () => void) {
  if (document.readyState === "complete") task();
  else window.addEventListener("load", task, { once: true });
}

function preload(files: string[]) {
  for (const file of files) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = file;
    document.head.append(link);
  }
}
