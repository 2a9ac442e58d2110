import { readdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { BUILD_ORIGIN_PLACEHOLDER } from "@puerta/contract";
import type { Plugin } from "vite";
import { sitemapPaths } from "./site-paths.ts";
import { validateContent } from "./validate.ts";

const CONTENT_DIR = import.meta.dirname;

export function siteUrlFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  const url = env.PUBLIC_URL ?? "http://localhost:3000";
  try {
    return new URL(url).href.replace(/\/+$/, "");
  } catch {
    throw new Error(`PUBLIC_URL invalide : « ${url} » (ex. https://www.mon-academie.ma)`);
  }
}

export function sitemapXml(base: string, paths: readonly string[], lastmod: string): string {
  const urls = paths
    .map((p) => `  <url><loc>${new URL(p, `${base}/`).href}</loc><lastmod>${lastmod}</lastmod></url>`)
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function robotsTxt(base: string): string {
  return `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${base}/sitemap.xml\n`;
}

/**
 * React Router writes prerendered pages of non-ASCII paths under percent-encoded names
 * (blog-2/rentr%C3%A9e-…/index.html). Static servers look files up by the decoded path,
 * so the names are decoded once the build is done (react-router.config.ts buildEnd).
 */
export function decodePrerenderedNames(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    let name = entry.name;
    if (name.includes("%")) {
      name = decodeURIComponent(name).normalize("NFC");
      // A build directory that is not emptied still holds the previous build's copy.
      rmSync(path.join(dir, name), { recursive: true, force: true });
      renameSync(path.join(dir, entry.name), path.join(dir, name));
    }
    if (entry.isDirectory() && name !== "assets" && name !== "media") decodePrerenderedNames(path.join(dir, name));
  }
}

/**
 * Marketing content at build time: validates every content file (a bad entry fails the
 * build naming the file and field), gives the pages their site origin for canonical URLs, and
 * writes sitemap.xml and robots.txt from the same page list that is prerendered.
 *
 * A build writes BUILD_ORIGIN_PLACEHOLDER, never PUBLIC_URL: the server puts its own PUBLIC_URL
 * in its place when it loads the build (apps/api/src/modules/web/pages.ts, decision 096), so a
 * build made before the environment file exists, or served at another address, is still right.
 * The development server has no such rewrite and uses PUBLIC_URL directly.
 */
export function marketingContent(): Plugin {
  let base = BUILD_ORIGIN_PLACEHOLDER;
  return {
    name: "puerta-marketing-content",
    config: (_config, { command }) => {
      if (command !== "build") base = siteUrlFromEnv();
      return {
        define: {
          "import.meta.env.PUBLIC_URL": JSON.stringify(base),
          "import.meta.env.PUERTA_BLOG_DIR": JSON.stringify(path.join(CONTENT_DIR, "blog")),
        },
      };
    },
    buildStart() {
      validateContent(CONTENT_DIR);
    },
    generateBundle() {
      if (this.environment?.name !== "client") return;
      const today = new Date().toISOString().slice(0, 10);
      this.emitFile({ type: "asset", fileName: "sitemap.xml", source: sitemapXml(base, sitemapPaths(), today) });
      this.emitFile({ type: "asset", fileName: "robots.txt", source: robotsTxt(base) });
    },
  };
}
