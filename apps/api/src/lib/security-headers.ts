import type { Config } from "../config.ts";

type Directives = Record<string, string[]>;

/** One CSP for every answer; HTML pages add the hashes of their own inline scripts. */
export function cspDirectives(config: Config): Directives {
  const directives: Directives = {
    "default-src": ["'self'"],
    "script-src": ["'self'"],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:"],
    "media-src": ["'self'", "blob:"],
    "font-src": ["'self'", "data:"],
    "connect-src": ["'self'"],
    "worker-src": ["'self'", "blob:"],
    "frame-src": ["'self'", "https://www.openstreetmap.org", "https://www.google.com"],
    "frame-ancestors": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
  };
  if (config.env === "production") directives["upgrade-insecure-requests"] = [];
  return directives;
}

/** Powerful browser features no page of ours uses: refused to the pages and to anything they embed. */
export const PERMISSIONS_POLICY = [
  "accelerometer",
  "camera",
  "geolocation",
  "gyroscope",
  "magnetometer",
  "microphone",
  "payment",
  "usb",
]
  .map((feature) => `${feature}=()`)
  .join(", ");

/** The CSP of one answer: a prerendered page's script hashes, or a server-rendered page's nonce. */
export function cspHeader(directives: Directives, scriptHashes: readonly string[] = [], nonce?: string): string {
  return Object.entries(directives)
    .map(([name, values]) => {
      const extra = [...scriptHashes.map((h) => `'${h}'`), ...(nonce ? [`'nonce-${nonce}'`] : [])];
      const all = name === "script-src" ? [...values, ...extra] : values;
      return [name, ...all].join(" ");
    })
    .join("; ");
}
