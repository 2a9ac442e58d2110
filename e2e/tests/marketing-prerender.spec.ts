import { expect, test } from "@playwright/test";
import { BUILD_ORIGIN_PLACEHOLDER } from "@puerta/contract";
import { MARKETING_PAGES } from "./marketing-routes.ts";

/**
 * The server's PUBLIC_URL (its default, http://localhost:PORT): never the address of the build,
 * which writes a placeholder the server replaces (decision 096).
 */
const ORIGIN = `http://localhost:${process.env.E2E_PORT}`;

/** The HTML as the server sends it, before any JavaScript runs. */
async function rawHtml(request: import("@playwright/test").APIRequestContext, path: string) {
  const response = await request.get(encodeURI(path));
  expect(response.status(), path).toBe(200);
  return response.text();
}

const decode = (s: string) =>
  s
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"');

test("every public page is prerendered in French with its heading, own title, canonical and social tags", async ({
  page,
}) => {
  const titles = new Set<string>();
  for (const { path, h1 } of MARKETING_PAGES) {
    const html = decode(await rawHtml(page.request, path));
    expect(html, path).toContain('<html lang="fr"');
    const h1Text = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1]?.replace(/<[^>]+>/g, "");
    // A title's ":" or "?" is tied to the word before it by a no-break space: no line starts with it.
    expect(h1Text, path).not.toMatch(/ [:;?!]/);
    expect(h1Text?.replace(/\u00a0/g, " "), path).toBe(h1);
    const title = /<title>([^<]+)<\/title>/.exec(html)?.[1] ?? "";
    expect(title, path).not.toBe("");
    expect(html, path).toMatch(/<meta name="description" content="[^"]{40,}"/);
    const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
    expect(canonical, path).toMatch(new RegExp(`^${ORIGIN}/`));
    for (const tag of ['property="og:url"', 'property="og:image"', 'name="twitter:image"']) {
      expect(new RegExp(`<meta ${tag} content="([^"]+)"`).exec(html)?.[1], `${path} ${tag}`).toMatch(
        new RegExp(`^${ORIGIN}/`),
      );
    }
    expect(html, path).not.toContain(BUILD_ORIGIN_PLACEHOLDER);
    expect(html, path).not.toContain("localhost:3000");
    for (const tag of ["og:title", "og:description", "og:url", "og:image", "og:type", "og:locale"]) {
      expect(html, `${path} ${tag}`).toContain(`property="${tag}"`);
    }
    expect(html, path).toContain('name="twitter:card"');
    // /blog repeats /blog-2 and /blog/{id} repeats a post: they share the canonical page's title.
    if (path !== "/blog" && !path.startsWith("/blog/")) {
      expect(titles.has(title), `${path} has its own title`).toBe(false);
      titles.add(title);
    }
  }
});

test("a post's own meta object feeds its social tags; /blog/{id} points to the slug URL", async ({ page }) => {
  const html = decode(await rawHtml(page.request, "/blog/1"));
  expect(html).toContain(
    `<link rel="canonical" href="${ORIGIN}/blog-2/%C3%A9tudier-en-espagne-apr%C3%A8s-le-bac-marocain"`,
  );
  expect(html).toContain('<meta property="article:published_time" content="2025-09-02T09:00:00+01:00"');
  expect(html).toContain('<meta name="twitter:label1" content="Écrit par"');
  expect(html).toContain(
    "<title>Étudier en Espagne après le bac marocain : le guide complet | Académie Puerta</title>",
  );
});

test("sitemap.xml lists the pages and every post; robots.txt points to it", async ({ page }) => {
  const sitemap = await (await page.request.get("/sitemap.xml")).text();
  expect(sitemap).not.toContain(BUILD_ORIGIN_PLACEHOLDER);
  for (const loc of sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)) expect(loc[1]).toMatch(new RegExp(`^${ORIGIN}/`));
  const urls = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => decodeURI(new URL(m[1] ?? "").pathname));
  expect(urls).toContain("/");
  expect(urls).toContain("/pourquoi-puerta");
  expect(urls).toContain("/politique-de-confidentialite");
  expect(urls).toContain("/contactez-nous");
  expect(urls).not.toContain("/login");
  expect(urls.filter((u) => u.startsWith("/blog-2/"))).toHaveLength(24);
  expect(urls).toContain("/blog-2/bourse-d'excellence-25-pour-cent");

  // Every post of the sitemap is a prerendered page of its own.
  for (const url of urls.filter((u) => u.startsWith("/blog-2/"))) {
    const html = await rawHtml(page.request, url);
    expect(html, url).toMatch(/<title>[^<]+<\/title>/);
    expect(html, url).toContain('<link rel="canonical"');
  }
  const robots = await (await page.request.get("/robots.txt")).text();
  expect(robots).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
});

test("the sign-in page is kept out of search indexes", async ({ page }) => {
  expect(await rawHtml(page.request, "/login")).toContain('<meta name="robots" content="noindex"/>');
});
