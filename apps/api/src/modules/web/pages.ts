import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

export type Page = { html: Buffer; scriptHashes: string[]; encoded: Partial<Record<"br" | "gzip", Buffer>> };

/** The page's HTML in the best encoding the client accepts, compressed once and kept. */
export function encodePage(page: Page, acceptEncoding: string | undefined): { body: Buffer; encoding?: "br" | "gzip" } {
  const accepted = acceptEncoding ?? "";
  const encoding = /\bbr\b/.test(accepted) ? "br" : /\bgzip\b/.test(accepted) ? "gzip" : undefined;
  if (!encoding) return { body: page.html };
  page.encoded[encoding] ??=
    encoding === "br"
      ? brotliCompressSync(page.html, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } })
      : gzipSync(page.html, { level: 9 });
  return { body: page.encoded[encoding], encoding };
}

/** SPA shell written by React Router when every public page is prerendered. */
const FALLBACK_FILES = ["__spa-fallback.html", "index.html"];

/**
 * Reads the built web app once: every prerendered page by its URL path, and the shell for
 * client-rendered pages. Inline scripts are hashed so the CSP can allow exactly them.
 */
export function loadPages(webDir: string): { pages: Map<string, Page>; fallback: Page | undefined } {
  const pages = new Map<string, Page>();
  if (!existsSync(webDir)) return { pages, fallback: undefined };
  let fallback: Page | undefined;
  for (const entry of readdirSync(webDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".html")) continue;
    const file = path.join(entry.parentPath, entry.name);
    const relative = path.relative(webDir, file).split(path.sep).join("/");
    const page = readPage(file);
    if (relative === FALLBACK_FILES[0]) {
      fallback = page;
      continue;
    }
    if (entry.name !== "index.html") continue;
    const dir = relative.slice(0, -"index.html".length).replace(/\/$/, "");
    pages.set(`/${dir}`.normalize("NFC"), page);
  }
  return { pages, fallback: fallback ?? pages.get("/") };
}

function readPage(file: string): Page {
  const html = readFileSync(file);
  const scriptHashes: string[] = [];
  for (const match of html.toString("utf8").matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    const body = match[1] ?? "";
    if (body.length === 0) continue;
    scriptHashes.push(`sha256-${createHash("sha256").update(body).digest("base64")}`);
  }
  return { html, scriptHashes, encoded: {} };
}
