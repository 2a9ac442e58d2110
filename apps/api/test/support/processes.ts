/**
 * The API's own programs as separate processes, the way an operator runs them: the server
 * (`node apps/api/src/server.ts`) and the command-line tools (backup, restore, mail release...).
 * Each starts from a clean environment (PATH and what the test gives), so that nothing of the
 * runner's (DATABASE_URL, APP_SECRET...) leaks into what a test checks.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const serverEntry = fileURLToPath(new URL("../../src/server.ts", import.meta.url));

const cleanEnvironment = () => ({ PATH: process.env.PATH ?? "", NODE_ENV: "test" });
const serverEnvironment = (env: Record<string, string>) => ({
  ...cleanEnvironment(),
  LOG_LEVEL: "warn",
  PORT: "0",
  HOST: "127.0.0.1",
  ...env,
});

export type ServerProcess = {
  child: ChildProcess;
  port: number;
  /** http://127.0.0.1:<port> */
  url: string;
  /** Everything the server printed so far. */
  output(): string;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
  /** SIGTERM, resolved once the process is gone. */
  stop(): Promise<void>;
};

/**
 * The real server with `env` on a clean environment, on a free port (PORT=0); resolves once it
 * says it is ready (after its database answers). Rejects with `server exited with <code>:` and
 * what it printed when it stops first, or after `timeoutMs`.
 */
export async function startServerProcess(
  env: Record<string, string>,
  options: {
    timeoutMs?: number;
    /** Told of what the server printed so far, at each chunk. */
    onOutput?: (output: string) => void;
  } = {},
): Promise<ServerProcess> {
  // Past the longest test that starts one: unless told, the test's own timeout is the limit (a
  // loaded machine takes minutes to unpack and migrate a cluster).
  const { timeoutMs = 300_000, onOutput = () => {} } = options;
  const child = spawn(process.execPath, [serverEntry], {
    env: { ...serverEnvironment(env), PORT: "0" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
  };
  let timer: NodeJS.Timeout | undefined;
  try {
    const port = await new Promise<number>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        onOutput(output);
        const ready = /Puerta est prêt : http:\/\/localhost:(\d+)/.exec(output);
        if (ready) resolve(Number(ready[1]));
      };
      child.stdout?.on("data", onData);
      child.stderr?.on("data", onData);
      void exited.then((code) => reject(new Error(`server exited with ${code}:\n${output}`)));
      timer = setTimeout(
        () => reject(new Error(`server did not say it was ready within ${timeoutMs} ms:\n${output}`)),
        timeoutMs,
      );
    });
    return { child, port, url: `http://127.0.0.1:${port}`, output: () => output, exited, stop };
  } catch (error) {
    await stop();
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** The environment of a server on the embedded database (PGlite) in `dataDir`, no demo seed, no web build. */
export const embeddedServerEnv = (dataDir: string, env: Record<string, string> = {}) => ({
  DATA_DIR: dataDir,
  SEED_DEMO: "0",
  WEB_DIR: path.join(dataDir, "pas-de-web"),
  ...env,
});

/** The real server on the embedded database in `dataDir` (see `startServerProcess`). */
export const startServer = (dataDir: string, env: Record<string, string> = {}) =>
  startServerProcess(embeddedServerEnv(dataDir, env));

/**
 * The real server run to its end, for a start it must refuse (its exit status and what it
 * printed); `as` runs it as another user (root only).
 */
export function runServerToExit(env: Record<string, string>, as?: { uid: number; gid: number }) {
  return spawnSync(process.execPath, [serverEntry], {
    env: serverEnvironment(env),
    encoding: "utf8",
    timeout: 60_000,
    ...as,
  });
}

/** Runs one of the API's command-line scripts to its end, with `env` on a clean environment. */
export function runScript(script: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [script, ...args], {
      env: { ...cleanEnvironment(), LOG_LEVEL: "silent", ...env },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.once("exit", (code) => resolve({ code, stdout, stderr }));
  });
}
