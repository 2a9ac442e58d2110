/** Pieces the benchmarks share: the real server as a child process, a staff session, a table. */
import { type ChildProcess, spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type Database, staffSessions, staffUsers } from "@puerta/api";
import { freePort } from "@puerta/api/testing";
import { eq } from "drizzle-orm";

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/**
 * The Node flags and environment of `npm run serve` (package.json), so the bench measures the
 * server as it runs: V8 favouring memory over speed, with a young generation of 1 MB per half
 * instead of 64 MB and no major GC before the old generation reaches 96 MB (decision 103), its
 * collections done by the thread they serve rather than by helper threads that would take the
 * other thread's core (decision 105); two malloc arenas instead of one per thread; and Node's compile cache,
 * which keeps the sources with their types stripped so that a restart does not load the
 * TypeScript stripper (decision 080). `BENCH_NODE_FLAGS` replaces the flags, to measure what they cost.
 */
export const SERVER_NODE_FLAGS = (
  process.env.BENCH_NODE_FLAGS ??
  "--optimize-for-size --max-semi-space-size=1 --initial-old-space-size=96 --single-threaded-gc"
)
  .split(" ")
  .filter(Boolean);
export const SERVER_ENV = {
  MALLOC_ARENA_MAX: "2",
  NODE_COMPILE_CACHE: path.join(repoRoot, "node_modules/.cache/node-compile-cache"),
};

export type RunningServer = { url: string; child: ChildProcess; stop(): Promise<void> };

/** Starts `apps/api/src/server.ts` with `env` and waits until it answers. */
export async function startServer(env: Record<string, string>): Promise<RunningServer> {
  const port = await freePort();
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(repoRoot, "apps/api/src/server.ts")], {
    env: { ...process.env, ...SERVER_ENV, LOG_LEVEL: "warn", ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`le serveur s'est arrêté (code ${child.exitCode})`);
    try {
      const response = await fetch(`${url}/api/captcha/challenge`);
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error("le serveur n'a pas démarré en deux minutes");
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    child,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

/** Prints rows as an aligned text table. */
export function printTable(rows: Record<string, string | number>[]) {
  if (rows.length === 0) return;
  // Every row's columns, in the order they first appear: rows of different kinds (an API read, a
  // rendered page) have columns of their own, and a row that failed to measure has fewer cells.
  const headers = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const widths = headers.map((h) => Math.max(h.length, ...rows.map((r) => String(r[h] ?? "").length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join("  ");
  console.log(line(headers));
  console.log(line(widths.map((w) => "-".repeat(w))));
  for (const row of rows) console.log(line(headers.map((h) => String(row[h] ?? ""))));
}

export function machineDescription(): string {
  return `${process.platform} ${process.arch}, Node ${process.version}`;
}

/** The value at percentile `p` of values sorted in ascending order, rounded (NaN when none). */
export function percentile(sorted: readonly number[], p: number): number {
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN);
}

/**
 * A signed-in direction session, written directly into the database (a bench measures its
 * screen, not the sign-in with its second factor): the cookie's token.
 */
export async function openDirectionSession(db: Database): Promise<string> {
  const token = randomBytes(48)
    .toString("hex")
    .replace(/[^A-Za-z0-9]/g, "")
    .slice(0, 48);
  const [direction] = await db
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(eq(staffUsers.email, "direction.demo@example.com"));
  if (!direction) throw new Error("compte de direction de démonstration introuvable");
  await db
    .insert(staffSessions)
    .values({ staffId: direction.id, tokenHash: createHash("sha256").update(token).digest("hex") });
  return token;
}

/** The headers of that session's writes: its cookie and the CSRF pair, asked with it (bound to it, decision 088). */
export async function staffHeaders(url: string, sessionToken: string): Promise<Record<string, string>> {
  const csrf = await fetch(`${url}/sanctum/csrf-cookie`, { headers: { cookie: `puerta_staff=${sessionToken}` } });
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(csrf.headers.get("set-cookie") ?? "")?.[1] ?? "";
  return { cookie: `puerta_staff=${sessionToken}; XSRF-TOKEN=${xsrf}`, "x-xsrf-token": xsrf };
}
