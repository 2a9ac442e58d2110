import { globSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

const WEB_DIR = path.resolve(import.meta.dirname, "..");
const ENTRY_PREFIX = "\0island-entry:";
const ISLAND_SUFFIX = ".island.tsx";
/** The page's loader (load-islands.ts), an entry beside the islands'. */
export const LOADER_ENTRY = "load-islands";

/** Every `<name>.island.tsx` of the web app, by island name. */
function islandFiles(): Map<string, string> {
  const files = new Map<string, string>();
  for (const relative of globSync(`{app,features,components}/**/*${ISLAND_SUFFIX}`, { cwd: WEB_DIR })) {
    const name = path.basename(relative, ISLAND_SUFFIX);
    if (name === LOADER_ENTRY) throw new Error(`« ${LOADER_ENTRY} » est le nom du chargeur des îlots : ${relative}.`);
    const known = files.get(name);
    if (known) throw new Error(`Deux îlots portent le nom « ${name} » : ${known} et ${relative}.`);
    files.set(name, path.join(WEB_DIR, relative));
  }
  return files;
}

/**
 * The islands build: the page's loader, and one entry per island, named after it, which
 * imports the island and hydrates its frames on the page. scripts/island-pages.ts gives each
 * page the loader, and the files of the islands it holds.
 */
export function islandEntries(): Plugin {
  const files = islandFiles();
  return {
    name: "puerta-island-entries",
    config: () => ({
      build: {
        rolldownOptions: {
          input: {
            [LOADER_ENTRY]: path.join(import.meta.dirname, "load-islands.ts"),
            ...Object.fromEntries([...files.keys()].map((n) => [n, ENTRY_PREFIX + n])),
          },
          // The page's inline script calls the loader's export by its name.
          preserveEntrySignatures: "exports-only",
        },
      },
    }),
    resolveId: (id) => (id.startsWith(ENTRY_PREFIX) ? id : undefined),
    load(id) {
      if (!id.startsWith(ENTRY_PREFIX)) return undefined;
      const name = id.slice(ENTRY_PREFIX.length);
      const file = files.get(name);
      if (!file) throw new Error(`Îlot inconnu : ${name}`);
      const hydrate = path.join(import.meta.dirname, "hydrate.tsx");
      return [
        `import island from ${JSON.stringify(file)};`,
        `import { hydrateIsland } from ${JSON.stringify(hydrate)};`,
        `if (island.island.name !== ${JSON.stringify(name)}) throw new Error("L'îlot de ${name}${ISLAND_SUFFIX} doit s'appeler ${name}.");`,
        "void hydrateIsland(island);",
      ].join("\n");
    },
  };
}
