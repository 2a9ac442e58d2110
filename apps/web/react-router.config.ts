import type { Config } from "@react-router/dev/config";
import { publicPaths } from "./app/public-paths.ts";
import { decodePrerenderedNames } from "./content/vite-plugin.ts";

export default {
  appDirectory: "app",
  // Public pages are prerendered HTML; the student area is rendered in the browser.
  ssr: false,
  buildDirectory: process.env.WEB_BUILD_DIR ?? "build",
  prerender: publicPaths,
  // Pages of accented blog slugs are written under percent-encoded names; serve them by name.
  buildEnd: ({ reactRouterConfig }) => decodePrerenderedNames(`${reactRouterConfig.buildDirectory}/client`),
} satisfies Config;
