import path from "node:path";
import { defineConfig } from "vite";
import { marketingContent } from "./content/vite-plugin.ts";
import { islandEntries } from "./islands/vite-plugin.ts";
import { lucideIcons } from "./lib/lucide-icon-plugin.ts";
import { buildDirectory } from "./react-router.config.ts";

/**
 * Second step of `npm run build` (decision 008): the scripts of the prerendered public pages,
 * which hydrate their islands and nothing else. Written beside React Router's build; the
 * stylesheet is the one of the first step, which already holds every class.
 */
export default defineConfig({
  plugins: [lucideIcons(), marketingContent(), islandEntries()],
  // No client-side router on these pages: links and redirects load documents.
  resolve: {
    alias: [{ find: /^react-router$/, replacement: path.resolve(import.meta.dirname, "islands/document-router.tsx") }],
  },
  build: {
    outDir: `${buildDirectory()}/client`,
    emptyOutDir: false,
    copyPublicDir: false,
    manifest: ".vite/islands-manifest.json",
    rolldownOptions: {
      // Radix marks its modules "use client", which means nothing here.
      onLog: (level, log, handler) => (log.code === "MODULE_LEVEL_DIRECTIVE" ? undefined : handler(level, log)),
      output: {
        entryFileNames: "assets/islands/[name]-[hash].js",
        chunkFileNames: "assets/islands/[name]-[hash].js",
        assetFileNames: "assets/islands/[name]-[hash][extname]",
      },
    },
  },
});
