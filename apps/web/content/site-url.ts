/**
 * The canonical base URL of the public site, without a trailing slash. Prerendering writes the
 * placeholder origin the server replaces with its PUBLIC_URL (content/vite-plugin.ts, decision
 * 096); the development server uses PUBLIC_URL (default http://localhost:3000). In the browser
 * (a public page rendered by the student area's router) it is the address the page was served
 * at, which is the server's PUBLIC_URL.
 */
export const SITE_URL: string = (
  typeof window === "undefined" ? (import.meta.env.PUBLIC_URL ?? "http://localhost:3000") : window.location.origin
).replace(/\/+$/, "");

/** Absolute URL of a site path, with non-ASCII characters percent-encoded. */
export function absoluteUrl(path: string): string {
  return new URL(path, `${SITE_URL}/`).href;
}
