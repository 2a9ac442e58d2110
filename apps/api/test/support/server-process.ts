import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "./mail-server.ts";

const serverEntry = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../src/server.ts");

export type ServerProcess = { url: string; child: ChildProcess; output: () => string; stop(): Promise<void> };

/**
 * The real API server (`node apps/api/src/server.ts`) as a separate process on a free port,
 * with `env` on top of a clean environment; resolves once it answers HTTP.
 */
export async function startServerProcess(
  env: Record<string, string>,
  timeoutMs = 60_000,
  /** Told of what the server prints while it starts (and after). */
  onOutput: (output: string) => void = () => {},
): Promise<ServerProcess> {
  const port = await freePort();
  let output = "";
  const child = spawn(process.execPath, [serverEntry], {
    env: { PATH: process.env.PATH ?? "", LOG_LEVEL: "warn", ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
    onOutput(output);
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
    onOutput(output);
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(`${url}/api/captcha/challenge`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`server did not answer within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { url, child, output: () => output, stop };
}
