import { type ChildProcess, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/db/client.ts";
import { acquireDataDirLock, assertDataDirFree, DataDirLockedError } from "../../src/db/lock.ts";
import { embeddedServerEnv, runServerToExit, startServer } from "../support/processes.ts";

const dirs: string[] = [];
const newDataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "puerta-lock-"));
  dirs.push(dir);
  return dir;
};

/** A pid that certainly belongs to no running process: one that just exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]);
  return Number(child.stdout.toString());
}

describe("data directory lock", () => {
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  /** One cluster for every test, made before them in whatever order they run: creating one is slow. */
  let dataDir: string;
  const lockFile = () => path.join(dataDir, "puerta.lock");
  beforeAll(async () => {
    dataDir = newDataDir();
    await (await openDatabase({ kind: "pglite", dataDir })).close();
  }, 120_000);

  it("refuses a second opening of the same data directory at once, with a clear French message", async () => {
    const first = await openDatabase({ kind: "pglite", dataDir });
    try {
      const started = Date.now();
      const second = openDatabase({ kind: "pglite", dataDir });
      await expect(second).rejects.toBeInstanceOf(DataDirLockedError);
      await expect(second).rejects.toThrow(
        `Le dossier de données ${dataDir} est déjà utilisé par le processus ${process.pid}.`,
      );
      await expect(second).rejects.toThrow(/DATA_DIR.*DATABASE_URL/);
      expect(Date.now() - started).toBeLessThan(1000);
      expect(readFileSync(lockFile(), "utf8")).toBe(String(process.pid));
    } finally {
      await first.close();
    }
    expect(existsSync(lockFile())).toBe(false);
  }, 120_000);

  it("takes over a lock left by a dead process", async () => {
    writeFileSync(lockFile(), String(deadPid()));
    const database = await openDatabase({ kind: "pglite", dataDir });
    try {
      expect(readFileSync(lockFile(), "utf8")).toBe(String(process.pid));
    } finally {
      await database.close();
    }
  });

  it("tells whether the directory is free without taking it", () => {
    expect(() => assertDataDirFree(dataDir)).not.toThrow();
    writeFileSync(lockFile(), String(deadPid()));
    expect(() => assertDataDirFree(dataDir)).not.toThrow();
    const release = acquireDataDirLock(dataDir);
    expect(() => assertDataDirFree(dataDir)).toThrow(DataDirLockedError);
    release();
    expect(() => assertDataDirFree(dataDir)).not.toThrow();
  });

  it("takes over an empty or unreadable lock, and our own pid's lock from an earlier run", () => {
    for (const content of ["", "pas un pid", String(process.pid)]) {
      writeFileSync(lockFile(), content);
      const release = acquireDataDirLock(dataDir);
      expect(readFileSync(lockFile(), "utf8")).toBe(String(process.pid));
      expect(() => acquireDataDirLock(dataDir)).toThrow(DataDirLockedError);
      release();
      expect(existsSync(lockFile())).toBe(false);
    }
  });

  it("node src/server.ts: a second process stops at once with the message; the first holds the lock until it stops", async () => {
    const server = await startServer(dataDir);
    running = server.child;

    const started = Date.now();
    const second = runServerToExit(embeddedServerEnv(dataDir));
    expect(second.status).toBe(1);
    expect(second.stderr).toContain(
      `Le dossier de données ${dataDir} est déjà utilisé par le processus ${server.child.pid}.`,
    );
    expect(second.stderr).not.toMatch(/\bat .+:\d+:\d+/);
    expect(Date.now() - started).toBeLessThan(10_000);

    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(existsSync(lockFile())).toBe(false);
  }, 120_000);
});

let running: ChildProcess | undefined;
afterAll(() => {
  if (running && running.exitCode === null) running.kill("SIGKILL");
});
