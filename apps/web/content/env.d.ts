interface ImportMetaEnv {
  /** Canonical base URL of the public site, set at build time by content/vite-plugin.ts. */
  readonly PUBLIC_URL?: string;
  /** Absolute path of content/blog, for the prerender bundle. */
  readonly PUERTA_BLOG_DIR?: string;
}
