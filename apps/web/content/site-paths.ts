import { aboutPath } from "./brand.ts";
import { loadPosts } from "./posts.ts";

/** The public marketing pages (docs/spec/marketing-site.md section 2, plus the privacy policy). */
export const MARKETING_PATHS = [
  "/",
  "/blog-2",
  "/blog",
  "/selectividad-casablanca",
  "/selectividad-parallele",
  "/dele",
  "/orientation",
  "/temoignages",
  "/caplife",
  aboutPath,
  "/vlog",
  "/politique-de-confidentialite",
] as const;

/** Every blog detail URL: by slug (/blog-2/{slug}) and by id (/blog/{id}). */
export function blogPaths(): string[] {
  return loadPosts().flatMap((post) => [`/blog-2/${post.slug}`, `/blog/${post.id}`]);
}

/**
 * Pages and posts for the sitemap; /blog and /blog/{id} only repeat /blog-2 pages. The contact
 * page is a public page of its own; /login and /forgot-password are not for search (noindex).
 */
export function sitemapPaths(): string[] {
  return [
    ...MARKETING_PATHS.filter((p) => p !== "/blog"),
    "/contactez-nous",
    ...loadPosts().map((post) => `/blog-2/${post.slug}`),
  ];
}
