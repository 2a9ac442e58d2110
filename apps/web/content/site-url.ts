/**
 * The canonical base URL of the public site, from PUBLIC_URL at build time
 * (default http://localhost:3000), without a trailing slash.
 */
export const SITE_URL: string = (import.meta.env.PUBLIC_URL ?? "http://localhost:3000").replace(/\/+$/, "");

/** Absolute URL of a site path, with non-ASCII characters percent-encoded. */
export function absoluteUrl(path: string): string {
  return new URL(path, `${SITE_URL}/`).href;
}
