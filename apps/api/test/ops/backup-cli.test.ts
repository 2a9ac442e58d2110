import { execFileSync, spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { DEMO_FORMER_STUDENTS, DEMO_STUDENTS } from "../../src/demo/index.ts";
import { backupSocketPath } from "../../src/ops/backup-socket.ts";
import { openArchive } from "../../src/ops/restore.ts";
import { runScript, type ServerProcess, startServer } from "../support/processes.ts";
import { waitFor } from "../support/wait.ts";

const backupCli = fileURLToPath(new URL("../../src/ops/backup-cli.ts", import.meta.url));
const deployGuide = readFileSync(new URL("../../../../docs/deploy.md", import.meta.url), "utf8");

describe("npm run backup while the server runs on the embedded database", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "puerta-cli-"));
  const output = path.join(dataDir, "..", `${path.basename(dataDir)}-sauvegarde.tar.gz`);
  let server: ServerProcess | undefined;
  afterAll(() => {
    if (server && server.child.exitCode === null) server.child.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(output, { force: true });
  });

  it("asks the running server through its owner-only socket; the server keeps answering meanwhile", async () => {
    server = await startServer(dataDir, { SEED_DEMO: "1" });
    const socket = backupSocketPath(dataDir);
    expect(statSync(socket).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(socket)).mode & 0o777).toBe(0o700);

    const backup = runScript(backupCli, [output], { DATA_DIR: dataDir });
    // Requests keep being served while the backup runs.
    let answered = 0;
    let done = false;
    void backup.then(() => {
      done = true;
    });
    while (!done) {
      const response = await fetch(`http://127.0.0.1:${server.port}/api/captcha/challenge`);
      expect(response.status).toBe(200);
      await response.arrayBuffer();
      answered++;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const result = await backup;
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`Sauvegarde écrite : ${output}`);
    expect(result.stdout).toContain("par le serveur en marche");
    expect(answered).toBeGreaterThan(0);
    expect(statSync(output).mode & 0o777).toBe(0o600);

    const archive = await openArchive(output);
    try {
      // The demo's students: this year's two and last year's former students.
      expect(archive.manifest.tables.find((t) => t.name === "users")?.rows).toBe(
        Object.keys(DEMO_STUDENTS).length + DEMO_FORMER_STUDENTS.length,
      );
      expect(archive.manifest.files.length).toBeGreaterThan(10);
    } finally {
      await archive.close();
    }

    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
  }, 300_000);
});

describe("a server killed (kill -9) in the middle of a backup", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "puerta-cli-tue-"));
  const backups = path.join(dataDir, "..", `${path.basename(dataDir)}-sauvegardes`);
  let server: ServerProcess | undefined;
  afterAll(() => {
    if (server && server.child.exitCode === null) server.child.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(backups, { recursive: true, force: true });
  });
  const leftovers = () => readdirSync(backups).filter((name) => name.startsWith(".puerta-sauvegarde-"));

  it("the CLI says the server stopped; the next backup, and the retention command, leave no folder of clear data", async () => {
    mkdirSync(backups);
    server = await startServer(dataDir, { SEED_DEMO: "1" });
    // One stored file becomes a FIFO nobody writes to: the backup, having dumped every table,
    // waits on it (as on a frozen disk) until the server is killed. Its bytes come back after.
    const files = path.join(dataDir, "files");
    const stored = readdirSync(files, { recursive: true, encoding: "utf8" })
      .map((name) => path.join(files, name))
      .find((file) => statSync(file).isFile());
    if (!stored) throw new Error("the demo seed stored no file");
    renameSync(stored, `${stored}.mis-de-cote`);
    execFileSync("mkfifo", [stored]);

    const backup = runScript(backupCli, [backups], { DATA_DIR: dataDir });
    const staging = await waitFor(() => {
      const [name] = leftovers();
      const tables = name ? path.join(backups, name, "tables") : undefined;
      return tables && existsSync(tables) && readdirSync(tables).some((file) => file.endsWith(".audit_log.jsonl"))
        ? path.join(backups, name as string)
        : undefined;
    }, "the backup's staging folder holding the journal");
    server.child.kill("SIGKILL");
    await server.exited;

    const interrupted = await backup;
    expect(interrupted.code).toBe(1);
    expect(interrupted.stderr).toContain("Le serveur s'est arrêté pendant la sauvegarde, sans répondre");
    expect(interrupted.stderr).toContain("aucune archive n'a été écrite");
    expect(interrupted.stderr).not.toContain("Réponse illisible");
    // What the kill left: the tables in clear, staff accounts and journal included.
    const tables = readdirSync(path.join(staging, "tables"));
    expect(tables.some((file) => file.endsWith(".staff_users.jsonl"))).toBe(true);

    rmSync(stored);
    renameSync(`${stored}.mis-de-cote`, stored);
    // The next backup (the server down: the command opens the database itself) removes it.
    const next = await runScript(backupCli, [backups], { DATA_DIR: dataDir });
    expect(next.stderr).toContain(`Dossier d'une sauvegarde interrompue supprimé`);
    expect(next.code).toBe(0);
    expect(leftovers()).toEqual([]);
    const archives = readdirSync(backups).filter((name) => name.endsWith(".tar.gz"));
    expect(archives).toHaveLength(1);

    // docs/deploy.md's retention command, run as systemd runs it: an old archive and a folder
    // left by a backup that never ran again go; today's archive stays.
    const retention = /^ExecStartPost=(\/usr\/bin\/find .*)$/m.exec(deployGuide)?.[1];
    if (!retention) throw new Error("no retention command in docs/deploy.md");
    const old = path.join(backups, "puerta-sauvegarde-ancienne.tar.gz");
    const abandoned = path.join(backups, ".puerta-sauvegarde-abandonne");
    writeFileSync(old, "");
    mkdirSync(path.join(abandoned, "tables"), { recursive: true });
    writeFileSync(path.join(abandoned, "tables", "001-public.staff_users.jsonl"), "{}\n");
    const twoWeeksAgo = new Date(Date.now() - 15 * 24 * 3_600_000);
    utimesSync(old, twoWeeksAgo, twoWeeksAgo);
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3_600_000);
    utimesSync(abandoned, twoDaysAgo, twoDaysAgo);
    // systemd passes each word as it is, quotes removed; no shell.
    const [command = "", ...args] = retention
      .replaceAll("/var/lib/puerta/sauvegardes", backups)
      .split(" ")
      .map((word) => word.replace(/^'(.*)'$/, "$1"));
    const ran = spawnSync(command, args, { encoding: "utf8" });
    expect(ran.stderr).toBe("");
    expect(ran.status).toBe(0);
    expect(readdirSync(backups)).toEqual(archives);
  }, 300_000);
});
