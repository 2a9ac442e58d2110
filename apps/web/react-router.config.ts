import path from "node:path";
import type { Config } from "@react-router/dev/config";
import { publicPaths } from "./app/public-paths.ts";
import { decodePrerenderedNames } from "./content/vite-plugin.ts";

/**
 * Where the build goes: `build/`, or another `build…` folder of apps/web named by
 * WEB_BUILD_DIR. The build empties its directory first, so anything else (an empty value,
 * a parent, a source folder) is refused; and prerendering must resolve the workspace's
 * packages, which a folder outside the repository cannot.
 */
export function buildDirectory(requested = process.env.WEB_BUILD_DIR): string {
  if (!requested) return "build";
  const relative = path.relative(import.meta.dirname, path.resolve(import.meta.dirname, requested));
  if (!/^build[\w.-]*$/.test(relative)) {
    throw new Error(
      `WEB_BUILD_DIR doit être un dossier build… de apps/web, par ex. build-e2e (reçu : « ${requested} »).`,
    );
  }
  return relative;
}

export default {
  appDirectory: "app",
  // Public pages are prerendered HTML (islands, decision 008); every other page, the student
  // area with its data first, is rendered by the server on each request (decision 101).
  ssr: true,
  buildDirectory: buildDirectory(),
  prerender: publicPaths,
  // One file per route: split out, a page's clientLoader was a file of some 60 bytes that the
  // page's first load fetched beside its module, and paid ~430 bytes of headers for.
  splitRouteModules: false,
  // Pages of accented blog slugs are written under percent-encoded names; serve them by name.
  buildEnd: ({ reactRouterConfig }) => decodePrerenderedNames(`${reactRouterConfig.buildDirectory}/client`),
} satisfies Config;
