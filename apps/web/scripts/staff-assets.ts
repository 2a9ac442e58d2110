/**
 * The files of a build that only the back-office (/gestion) loads: its route modules and what
 * they import, minus anything a public or student route, the root or the entry also loads.
 * Read from React Router's manifest. `bench:web` and the e2e tests use it to show that public and
 * student pages download no byte of back-office code (docs/spec/back-office.md section 3).
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

type ManifestRoute = { id: string; module: string; imports?: string[]; css?: string[] };
type Manifest = { entry: { module: string; imports: string[] }; routes: Record<string, ManifestRoute> };

/** A route of the back-office: its module lives in features/gestion. */
export const isStaffRoute = (id: string) => id.includes("features/gestion/");

export function readManifest(clientDir: string): Manifest {
  const assets = path.join(clientDir, "assets");
  const file = readdirSync(assets).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error(`Pas de manifeste React Router dans ${assets} : lancez npm run build.`);
  const text = readFileSync(path.join(assets, file), "utf8");
  return JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)) as Manifest;
}

/** URL paths (`/assets/…`) of the files only back-office routes load. */
export function staffOnlyAssets(clientDir: string): string[] {
  const manifest = readManifest(clientDir);
  const staff = new Set<string>();
  const others = new Set<string>([manifest.entry.module, ...manifest.entry.imports]);
  for (const [id, route] of Object.entries(manifest.routes)) {
    const files = [route.module, ...(route.imports ?? []), ...(route.css ?? [])];
    for (const file of files) (isStaffRoute(id) ? staff : others).add(file);
  }
  return [...staff].filter((file) => !others.has(file));
}
