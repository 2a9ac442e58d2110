/**
 * The origin the build writes into public pages (canonical, `og:url`, `og:image`,
 * `twitter:image`), `sitemap.xml` and `robots.txt`. The build never knows the address the site
 * will be served at: the server replaces this placeholder with its own `PUBLIC_URL` when it
 * loads the built files, so one build serves any address (decision 096).
 */
export const BUILD_ORIGIN_PLACEHOLDER = "https://puerta-public-url.invalid";
