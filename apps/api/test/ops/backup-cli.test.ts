import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { backupSocketPath } from "../../src/ops/backup-socket.ts";
import { openArchive } from "../../src/ops/restore.ts";
import { runScript, type ServerProcess, startServer } from "../support/processes.ts";

const backupCli = fileURLToPath(new URL("../../src/ops/backup-cli.ts", import.meta.url));

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
      expect(archive.manifest.tables.find((t) => t.name === "users")?.rows).toBe(2);
      expect(archive.manifest.files.length).toBeGreaterThan(10);
    } finally {
      await archive.close();
    }

    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
  }, 300_000);
});
