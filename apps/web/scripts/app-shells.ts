/**
 * Fourth step of `npm run build` (decision 009): the pages of the client-side app, that is
 * the student area's prerendered shells and the shell of the other client-rendered paths,
 * paint before their scripts are asked for. React Router preloads some thirty modules
 * from the page's head, which on a slow line share the bandwidth with the stylesheet and hold
 * back the first paint. Here, its module script is kept as inert text, and one inline module
 * adds the preloads and runs that script once the page has painted. Meanwhile a tap on a
 * button, or a form sent, is kept for the app (app/entry.client.tsx plays it again). The
 * public pages are scripts/island-pages.ts's.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { SHELL_STARTUP_READS, STUDENT_SHELL_PATHS } from "../app/student-shell-paths.ts";
import { markEarlyActions } from "../lib/before-hydration.ts";
import { startupReadsScript } from "../lib/startup-reads.ts";
import { afterFirstPaint } from "./after-first-paint.ts";

/** The shell React Router writes for the client-rendered paths that are not prerendered. */
const FALLBACK = "__spa-fallback.html";
/** Where the app's module script waits, as text, for the page to have painted. */
const APP_SCRIPT_ID = "puerta-app";

const PRELOAD = /<link rel="modulepreload" href="([^"]+)"\/?>/g;
const STYLESHEET = /<link rel="stylesheet"/;
const MODULE_SCRIPT = /<script type="module"[^>]*>([\s\S]*?)<\/script>/g;

/** The files of the client-side app's pages in a build: every student shell and the fallback. */
export function appShellFiles(buildDir: string): string[] {
  return appShells(buildDir).map((shell) => shell.file);
}

/** The client-side app's pages in a build, every student shell and the fallback, with their first reads. */
export function appShells(buildDir: string): { file: string; startupReads: readonly string[] }[] {
  return [
    { file: path.join(buildDir, FALLBACK), startupReads: [] },
    ...STUDENT_SHELL_PATHS.map((page) => ({
      file: path.join(buildDir, page, "index.html"),
      startupReads: SHELL_STARTUP_READS[page] ?? [],
    })),
  ];
}

/**
 * The page with React Router's preloads and module script started after the first paint, and
 * its first API reads sent as it is parsed.
 */
export function appShellPage(html: string, startupReads: readonly string[] = []): string {
  const files = [...new Set([...html.matchAll(PRELOAD)].map((match) => match[1] as string))];
  const scripts = [...html.matchAll(MODULE_SCRIPT)];
  if (scripts.length !== 1)
    throw new Error(`Une page de l'application a ${scripts.length} scripts de module, 1 attendu.`);
  // The same text, so the CSP hash the server computes for it allows the module made from it.
  // An inline module: the CSP hashes it too.
  const loader =
    `<script type="module">const start=()=>{for(const f of ${JSON.stringify(files)}){const l=document.createElement("link");` +
    'l.rel="modulepreload";l.href=f;document.head.append(l)}const s=document.createElement("script");s.type="module";' +
    `s.textContent=document.getElementById("${APP_SCRIPT_ID}").textContent;document.body.append(s)};` +
    `${afterFirstPaint("start")}${markEarlyActions("html")}</script>`;
  // A classic script before the stylesheet: it runs as soon as it is parsed, where a module
  // would wait for the end of the document and a script after the stylesheet for the sheet.
  const reads = startupReads.length > 0 ? `<script>${startupReadsScript(startupReads)}</script>` : "";
  return html
    .replace(PRELOAD, "")
    .replace(MODULE_SCRIPT, (_, body: string) => `<script type="text/plain" id="${APP_SCRIPT_ID}">${body}</script>`)
    .replace(STYLESHEET, (link) => `${reads}${link}`)
    .replace("</head>", `${loader}</head>`);
}

if (import.meta.main) {
  const buildDir = path.resolve(import.meta.dirname, "..", process.env.WEB_BUILD_DIR || "build", "client");
  const shells = appShells(buildDir);
  for (const { file, startupReads } of shells)
    writeFileSync(file, appShellPage(readFileSync(file, "utf8"), startupReads));
  console.log(`Pages de l'application peintes avant leurs scripts : ${shells.length}.`);
}
