import { globSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

const WEB_DIR = path.resolve(import.meta.dirname, "..");
const ENTRY_PREFIX = "\0island-entry:";
const ISLAND_SUFFIX = ".island.tsx";

/** Every `<name>.island.tsx` of the web app, by island name. */
function islandFiles(): Map<string, string> {
  const files = new Map<string, string>();
  for (const relative of globSync(`{app,features,components}/**/*${ISLAND_SUFFIX}`, { cwd: WEB_DIR })) {
    const name = path.basename(relative, ISLAND_SUFFIX);
    const known = files.get(name);
    if (known) throw new Error(`Deux îlots portent le nom « ${name} » : ${known} et ${relative}.`);
    files.set(name, path.join(WEB_DIR, relative));
  }
  return files;
}

/**
 * The islands build: one entry per island, named after it, which imports the island and
 * hydrates its frames on the page. scripts/island-pages.ts gives each page the entries of the
 * islands it holds.
 */
export function islandEntries(): Plugin {
  const files = islandFiles();
  return {
    name: "puerta-island-entries",
    config: () => ({
      build: { rolldownOptions: { input: Object.fromEntries([...files.keys()].map((n) => [n, ENTRY_PREFIX + n])) } },
    }),
    resolveId: (id) => (id.startsWith(ENTRY_PREFIX) ? id : undefined),
    load(id) {
      if (!id.startsWith(ENTRY_PREFIX)) return undefined;
      const name = id.slice(ENTRY_PREFIX.length);
      const file = files.get(name);
      if (!file) throw new Error(`Îlot inconnu : ${name}`);
      const hydrate = path.join(import.meta.dirname, "hydrate.tsx");
      // The island's code comes with its entry: once the page has its scripts, a click on an
      // island is never lost to a download still under way.
      return [
        `import island from ${JSON.stringify(file)};`,
        `import { hydrateIsland } from ${JSON.stringify(hydrate)};`,
        `if (island.island.name !== ${JSON.stringify(name)}) throw new Error("L'îlot de ${name}${ISLAND_SUFFIX} doit s'appeler ${name}.");`,
        "void hydrateIsland(island);",
      ].join("\n");
    },
  };
}
