import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type ServerProcess, startServer } from "../support/processes.ts";

/** Resolves true once a new connection to the port is refused (polled: no fixed sleep). */
async function refusesConnections(port: number, timeoutMs = 10_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const refused = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      socket.once("connect", () => {
        socket.destroy();
        resolve(false);
      });
      socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code === "ECONNREFUSED"));
    });
    if (refused) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

async function waitFor(condition: () => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("graceful shutdown (node src/server.ts, SIGTERM)", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "puerta-arret-"));
  let server: ServerProcess | undefined;
  afterAll(() => {
    if (server && server.child.exitCode === null) server.child.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("stops accepting connections, finishes the request in flight, closes the database and exits 0", async () => {
    server = await startServer(dataDir, { LOG_LEVEL: "info" });
    const { port } = server;

    // A request in flight: its headers are sent, its body is held back (a slow client's upload).
    const body = JSON.stringify({ email: "pas-un-email", password: "x", recaptcha_token: "x" });
    const inFlight = net.connect(port, "127.0.0.1");
    let answer = "";
    inFlight.setEncoding("utf8");
    inFlight.on("data", (chunk: string) => {
      answer += chunk;
    });
    const answered = new Promise<void>((resolve) => inFlight.once("end", resolve));
    await new Promise<void>((resolve) => inFlight.once("connect", resolve));
    inFlight.write(
      `POST /api/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
    );
    // Waits until the server has taken the request in (it logs it) before stopping it.
    await waitFor(() => server?.output().includes('"url":"/api/login"') ?? false);

    server.child.kill("SIGTERM");
    expect(await refusesConnections(port)).toBe(true);
    expect(server.child.exitCode).toBeNull(); // still waiting for the request in flight

    inFlight.write(body.slice(10));
    await answered;
    expect(answer).toMatch(/^HTTP\/1\.1 422 /);
    expect(answer).toContain('"errors"');

    expect(await server.exited).toBe(0);
    expect(server.output()).not.toMatch(/arrêt forcé/);
  }, 240_000);
});
