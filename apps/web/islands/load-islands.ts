import { keepChatButtonClear } from "../app/layout/chat-clearance.ts";
import { requestCsrfCookie } from "../lib/api.ts";
import { firstScreenDrawn } from "../lib/first-screen.ts";
import { whenNeeded } from "./when-needed.ts";

/**
 * The page's loader (decision 008): the one module a public page imports after its first
 * paint, with, by island name, the files of its islands (scripts/island-pages.ts). It asks
 * for an island's files, all at once, when one of its frames is needed, and that island's
 * entry hydrates it. So the code of an island far down the page, or one that waits for a
 * touch, is not run while the page loads.
 */
export function loadIslands(filesByIsland: Record<string, string[]>): void {
  // docs/spec/student-portal.md section 2: the app asks for its CSRF cookie at start-up; on a public page, the
  // islands are the app.
  void requestCsrfCookie();
  const chat = document.querySelector<HTMLElement>("[data-chat-button]");
  if (chat) keepChatButtonClear(chat);
  const asked = new Set<string>();
  for (const frame of document.querySelectorAll<HTMLElement>("puerta-island[data-island]")) {
    const name = frame.dataset.island ?? "";
    const files = filesByIsland[name] ?? [];
    void whenNeeded(frame).then(() => {
      if (asked.has(name)) return;
      asked.add(name);
      for (const file of files) void import(/* @vite-ignore */ file);
    });
  }
  // Every island's code is fetched, not run, once the page has loaded: an island that comes
  // near the screen, or is touched, then runs at once, without waiting for the network.
  afterLoad(() => {
    firstScreenDrawn();
    const waiting = Object.entries(filesByIsland).filter(([name]) => !asked.has(name));
    preload(new Set(waiting.flatMap(([, files]) => files)));
  });
}

function afterLoad(task: () => void) {
  if (document.readyState === "complete") task();
  else window.addEventListener("load", task, { once: true });
}

function preload(files: Iterable<string>) {
  for (const file of files) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = file;
    document.head.append(link);
  }
}
