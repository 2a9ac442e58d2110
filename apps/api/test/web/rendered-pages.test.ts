/**
 * Faults of the pages the server renders (issue 42), against the real web build
 * (apps/web/build, `npm run build`) on its real page thread (decision 107). A test build wraps
 * the real one so that a request may make its render loop forever or exhaust the thread's
 * memory: everything else is the app's own.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { fileURLToPath, pathToFileURL } from "node:url";
import { LIMITS } from "@puerta/contract";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app.ts";
import type { PageThreadOptions } from "../../src/modules/web/server-pages.ts";
import { createTestApp, type TestApp } from "../support/app.ts";
import { acceptCurrentPolicy, createAccessToken, createStudent } from "../support/factories.ts";

const WEB_BUILD = fileURLToPath(new URL("../../../web/build", import.meta.url));
const CLIENT_DIR = path.join(WEB_BUILD, "client");
const SERVER_BUILD = path.join(WEB_BUILD, "server", "index.js");
if (!existsSync(SERVER_BUILD)) {
  throw new Error(`${SERVER_BUILD} manque : ces tests rendent les pages du vrai site, construisez-le (npm run build).`);
}

/**
 * The real server build, whose page handler a request may make hang (`x-test-render: sans-fin`:
 * a synchronous loop, as a render stuck in a regular expression or a bug would) or run out of
 * memory (`x-test-render: memoire`). Test-only: it lives in this file.
 */
const HOOKED_BUILD = `
import * as real from ${JSON.stringify(pathToFileURL(SERVER_BUILD).href)};
export * from ${JSON.stringify(pathToFileURL(SERVER_BUILD).href)};
const handle = real.entry.module.createPageHandler(real);
export const entry = { ...real.entry, module: { ...real.entry.module, createPageHandler: () => (request, context) => {
  const hook = request.headers.get("x-test-render");
  if (hook === "sans-fin") for (;;) {}
  if (hook === "memoire") { const kept = []; for (;;) kept.push(new Array(100_000).fill(kept.length)); }
  return handle(request, context);
} } };
`;

type Server = { app: FastifyInstance; url: string; log: { level: number; msg: string; err?: unknown }[] };

/** The app as in production, listening on a port, its log kept in memory. */
async function startServer(t: TestApp, pageThread: PageThreadOptions = {}): Promise<Server> {
  const log: Server["log"] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) log.push(JSON.parse(line));
      done();
    },
  });
  const app = await buildApp({
    config: { ...t.config, webDir: CLIENT_DIR },
    db: t.database.db,
    logger: { level: "info", stream },
    pageThread,
  });
  const address = await app.listen({ host: "127.0.0.1", port: 0 });
  return { app, url: address, log };
}

/** SQL statements, one after the other. */
async function runAll(t: TestApp, statements: string[]) {
  for (const statement of statements) await t.database.db.execute(sql.raw(statement));
}

const errorsOf = (server: Server) => server.log.filter((line) => line.level >= 50);

describe("pages rendered by the real build", () => {
  let t: TestApp;
  let root: string;
  let hookedBuild: string;
  beforeAll(async () => {
    // The demo academy: a published policy to accept.
    t = await createTestApp();
    root = mkdtempSync(path.join(tmpdir(), "puerta-rendered-pages-"));
    hookedBuild = path.join(root, "index.js");
    writeFileSync(hookedBuild, HOOKED_BUILD);
  });
  afterAll(async () => {
    await t.close();
    rmSync(root, { recursive: true, force: true });
  });

  it("answers a manifest request of an older build 204 with X-Remix-Reload-Document, as React Router does, and logs no error", async () => {
    const server = await startServer(t);
    try {
      for (const query of ["version=stale&p=/planning", "p=/planning"]) {
        const response = await fetch(`${server.url}/__manifest?${query}`);
        expect(response.status, query).toBe(204);
        expect(response.headers.get("x-remix-reload-document"), query).toBe("true");
        expect(response.headers.get("content-length") ?? "0", query).toBe("0");
        expect(await response.text(), query).toBe("");
      }
      expect(errorsOf(server)).toEqual([]);
    } finally {
      await server.app.close();
    }
  });

  it("answers a render that never ends with the outage page past its deadline, says so on /readyz meanwhile, and renders the next page on a new thread", async () => {
    const server = await startServer(t, { buildFile: hookedBuild, renderDeadlineMs: 4_000, answerMs: 300 });
    try {
      const readyz = async () => (await fetch(`${server.url}/readyz`)).status;
      expect((await fetch(`${server.url}/login`)).status).toBe(200);
      expect(await readyz()).toBe(200);

      const hung = fetch(`${server.url}/planning`, { headers: { "x-test-render": "sans-fin" } });
      // While the thread loops, the node says it cannot serve.
      await expect.poll(readyz, { timeout: 3_000, interval: 100 }).toBe(503);

      const answer = await hung;
      expect(answer.status).toBe(503);
      expect(answer.headers.get("retry-after")).toBe(String(LIMITS.serviceRetryAfterSeconds));
      expect(answer.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(await answer.text()).toContain("<h1>Service momentanément indisponible</h1>");

      // The stuck thread was replaced: the next pages, student and staff, are rendered.
      const next = await fetch(`${server.url}/planning`, { redirect: "manual" });
      expect(next.status).toBe(302);
      expect(next.headers.get("location")).toBe("/login?retour=%2Fplanning");
      const staff = await fetch(`${server.url}/gestion/connexion`);
      expect(staff.status).toBe(200);
      expect(await staff.text()).toContain("</html>");
      await expect.poll(readyz, { timeout: 3_000, interval: 100 }).toBe(200);
    } finally {
      await server.app.close();
    }
  });

  it("answers the pages of a thread that runs out of memory with the HTML error page, then renders the next", async () => {
    const server = await startServer(t, { buildFile: hookedBuild, oldGenerationMb: 48 });
    try {
      const answer = await fetch(`${server.url}/planning`, { headers: { "x-test-render": "memoire" } });
      expect(answer.status).toBe(500);
      expect(answer.headers.get("content-type")).toBe("text/html; charset=utf-8");
      const html = await answer.text();
      expect(html).toContain("<h1>Une erreur s'est produite</h1>");
      expect(html).not.toContain("message");
      const next = await fetch(`${server.url}/planning`, { redirect: "manual" });
      expect(next.status).toBe(302);
    } finally {
      await server.app.close();
    }
  });

  it("answers a gated page 503 with the outage page, not the policy, when the policy status check meets a database fault", async () => {
    const student = await createStudent(t.database.db);
    await acceptCurrentPolicy(t.database.db, student.userId);
    const cookie = `puerta_session=${encodeURIComponent(await createAccessToken(t.database.db, student.userId))}`;
    const server = await startServer(t);
    try {
      expect((await fetch(`${server.url}/profile`, { headers: { cookie }, redirect: "manual" })).status).toBe(200);
      // The acceptances' table answers as a database shutting down does (SQLSTATE 57P01), the
      // session's look-up still answers: the database is failing some of the page's reads.
      await runAll(t, [
        `create function puerta_test_fault() returns boolean language plpgsql as
          $$ begin raise exception 'terminating connection due to administrator command' using errcode = '57P01'; end $$`,
        "alter table policy_acceptances rename to policy_acceptances_kept",
        "create view policy_acceptances as select * from policy_acceptances_kept where puerta_test_fault()",
      ]);
      try {
        const answer = await fetch(`${server.url}/profile`, { headers: { cookie }, redirect: "manual" });
        expect(answer.status).toBe(503);
        expect(answer.headers.get("location")).toBeNull();
        expect(answer.headers.get("retry-after")).toBe(String(LIMITS.serviceRetryAfterSeconds));
        expect(await answer.text()).toContain("Service momentanément indisponible");
      } finally {
        await runAll(t, [
          "drop view policy_acceptances",
          "alter table policy_acceptances_kept rename to policy_acceptances",
          "drop function puerta_test_fault()",
        ]);
      }
    } finally {
      await server.app.close();
    }
  });
});
