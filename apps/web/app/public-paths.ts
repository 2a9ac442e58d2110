import { blogPaths, MARKETING_PATHS } from "../content/site-paths.ts";

/**
 * Every public URL that is prerendered to HTML at build time. Features with public pages
 * add theirs here; sitemap.xml is made from the same list.
 */
export async function publicPaths(): Promise<string[]> {
  return ["/login", "/forgot-password", "/contactez-nous", ...MARKETING_PATHS, ...blogPaths()];
}
