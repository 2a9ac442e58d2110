import { spawnSync } from "node:child_process";
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runServerToExit, type ServerProcess, serverEntry, startServer } from "../support/processes.ts";

/** Every entry under `dir` (symbolic links left out) with its permission bits. */
function tree(dir: string): { entry: string; mode: number; directory: boolean }[] {
  const out: { entry: string; mode: number; directory: boolean }[] = [];
  const visit = (entry: string) => {
    const stats = lstatSync(entry);
    if (stats.isSymbolicLink()) return;
    out.push({ entry, mode: stats.mode & 0o777, directory: stats.isDirectory() });
    if (stats.isDirectory()) for (const name of readdirSync(entry)) visit(path.join(entry, name));
  };
  visit(dir);
  return out;
}

describe("DATA_DIR is owner-only (issue 31)", () => {
  const dirs: string[] = [];
  let server: ServerProcess | undefined;
  afterAll(() => {
    if (server && server.child.exitCode === null) server.child.kill("SIGKILL");
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it("repairs a tree left open to others at start, and the database's own files are created 0600 in 0700 folders", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "puerta-droits-"));
    dirs.push(dataDir);
    // An old installation: a folder 0755, files 0666 and 0644, like PGlite and a loose umask left them.
    chmodSync(dataDir, 0o755);
    mkdirSync(path.join(dataDir, "files", "ab"), { recursive: true });
    chmodSync(path.join(dataDir, "files"), 0o755);
    chmodSync(path.join(dataDir, "files", "ab"), 0o777);
    writeFileSync(path.join(dataDir, "files", "ab", "cin-etudiant.pdf"), "%PDF-1.4");
    chmodSync(path.join(dataDir, "files", "ab", "cin-etudiant.pdf"), 0o666);
    writeFileSync(path.join(dataDir, "app-secret"), "s".repeat(64));
    chmodSync(path.join(dataDir, "app-secret"), 0o644);
    expect(tree(dataDir).filter((e) => e.mode & 0o077).length).toBe(5);

    server = await startServer(dataDir);
    const entries = tree(dataDir);
    const open = entries.filter((e) => e.mode & 0o077).map((e) => `${e.entry} ${e.mode.toString(8)}`);
    expect(open).toEqual([]);
    expect(server.output()).toContain(`Droits corrigés dans ${dataDir} : 5 fichier(s) ou dossier(s)`);

    // PGlite unpacks its first cluster with 0666 files and asks for 0777 folders: all owner-only.
    const pglite = entries.filter((e) => e.entry.startsWith(path.join(dataDir, "pglite")));
    expect(pglite.length).toBeGreaterThan(100);
    for (const e of pglite) expect(e.mode, e.entry).toBe(e.directory ? 0o700 : 0o600);

    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    // Files written while it ran (the WAL, the lock) are owner-only too.
    expect(tree(dataDir).filter((e) => e.mode & 0o077)).toEqual([]);

    // A tree this account cannot repair (another user's): refused, with the command to run.
    // Only root can run the server as another user, so this part needs the suite to run as root
    // (CI does) from a checkout that user can read.
    const asNobody = { uid: 65534, gid: 65534 };
    const nobodyCanRun =
      process.getuid?.() === 0 &&
      spawnSync(process.execPath, ["-e", `require("node:fs").accessSync(${JSON.stringify(serverEntry)}, 4)`], asNobody)
        .status === 0;
    if (nobodyCanRun) {
      const foreign = mkdtempSync(path.join(tmpdir(), "puerta-droits-autre-"));
      dirs.push(foreign);
      chmodSync(foreign, 0o755);
      writeFileSync(path.join(foreign, "app-secret"), "s".repeat(64), { mode: 0o644 });
      const run = runServerToExit({ DATA_DIR: foreign, APP_SECRET: "x".repeat(40), SEED_DEMO: "0" }, asNobody);
      expect(run.status).toBe(1);
      expect(run.stderr).toContain(`Le dossier de données ${foreign} est ouvert aux autres utilisateurs`);
      expect(run.stderr).toContain(`chmod -R go-rwx ${foreign}`);
      expect(run.stderr).not.toMatch(/\bat .+:\d+:\d+/);
      expect(readdirSync(foreign)).toEqual(["app-secret"]);
    }
  }, 240_000);
});
