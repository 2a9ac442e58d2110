import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PageThread } from "../../src/modules/web/server-pages.ts";
import { createTestApp, type TestApp } from "../support/app.ts";
import { createAccessToken, createStudent } from "../support/factories.ts";

const run = promisify(execFile);

/**
 * A server build as small as React Router's is large: its page handler asks the API for the
 * signed-in user, as a loader does, and shows what it was given. `/arret` ends its thread (as a
 * crash would), `/erreur` fails its render.
 */
const SERVER_BUILD = `
export const entry = { module: { createPageHandler: () => async (request, { api, nonce }) => {
  const { pathname } = new URL(request.url);
  if (pathname === "/arret") process.exit(3);
  if (pathname === "/erreur") throw new Error("rendu impossible");
  const answer = await api("/api/user", { headers: { "x-requested-with": "XMLHttpRequest" } });
  const user = answer.ok ? await answer.json() : { email: "personne" };
  return new Response(
    "<main data-nonce=\\"" + nonce + "\\">" + request.method + " " + pathname + " " + answer.status + " " + user.email + "</main>",
    { headers: [["content-type", "text/html; charset=utf-8"], ["set-cookie", "a=1"], ["set-cookie", "b=2"]] },
  );
} } };
`;

describe("the page thread: pages rendered beside the API, their loaders' calls answered by it", () => {
  let t: TestApp;
  let root: string;
  let buildFile: string;
  let cookie: string;
  let email: string;
  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), "puerta-page-thread-"));
    mkdirSync(path.join(root, "server"));
    buildFile = path.join(root, "server", "index.js");
    writeFileSync(buildFile, SERVER_BUILD);
    t = await createTestApp({ seed: false });
    const student = await createStudent(t.database.db);
    email = student.email;
    cookie = `puerta_session=${encodeURIComponent(await createAccessToken(t.database.db, student.userId))}`;
  });
  afterAll(async () => {
    await t.close();
    rmSync(root, { recursive: true, force: true });
  });

  /** A page request as Fastify hands it to the renderer. */
  const pageRequest = (url: string, headers: Record<string, string> = {}) =>
    ({ method: "GET", url, protocol: "http", ip: "127.0.0.1", headers: { host: "localhost", ...headers } }) as never;

  it("renders a page with what the API answered the page's session, its nonce and every header", async () => {
    const pages = new PageThread(t.app, buildFile, 60_000);
    try {
      const response = await pages.render(pageRequest("/notifications", { cookie }), "nonce-1");
      expect(response.status).toBe(200);
      expect(await response.text()).toBe(`<main data-nonce="nonce-1">GET /notifications 200 ${email}</main>`);
      expect(response.headers.getSetCookie()).toEqual(["a=1", "b=2"]);

      const signedOut = await pages.render(pageRequest("/notifications"), "nonce-2");
      expect(await signedOut.text()).toBe('<main data-nonce="nonce-2">GET /notifications 401 personne</main>');
    } finally {
      await pages.stop();
    }
  });

  it("fails only the page whose render fails, and the page whose thread stops; the next page is rendered", async () => {
    const pages = new PageThread(t.app, buildFile, 60_000);
    try {
      await expect(pages.render(pageRequest("/erreur"), "n")).rejects.toThrow("rendu impossible");
      await expect(pages.render(pageRequest("/arret"), "n")).rejects.toThrow("code 3");
      const next = await pages.render(pageRequest("/planning", { cookie }), "n");
      expect(await next.text()).toContain(`GET /planning 200 ${email}`);
    } finally {
      await pages.stop();
    }
  });

  it("stops its thread after a while without a page, and starts it again for the next page", async () => {
    const pages = new PageThread(t.app, buildFile, 50);
    try {
      await pages.render(pageRequest("/documents", { cookie }), "n");
      expect(pages.started).toBe(true);
      await expect.poll(() => pages.started, { timeout: 5_000 }).toBe(false);
      const again = await pages.render(pageRequest("/documents", { cookie }), "n");
      expect(await again.text()).toContain(`GET /documents 200 ${email}`);
    } finally {
      await pages.stop();
    }
  });

  it("keeps a process running while its page is in progress, and not once it is answered", async () => {
    // A process whose only work is one page: the thread holds it until the page is answered
    // (else the page is never printed), and not after (else execFile waits until its timeout).
    const script = path.join(root, "alone.mjs");
    const fastify = pathToFileURL(createRequire(import.meta.url).resolve("fastify")).href;
    const serverPages = new URL("../../src/modules/web/server-pages.ts", import.meta.url).href;
    writeFileSync(
      script,
      `import Fastify from ${JSON.stringify(fastify)};
      import { PageThread } from ${JSON.stringify(serverPages)};
      const app = Fastify();
      app.get("/api/user", async () => ({ email: "vivant@example.com" }));
      const pages = new PageThread(app, ${JSON.stringify(buildFile)}, 60_000);
      const request = { method: "GET", url: "/seule", protocol: "http", ip: "127.0.0.1", headers: { host: "localhost" } };
      console.log(await (await pages.render(request, "n")).text());`,
    );
    const { stdout } = await run(process.execPath, [script], { timeout: 20_000 });
    expect(stdout.trim()).toBe('<main data-nonce="n">GET /seule 200 vivant@example.com</main>');
  });

  it("refuses, at the server's start, a build that cannot render pages", async () => {
    const stale = path.join(root, "server", "stale.js");
    writeFileSync(stale, "export const entry = { module: {} };\n");
    await expect(new PageThread(t.app, stale, 60_000).check()).rejects.toThrow("reconstruisez le site");
  });
});
