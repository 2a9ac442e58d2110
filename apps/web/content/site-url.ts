/**
 * The canonical base URL of the public site, without a trailing slash: in a build, the
 * placeholder origin the server replaces with its PUBLIC_URL (content/vite-plugin.ts); in
 * development, PUBLIC_URL (default http://localhost:3000).
 */
export const SITE_URL: string = (import.meta.env.PUBLIC_URL ?? "http://localhost:3000").replace(/\/+$/, "");

/** Absolute URL of a site path, with non-ASCII characters percent-encoded. */
export function absoluteUrl(path: string): string {
  return new URL(path, `${SITE_URL}/`).href;
}
