/**
 * Third step of `npm run build` (decision 008): every prerendered public page drops React
 * Router's scripts and gets one inline module that imports, after the first paint, the
 * islands' loader, with the files of each island the page holds (its entry and chunks), read
 * from the islands build's manifest.
 * Every prerendered page is a public one: the others are rendered by the server (decision 101).
 */
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { LOADER_ENTRY } from "../islands/vite-plugin.ts";
import { afterFirstPaint } from "../lib/after-first-paint.ts";
import { markEarlyActions } from "../lib/before-hydration.ts";

const MANIFEST = ".vite/islands-manifest.json";

type ManifestChunk = { file: string; name?: string; isEntry?: boolean; imports?: string[] };
export type IslandsManifest = Record<string, ManifestChunk>;

const ROUTER_SCRIPTS = /<link rel="modulepreload"[^>]*\/?>|<script\b[^>]*>[\s\S]*?<\/script>/g;
const ISLAND_NAMES = /<puerta-island data-island="([^"]+)"/g;

/** The page with the scripts of its islands in place of the router's. */
export function islandPage(html: string, manifest: IslandsManifest): string {
  const names = new Set([...html.matchAll(ISLAND_NAMES)].map((match) => match[1] as string));
  if (names.size === 0) return html.replace(ROUTER_SCRIPTS, "");
  const filesByIsland: Record<string, string[]> = {};
  for (const name of names) filesByIsland[name] = withImports([entryNamed(name, manifest)], manifest).map(asUrl);
  // The loader's entry comes last, after the files it imports: all are asked for at once.
  const loaderChunks = withImports([entryNamed(LOADER_ENTRY, manifest)], manifest).map(asUrl);
  const loader = loaderChunks.pop();
  // The page is readable before its islands hydrate: the loader is asked for once it has
  // painted, and asks for an island's files, with no waterfall of imports, once the island is
  // needed (islands/load-islands.ts). Meanwhile a tap on an island's button, or a form sent,
  // is kept for it. An inline module: the CSP hashes it.
  const load =
    `const load=()=>{for(const f of ${JSON.stringify(loaderChunks)})import(f);` +
    `import(${JSON.stringify(loader)}).then(m=>m.loadIslands(${JSON.stringify(filesByIsland)}))};`;
  const script = `<script type="module">${load}${afterFirstPaint("load")}${markEarlyActions("puerta-island")}</script>`;
  return html.replace(ROUTER_SCRIPTS, "").replace("</head>", `${script}</head>`);
}

function entryNamed(name: string, manifest: IslandsManifest): ManifestChunk {
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry && chunk.name === name);
  if (!entry) throw new Error(`L'îlot « ${name} » n'a pas de script : manque-t-il ${name}.island.tsx ?`);
  return entry;
}

const asUrl = (file: string) => `/${file}`;

/** The files of these chunks and of all they import, each once, what is imported first. */
function withImports(chunks: ManifestChunk[], manifest: IslandsManifest): string[] {
  const files: string[] = [];
  const known = new Set<string>();
  const visit = (chunk: ManifestChunk) => {
    if (known.has(chunk.file)) return;
    known.add(chunk.file);
    for (const key of chunk.imports ?? []) {
      const imported = manifest[key];
      if (imported) visit(imported);
    }
    files.push(chunk.file);
  };
  for (const chunk of chunks) visit(chunk);
  return files;
}

if (import.meta.main) {
  const buildDir = path.resolve(import.meta.dirname, "..", process.env.WEB_BUILD_DIR || "build", "client");
  const manifestFile = path.join(buildDir, MANIFEST);
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as IslandsManifest;
  let pages = 0;
  for (const entry of readdirSync(buildDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".html")) continue;
    const file = path.join(entry.parentPath, entry.name);
    writeFileSync(file, islandPage(readFileSync(file, "utf8"), manifest));
    pages++;
  }
  // The manifest is a build record, not something to serve.
  rmSync(path.join(buildDir, ".vite"), { recursive: true, force: true });
  console.log(`Pages publiques en îlots : ${pages}.`);
}
