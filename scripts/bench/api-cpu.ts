/**
 * node scripts/bench/api-cpu.ts — CPU time per request of each read endpoint, in process:
 * the bench academy on the embedded database (as bench:api), then sequential `app.inject`
 * calls timed with process.cpuUsage. Steadier than wall-clock figures on a shared machine.
 * BENCH_ONLY=/notifications times the page the server renders, as bench:api asks for it.
 */

import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildApp, loadConfig, openDatabase, seedDemo } from "@puerta/api";
import { issueTokens, seedBenchAcademy } from "./academy.ts";
import { printTable } from "./lib.ts";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 400);
const ENDPOINTS = process.env.BENCH_ONLY
  ? [process.env.BENCH_ONLY]
  : ["/api/notifications", "/api/planifications", "/api/documents", "/api/parascolaires"];

const dataDir = mkdtempSync(path.join(tmpdir(), "puerta-bench-cpu-"));
const config = loadConfig({
  ...process.env,
  DATA_DIR: dataDir,
  APP_SECRET: "bench-secret-bench-secret-bench-secret-01",
  SEED_DEMO: "0",
  NODE_ENV: "production",
  LOG_LEVEL: "warn",
});
const database = await openDatabase({ kind: "pglite", dataDir });
try {
  await database.migrate();
  await seedDemo(database.db, config);
  const { userRows } = await seedBenchAcademy(database.db);
  const tokens = await issueTokens(
    database.db,
    userRows.slice(0, 200).map((u) => u.id),
  );
  const app = await buildApp({ config, db: database.db, logger: false });
  await app.ready();
  const rows: Record<string, string | number>[] = [];
  for (const url of ENDPOINTS) {
    const call = async (i: number) => {
      const token = tokens[i % tokens.length] ?? "";
      // A page is asked for as a browser does: the web session cookie, compressed (decision 101).
      const headers = url.startsWith("/api/")
        ? { authorization: `Bearer ${token}` }
        : { cookie: `__Host-puerta_session=${encodeURIComponent(token)}`, "accept-encoding": "br" };
      const response = await app.inject({ url, headers });
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
      return response.body.length;
    };
    let bytes = 0;
    for (let i = 0; i < 100; i++) bytes = await call(i);
    // Chunks of 50 calls: the median chunk is steady when other processes share the machine.
    const perCall: number[] = [];
    const profiler = process.env.BENCH_PROFILE ? await startProfile() : undefined;
    const start = performance.now();
    for (let done = 0; done < ROUNDS; done += 50) {
      const cpu = process.cpuUsage();
      for (let i = 0; i < 50; i++) await call(done + i);
      const used = process.cpuUsage(cpu);
      perCall.push((used.user + used.system) / 1000 / 50);
    }
    const wall = performance.now() - start;
    if (profiler) await profiler.stop(url);
    perCall.sort((a, b) => a - b);
    rows.push({
      endpoint: url,
      "body KB": (bytes / 1024).toFixed(1),
      "CPU ms/req (median)": (perCall[Math.floor(perCall.length / 2)] ?? 0).toFixed(2),
      "CPU ms/req (min)": (perCall[0] ?? 0).toFixed(2),
      "wall ms/req": (wall / (perCall.length * 50)).toFixed(2),
    });
  }
  await app.close();
  printTable(rows);
  console.log(`RSS ${(process.memoryUsage().rss / 1048576).toFixed(0)} Mo`);
} finally {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}

/** BENCH_PROFILE=<dir>: a V8 CPU profile of the timed loop only (not of the seeding). */
async function startProfile() {
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: 200 });
  await session.post("Profiler.start");
  return {
    async stop(url: string) {
      const { profile } = await session.post("Profiler.stop");
      const file = path.join(process.env.BENCH_PROFILE ?? ".", `${url.replaceAll("/", "_")}.cpuprofile`);
      writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
    },
  };
}
