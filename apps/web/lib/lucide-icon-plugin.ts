import path from "node:path";
import type { Plugin } from "vite";

const ICON_MODULE = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/][^\\/]+\.mjs$/;

/**
 * Both builds (the app's and the islands'): lucide-react's icon modules draw through
 * `lib/lucide-icon.ts` instead of the library's `createLucideIcon`, whose runtime is 3 KB of
 * every page's JavaScript. Nothing else of lucide-react changes; should a release rename that
 * import, icons keep the library's runtime (and `lib/lucide-icon.test.tsx` still compares them).
 */
export function lucideIcons(): Plugin {
  const replacement = path.resolve(import.meta.dirname, "lucide-icon.ts");
  return {
    name: "puerta-lucide-icons",
    enforce: "pre",
    resolveId(source, importer) {
      if (source === "../createLucideIcon.mjs" && importer && ICON_MODULE.test(importer)) return replacement;
      return null;
    },
  };
}
