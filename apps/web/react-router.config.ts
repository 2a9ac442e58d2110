import type { Config } from "@react-router/dev/config";
import { publicPaths } from "./app/public-paths.ts";

export default {
  appDirectory: "app",
  // Public pages are prerendered HTML; the student area is rendered in the browser.
  ssr: false,
  buildDirectory: process.env.WEB_BUILD_DIR ?? "build",
  prerender: publicPaths,
} satisfies Config;
