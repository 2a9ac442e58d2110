/**
 * After `react-router build`: each prerendered page preloads its modules at low priority.
 * The page is readable before it hydrates, so on a slow line its stylesheet and its largest
 * image go first instead of sharing the bandwidth with 150 KB of scripts (decision 007).
 * React Router's <Scripts> has no option for the priority of its preloads, hence this step.
 * The student area's shell is left alone: it shows nothing until its scripts run.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const PRELOAD = '<link rel="modulepreload" ';
const SHELL = "__spa-fallback.html";

export function lowerModulePreloads(html: string): string {
  return html.replaceAll(PRELOAD, `${PRELOAD}fetchpriority="low" `);
}

if (import.meta.main) {
  const buildDir = path.resolve(import.meta.dirname, "..", process.env.WEB_BUILD_DIR || "build", "client");
  let pages = 0;
  for (const entry of readdirSync(buildDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".html") || entry.name === SHELL) continue;
    const file = path.join(entry.parentPath, entry.name);
    const html = readFileSync(file, "utf8");
    const lowered = lowerModulePreloads(html);
    if (lowered === html) continue;
    writeFileSync(file, lowered);
    pages++;
  }
  console.log(`Préchargements de modules en priorité basse : ${pages} pages.`);
}
