/**
 * npm run bench:api — seeds a realistic academy into a fresh database, starts the real
 * server on it and drives authenticated load with autocannon. For each endpoint: the most it
 * serves (and its ratio to a bare node:http server answering a body of the same size), then
 * p50/p99 at a steady 200 requests/s; then a student page rendered by the server with its data
 * (/notifications, decision 101) at a steady 50 requests/s. Embedded database by default; PostgreSQL when
 * DATABASE_URL is set (in a throw-away database). Targets are reported, not enforced.
 *
 * The steady load is open-loop (decision 050): one request every 5 ms whatever the server
 * does, latency counted from the moment each request was due. autocannon's `overallRate` is
 * not steady: each connection sends its quota for the second back to back, so 200 requests
 * arrive at once at the top of every second; its figures are kept beside as "rafales".
 *
 * BENCH_ONLY=<path> measures that one endpoint or page (for instance /notifications), without the logins.
 */

import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { Agent, createServer, request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { loadConfig, openDatabase, seedDemo } from "@puerta/api";
import { freePort, solveCaptchaChallenge } from "@puerta/api/testing";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import pg from "pg";
import { BENCH_PASSWORD, issueTokens, seedBenchAcademy } from "./academy.ts";
import { machineDescription, percentile, printTable, repoRoot, startServer } from "./lib.ts";

const RATE = 200;
const STEADY_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const MAX_SECONDS = 5;
const TOKENS = 200;
const LOGINS = 150;
const TARGET_P99_MS = 50;
/** A student page rendered by the server with its data (decision 101): issue 33's rate and target. */
const PAGE = { path: "/notifications", rate: 50, targetP99Ms: 50 };
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 60);
/** Issue 20's memory targets (MB): idle and peak under the steady load. */
const TARGET_MEMORY = { pglite: { idle: 200, peak: 350 }, postgres: { idle: 120, peak: undefined } };

const dataDir = mkdtempSync(path.join(tmpdir(), "puerta-bench-api-"));
const serverUrl = process.env.DATABASE_URL;
let databaseUrl: string | undefined;
let dropDatabase = async () => {};
if (serverUrl) {
  const name = `puerta_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
  dropDatabase = async () => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  };
}
const kind = databaseUrl ? "PostgreSQL (DATABASE_URL, base jetable)" : "PGlite embarqué";
console.log(`Base de données : ${kind}\nPréparation de l'académie (2 000 étudiants)…`);

const env = {
  DATA_DIR: dataDir,
  APP_SECRET: "bench-secret-bench-secret-bench-secret-01",
  CAPTCHA_COST: "10",
  CAPTCHA_MAX_COUNTER: "40",
  SEED_DEMO: "0",
  NODE_ENV: "production",
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
};
const config = loadConfig({ ...process.env, ...env });
const database = databaseUrl
  ? await openDatabase({ kind: "postgres", url: databaseUrl })
  : await openDatabase({ kind: "pglite", dataDir });
await database.migrate();
await seedDemo(database.db, config);
const { userRows } = await seedBenchAcademy(database.db);
const tokens = await issueTokens(
  database.db,
  userRows.slice(0, TOKENS).map((u) => u.id),
);
// An academy that has run a while has its statistics: PostgreSQL's autovacuum takes them within a
// minute of the seeding, the embedded database's upkeep when the server starts (decision 081).
if (databaseUrl) await database.db.execute(sql`analyze`);
await database.close();

// A first start fills the compile cache (decision 080), so the measured one is a restart, as in
// production; after a change to the code, the first start also loads the TypeScript stripper.
await (await startServer(env)).stop();
const server = await startServer(env);
const serverPid = server.child.pid ?? 0;
const memory = {
  afterStart: rssMb(serverPid),
  idle: Number.NaN,
  steadyPeak: 0,
  processPeak: Number.NaN,
  idleAfterLoad: Number.NaN,
};
console.log(`RSS du serveur après le démarrage : ${memory.afterStart} Mo ; ${IDLE_SECONDS} s au repos…`);
await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
memory.idle = rssMb(serverPid);

/** The server's resident memory sampled every 100 ms while `load` runs, its peak kept as the steady loads' peak. */
async function samplingPeakMemory<T>(load: Promise<T>): Promise<T> {
  const sampler = setInterval(() => {
    memory.steadyPeak = Math.max(memory.steadyPeak, rssMb(serverPid));
  }, 100);
  return load.finally(() => clearInterval(sampler));
}

type Result = Record<string, string | number>;
const results: Result[] = [];
try {
  const only = process.env.BENCH_ONLY;
  const readEndpoints = ["/api/notifications", "/api/planifications", "/api/documents", "/api/parascolaires"];
  for (const endpoint of readEndpoints.filter((e) => only === undefined || e === only)) {
    const sample = await fetch(`${server.url}${endpoint}`, { headers: { authorization: `Bearer ${tokens[0]}` } });
    const body = await sample.text();
    if (!sample.ok) throw new Error(`${endpoint} a répondu ${sample.status}`);
    const ceiling = await ceilingFor(body);
    const authorised: autocannon.Request = {
      setupRequest: (request) => {
        request.headers = {
          ...request.headers,
          authorization: `Bearer ${tokens[Math.floor(Math.random() * tokens.length)]}`,
        };
        return request;
      },
    };
    const max = await run({
      url: `${server.url}${endpoint}`,
      connections: 20,
      duration: MAX_SECONDS,
      requests: [authorised],
    });
    const steady = await samplingPeakMemory(
      steadyLoad(`${server.url}${endpoint}`, () => ({
        authorization: `Bearer ${tokens[Math.floor(Math.random() * tokens.length)]}`,
      })),
    );
    const bursts = await run({
      url: `${server.url}${endpoint}`,
      connections: 20,
      duration: STEADY_SECONDS,
      overallRate: RATE,
      requests: [authorised],
    });
    results.push(readRow(endpoint, body.length, max, steady, bursts, ceiling));
  }

  // A server-rendered /notifications for a student of the academy, with the web session cookie
  // (it holds the same personal access token as the bearer API: decision 100).
  if (only === undefined || only === PAGE.path) {
    const cookie = () =>
      `__Host-puerta_session=${encodeURIComponent(tokens[Math.floor(Math.random() * tokens.length)] ?? "")}`;
    const pageSample = await fetch(`${server.url}${PAGE.path}`, { headers: { cookie: cookie() }, redirect: "manual" });
    const pageHtml = await pageSample.text();
    if (pageSample.status !== 200 || !pageHtml.includes("<article")) {
      throw new Error(`${PAGE.path} a répondu ${pageSample.status} sans notification : lancez npm run build d'abord.`);
    }
    const pageHeaders = () => ({ cookie: cookie(), "accept-encoding": "br" });
    const pageMax = await run({
      url: `${server.url}${PAGE.path}`,
      connections: 4,
      duration: MAX_SECONDS,
      requests: [{ setupRequest: (request) => ({ ...request, headers: { ...request.headers, ...pageHeaders() } }) }],
    });
    const pageSteady = await samplingPeakMemory(steadyLoad(`${server.url}${PAGE.path}`, pageHeaders, PAGE.rate));
    results.push(pageRow(`GET ${PAGE.path} (page rendue)`, pageHtml.length, pageMax, pageSteady));
  }

  // Login: each request carries its own solved captcha (a payload is accepted once).
  if (only === undefined) {
    const payloads = await Promise.all(Array.from({ length: LOGINS }, () => solvedCaptcha(server.url)));
    const logins = payloads.map((recaptcha_token, i) =>
      JSON.stringify({ email: `bench.${(i % 1000) + 1}@example.com`, password: BENCH_PASSWORD, recaptcha_token }),
    );
    let next = 0;
    const login = await run({
      url: `${server.url}/api/login`,
      connections: 10,
      amount: LOGINS,
      requests: [
        {
          method: "POST",
          setupRequest: (request: autocannon.Request) => ({
            ...request,
            headers: { "content-type": "application/json" },
            body: logins[next++ % logins.length],
          }),
        },
      ],
    });
    results.push(loginRow(login));
  }
  await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
  memory.idleAfterLoad = rssMb(serverPid);
} finally {
  memory.processPeak = peakRssMb(serverPid);
  await server.stop();
  await dropDatabase();
  printTable(results);
  const target = databaseUrl ? TARGET_MEMORY.postgres : TARGET_MEMORY.pglite;
  const verdict = (value: number, limit: number | undefined) =>
    limit === undefined ? "" : value <= limit ? ` (cible ≤ ${limit} : atteinte)` : ` (cible ≤ ${limit} : manquée)`;
  console.log(
    [
      "",
      "Mémoire du serveur (RSS) :",
      `  après le démarrage          ${memory.afterStart} Mo`,
      `  au repos (${IDLE_SECONDS} s)            ${memory.idle} Mo${verdict(memory.idle, target.idle)}`,
      `  pic sous la charge régulière ${memory.steadyPeak} Mo${verdict(memory.steadyPeak, target.peak)}`,
      `  au repos après la charge    ${memory.idleAfterLoad} Mo`,
      `  pic du processus (VmHWM)    ${memory.processPeak} Mo (démarrage, débit maximal et connexions compris)`,
    ].join("\n"),
  );
  console.log(
    `Cible : p99 ≤ ${TARGET_P99_MS} ms à ${RATE} req/s sur chaque lecture, ≤ ${PAGE.targetP99Ms} ms à ${PAGE.rate} req/s sur la page rendue ; aucune erreur ni réponse non-2xx.`,
  );
  mkdirSync(path.join(repoRoot, "bench-results"), { recursive: true });
  const file = path.join(repoRoot, "bench-results", `api-${new Date().toISOString().slice(0, 10)}.json`);
  writeFileSync(
    file,
    JSON.stringify(
      { date: new Date().toISOString(), machine: machineDescription(), database: kind, memoryMb: memory, results },
      null,
      2,
    ),
  );
  console.log(`Résultats écrits dans ${path.relative(repoRoot, file)}`);
}

function run(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** The same body from a bare node:http server: what this machine could serve at best. */
async function ceilingFor(body: string): Promise<number> {
  const bare = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "application/json" });
    response.end(body);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => bare.listen(port, "127.0.0.1", resolve));
  const result = await run({ url: `http://127.0.0.1:${port}/`, connections: 20, duration: MAX_SECONDS });
  await new Promise((resolve) => bare.close(resolve));
  return result.requests.average;
}

type Steady = { latencies: number[]; failures: number };

/**
 * Open-loop load at RATE requests/s for STEADY_SECONDS on keep-alive connections: request i
 * leaves at start + i / RATE even when earlier ones are still waiting, and its latency runs
 * from that moment, so a server that stalls shows it (no coordinated omission).
 */
async function steadyLoad(url: string, headers: () => Record<string, string>, rate = RATE): Promise<Steady> {
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const latencies: number[] = [];
  let failures = 0;
  const one = (due: number) =>
    new Promise<void>((resolve) => {
      const req = httpRequest(url, { agent, headers: headers() }, (res) => {
        res.resume();
        res.on("end", () => {
          if (res.statusCode === 200) latencies.push(performance.now() - due);
          else failures++;
          resolve();
        });
      });
      req.on("error", () => {
        failures++;
        resolve();
      });
      req.end();
    });
  const start = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < rate * STEADY_SECONDS; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(one(due));
  }
  await Promise.all(pending);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { latencies, failures };
}

function readRow(
  name: string,
  bytes: number,
  max: autocannon.Result,
  steady: Steady,
  bursts: autocannon.Result,
  ceiling: number,
): Result {
  const failures =
    max.errors + max.non2xx + max.timeouts + steady.failures + bursts.errors + bursts.non2xx + bursts.timeouts;
  const p99 = percentile(steady.latencies, 99);
  return {
    endpoint: name,
    "body KB": (bytes / 1024).toFixed(1),
    "max req/s": Math.round(max.requests.average),
    "plafond req/s": Math.round(ceiling),
    ratio: `${((max.requests.average / ceiling) * 100).toFixed(1)} %`,
    [`p50 ms @${RATE}/s`]: percentile(steady.latencies, 50),
    [`p99 ms @${RATE}/s`]: p99,
    "max ms": percentile(steady.latencies, 100),
    "p99 rafales": bursts.latency.p99,
    "erreurs/non-2xx": failures,
    cible: p99 <= TARGET_P99_MS && failures === 0 ? "pass" : "miss",
  };
}

function pageRow(name: string, bytes: number, max: autocannon.Result, steady: Steady): Result {
  const p99 = percentile(steady.latencies, 99);
  const failures = steady.failures + max.errors + max.non2xx + max.timeouts;
  return {
    endpoint: name,
    "body KB": (bytes / 1024).toFixed(1),
    "max req/s": Math.round(max.requests.average),
    [`p50 ms @${PAGE.rate}/s`]: percentile(steady.latencies, 50),
    [`p99 ms @${PAGE.rate}/s`]: p99,
    "max ms": percentile(steady.latencies, 100),
    "erreurs/non-2xx": failures,
    cible: p99 <= PAGE.targetP99Ms && failures === 0 ? "pass" : "miss",
  };
}

function loginRow(login: autocannon.Result): Result {
  const failures = login.errors + login.non2xx + login.timeouts;
  return {
    endpoint: "POST /api/login",
    "body KB": "-",
    "max req/s": Math.round(login.requests.average),
    "plafond req/s": "-",
    ratio: "-",
    "p50 ms": login.latency.p50,
    "p99 ms": login.latency.p99,
    "erreurs/non-2xx": failures,
    cible: failures === 0 ? "ok" : "miss",
  };
}

async function solvedCaptcha(base: string): Promise<string> {
  const challenge = await (await fetch(`${base}/api/captcha/challenge`)).json();
  return solveCaptchaChallenge(challenge);
}

/** A line of /proc/<pid>/status in MB (Linux), NaN when the process is gone. */
function statusMb(pid: number, field: "VmRSS" | "VmHWM"): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1]);
    return Math.round(kb / 1024);
  } catch {
    return Number.NaN;
  }
}

/** Resident memory of a process now. */
function rssMb(pid: number) {
  return statusMb(pid, "VmRSS");
}

/** Peak resident memory of a process since it started. */
function peakRssMb(pid: number) {
  return statusMb(pid, "VmHWM");
}
