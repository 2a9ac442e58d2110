import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from "node:zlib";
import { BUILD_ORIGIN_PLACEHOLDER } from "@puerta/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app.ts";
import { loadConfig } from "../../src/config.ts";
import { createTestApp, type TestApp } from "../support/app.ts";

const SHELL_SCRIPT = 'window.__reactRouterContext = { isSpaMode: true, basename: "/" };';
const LOGIN_SCRIPTS = ['window.__reactRouterContext = { url: "/login" };', 'import("/assets/x-abc.js");'];
const SHELL = `<!DOCTYPE html><html lang="fr"><head><title>Puerta</title></head><body><div id="coquille"></div><script>${SHELL_SCRIPT}</script><script type="module" src="/assets/x-abc.js"></script></body></html>`;
const LOGIN = `<!DOCTYPE html><html lang="fr"><head><title>Connexion</title></head><body><h1>Connexion</h1><script>${LOGIN_SCRIPTS[0]}</script><script type="module">${LOGIN_SCRIPTS[1]}</script></body></html>`;

const sha = (script: string) => `'sha256-${createHash("sha256").update(script).digest("base64")}'`;
const scriptSrc = (csp: unknown) =>
  String(csp)
    .split(";")
    .map((d) => d.trim())
    .find((d) => d.startsWith("script-src ")) ?? "";

/** A tiny built web app, shaped like React Router's prerender output. */
function fakeWebDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "puerta-web-"));
  mkdirSync(path.join(dir, "login"));
  mkdirSync(path.join(dir, "assets"));
  writeFileSync(path.join(dir, "index.html"), SHELL);
  writeFileSync(path.join(dir, "login", "index.html"), LOGIN);
  writeFileSync(path.join(dir, "assets", "x-abc.js"), "console.log('puerta');");
  writeFileSync(path.join(dir, "assets", "logo-abc.svg"), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(path.join(dir, "robots.txt"), "User-agent: *\n");
  writeFileSync(path.join(dir, ".env"), "SECRET=1\n");
  return dir;
}

describe("serving the built web app", () => {
  let t: TestApp;
  let webDir: string;
  beforeAll(async () => {
    webDir = fakeWebDir();
    t = await createTestApp({ seed: false, env: { WEB_DIR: webDir } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  const get = (url: string) => t.app.inject({ method: "GET", url });

  it("serves a prerendered page with a CSP allowing exactly its inline scripts", async () => {
    for (const url of ["/login", "/login/", "/login?redirect=/planning"]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(res.body).toBe(LOGIN);
      const src = scriptSrc(res.headers["content-security-policy"]);
      expect(src.split(" ")).toEqual(expect.arrayContaining(["'self'", ...LOGIN_SCRIPTS.map(sha)]));
      expect(src).not.toContain("unsafe-inline");
      expect(src).not.toContain(sha(SHELL_SCRIPT));
    }
  });

  it("compresses pages for clients that accept it, and serves the build's precompressed assets", async () => {
    const br = await t.app.inject({
      method: "GET",
      url: "/login",
      headers: { "accept-encoding": "gzip, deflate, br" },
    });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toContain("Accept-Encoding");
    expect(brotliDecompressSync(br.rawPayload).toString("utf8")).toBe(LOGIN);
    const gz = await t.app.inject({ method: "GET", url: "/login", headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString("utf8")).toBe(LOGIN);

    const asset = "console.log('puerta compressée');".repeat(80);
    writeFileSync(path.join(webDir, "assets", "big-abc.js"), asset);
    writeFileSync(path.join(webDir, "assets", "big-abc.js.br"), brotliCompressSync(asset));
    const res = await t.app.inject({ method: "GET", url: "/assets/big-abc.js", headers: { "accept-encoding": "br" } });
    expect(res.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(res.rawPayload).toString("utf8")).toBe(asset);
    expect((await get("/assets/big-abc.js")).body).toBe(asset);
  });

  it("serves the home page and keeps pages out of long-lived caches", async () => {
    const res = await get("/");
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(SHELL);
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(scriptSrc(res.headers["content-security-policy"])).toContain(sha(SHELL_SCRIPT));
  });

  it("answers a protected route with the app shell and status 200", async () => {
    for (const url of ["/planning", "/parascolaire/12", "/notification/3", "/policy-acceptance", "/reset-password"]) {
      const res = await get(`${url}?token=abc`);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toBe(SHELL);
      expect(scriptSrc(res.headers["content-security-policy"])).toContain(sha(SHELL_SCRIPT));
    }
  });

  it("tells search engines not to index the back-office: X-Robots-Tag on every /gestion page", async () => {
    for (const url of ["/gestion", "/gestion/connexion", "/gestion/etudiants/12", "/gestion/inconnue"]) {
      expect((await get(url)).headers["x-robots-tag"], url).toBe("noindex, nofollow");
    }
    expect((await get("/planning")).headers["x-robots-tag"]).toBeUndefined();
    expect((await get("/gestionnaire")).headers["x-robots-tag"]).toBeUndefined();
  });

  it("answers an unknown page with the shell and a real 404 status", async () => {
    for (const url of ["/page-inconnue", "/parascolaire", "/planning/extra", "/assets/absent.js"]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toBe(SHELL);
      expect(res.headers["content-security-policy"]).toContain(sha(SHELL_SCRIPT));
    }
  });

  it("serves hashed assets with long-lived immutable caching, other files briefly", async () => {
    const asset = await get("/assets/x-abc.js");
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe("console.log('puerta');");
    expect(asset.headers["content-type"]).toMatch(/javascript/);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(asset.headers.etag).toBeUndefined();
    const robots = await get("/robots.txt");
    expect(robots.statusCode).toBe(200);
    expect(robots.headers["cache-control"]).toBe("public, max-age=3600");
    expect(robots.headers.etag).toBeDefined();
  });

  it("never lists a directory nor serves .html files, dotfiles or files outside the web dir", async () => {
    for (const url of ["/assets", "/assets/", "/login/index.html", "/index.html", "/.env", "/assets/../.env"]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain("x-abc.js\n");
      expect(res.body, url).not.toContain("SECRET");
      expect(res.body, url).not.toBe(LOGIN);
    }
    for (const url of [
      "/..%2f..%2f..%2fetc%2fpasswd",
      "/assets/..%2f..%2f..%2fetc%2fpasswd",
      "/%2e%2e/%2e%2e/etc/passwd",
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.body).not.toContain("root:");
    }
  });

  it("keeps unknown API paths and non-GET pages as JSON 404s", async () => {
    for (const [method, url] of [
      ["GET", "/api/inconnue"],
      ["GET", "/sanctum/inconnue"],
      ["POST", "/login"],
      ["DELETE", "/planning"],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ message: "Ressource introuvable." });
    }
  });

  it("answers HEAD like GET without a body", async () => {
    const res = await t.app.inject({ method: "HEAD", url: "/planning" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe("");
  });

  it("sends the security headers helmet sets, and no X-Powered-By nor HSTS outside production", async () => {
    for (const url of ["/login", "/assets/x-abc.js", "/assets/logo-abc.svg", "/page-inconnue"]) {
      const res = await get(url);
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(res.headers["x-powered-by"]).toBeUndefined();
      expect(res.headers["strict-transport-security"]).toBeUndefined();
    }
    // Documents, and SVG (which can be opened as one), carry the document policies.
    for (const url of ["/login", "/assets/logo-abc.svg", "/page-inconnue"]) {
      const res = await get(url);
      expect(res.headers["x-frame-options"]).toBe("SAMEORIGIN");
      expect(res.headers["content-security-policy"]).toContain("frame-ancestors 'self'");
      expect(res.headers["content-security-policy"]).toContain("worker-src 'self' blob:");
      expect(res.headers["content-security-policy"]).toContain("object-src 'none'");
      expect(res.headers["permissions-policy"]).toContain("camera=()");
    }
    // A script never becomes a document: it is spared ~800 bytes of document-only headers.
    const script = await get("/assets/x-abc.js");
    expect(script.headers["content-security-policy"]).toBeUndefined();
    expect(script.headers["x-frame-options"]).toBeUndefined();
    expect(script.headers["permissions-policy"]).toBeUndefined();
  });

  it("adds HSTS in production", async () => {
    const config = loadConfig({
      NODE_ENV: "production",
      DATA_DIR: t.config.dataDir,
      APP_SECRET: "production-secret-production-secret-42",
      WEB_DIR: webDir,
    });
    const app = await buildApp({ config, db: t.database.db, logger: false });
    try {
      for (const url of ["/login", "/api/inconnue"]) {
        const res = await app.inject({ method: "GET", url });
        expect(res.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
      }
    } finally {
      await app.close();
    }
  });
});

describe("a build served at another address than the one it was built for", () => {
  let t: TestApp;
  let webDir: string;
  const PUBLIC_URL = "https://www.academie-exemple.ma";
  const O = BUILD_ORIGIN_PLACEHOLDER;
  const jsonLd = `{"@context":"https://schema.org","url":"${O}/dele"}`;
  const PAGE = `<!DOCTYPE html><html lang="fr"><head><title>DELE</title><link rel="canonical" href="${O}/dele"/><meta property="og:url" content="${O}/dele"/><meta property="og:image" content="${O}/media/video/hero.webp"/><meta name="twitter:image" content="${O}/media/video/hero.webp"/><script type="application/ld+json">${jsonLd}</script></head><body><h1>DELE</h1></body></html>`;
  beforeAll(async () => {
    webDir = fakeWebDir();
    mkdirSync(path.join(webDir, "dele"));
    writeFileSync(path.join(webDir, "dele", "index.html"), PAGE);
    const sitemap = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset><url><loc>${O}/</loc></url><url><loc>${O}/dele</loc></url></urlset>\n`;
    writeFileSync(path.join(webDir, "sitemap.xml"), sitemap);
    writeFileSync(path.join(webDir, "sitemap.xml.br"), brotliCompressSync(sitemap));
    writeFileSync(path.join(webDir, "robots.txt"), `User-agent: *\nAllow: /\n\nSitemap: ${O}/sitemap.xml\n`);
    t = await createTestApp({ seed: false, env: { WEB_DIR: webDir, PUBLIC_URL } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it("names the server's PUBLIC_URL in every tag of a page, with a CSP hash of the rewritten inline script", async () => {
    for (const encoding of ["identity", "br"]) {
      const res = await t.app.inject({ method: "GET", url: "/dele", headers: { "accept-encoding": encoding } });
      const html = encoding === "br" ? brotliDecompressSync(res.rawPayload).toString("utf8") : res.body;
      expect(html).not.toContain(O);
      expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/dele"/>`);
      expect(html).toContain(`<meta property="og:url" content="${PUBLIC_URL}/dele"/>`);
      expect(html).toContain(`<meta property="og:image" content="${PUBLIC_URL}/media/video/hero.webp"/>`);
      expect(html).toContain(`<meta name="twitter:image" content="${PUBLIC_URL}/media/video/hero.webp"/>`);
      const script = jsonLd.replace(O, PUBLIC_URL);
      expect(html).toContain(script);
      expect(scriptSrc(res.headers["content-security-policy"])).toContain(sha(script));
    }
  });

  it("serves sitemap.xml and robots.txt with the server's PUBLIC_URL, compressed or not", async () => {
    const sitemap = await t.app.inject({ method: "GET", url: "/sitemap.xml" });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers["content-type"]).toBe("application/xml; charset=utf-8");
    expect(sitemap.body).toContain(`<loc>${PUBLIC_URL}/dele</loc>`);
    expect(sitemap.body).not.toContain(O);
    const br = await t.app.inject({ method: "GET", url: "/sitemap.xml", headers: { "accept-encoding": "br" } });
    expect(brotliDecompressSync(br.rawPayload).toString("utf8")).toBe(sitemap.body);
    // The build's precompressed copy still names the placeholder: it is never served.
    expect((await t.app.inject({ method: "GET", url: "/sitemap.xml.br" })).body).not.toContain(O);
    const robots = await t.app.inject({ method: "GET", url: "/robots.txt" });
    expect(robots.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(robots.body).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    const again = await t.app.inject({
      method: "GET",
      url: "/robots.txt",
      headers: { "if-none-match": String(robots.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });
});

describe("with React Router's separate SPA fallback page", () => {
  let t: TestApp;
  let webDir: string;
  const FALLBACK = '<!DOCTYPE html><html lang="fr"><body><script>window.__spa = true;</script></body></html>';
  beforeAll(async () => {
    webDir = fakeWebDir();
    writeFileSync(path.join(webDir, "__spa-fallback.html"), FALLBACK);
    t = await createTestApp({ seed: false, env: { WEB_DIR: webDir } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it("serves the prerendered home page at / and the fallback for client-rendered and unknown pages", async () => {
    const home = await t.app.inject({ method: "GET", url: "/" });
    expect(home.statusCode).toBe(200);
    expect(home.body).toBe(SHELL);
    const planning = await t.app.inject({ method: "GET", url: "/planning" });
    expect(planning.statusCode).toBe(200);
    expect(planning.body).toBe(FALLBACK);
    expect(scriptSrc(planning.headers["content-security-policy"])).toContain(sha("window.__spa = true;"));
    const unknown = await t.app.inject({ method: "GET", url: "/inconnue" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toBe(FALLBACK);
    expect((await t.app.inject({ method: "GET", url: "/__spa-fallback.html" })).statusCode).toBe(404);
  });
});

describe("without a built web app", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(() => t.close());

  it("answers pages with a JSON 404 instead of crashing", async () => {
    for (const url of ["/", "/planning", "/login"]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: "Ressource introuvable." });
    }
  });
});
