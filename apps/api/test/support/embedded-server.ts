import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const serverEntry = fileURLToPath(new URL("../../src/server.ts", import.meta.url));

export type ServerProcess = {
  child: ChildProcess;
  port: number;
  /** Everything the server printed so far. */
  output(): string;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
};

/** `node apps/api/src/server.ts` on the embedded database in `dataDir`, on a free port. */
export async function startServer(dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const base: NodeJS.ProcessEnv = { ...process.env };
  delete base.DATABASE_URL;
  const child = spawn(process.execPath, [serverEntry], {
    env: {
      ...base,
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      PORT: "0",
      HOST: "127.0.0.1",
      SEED_DEMO: "0",
      LOG_LEVEL: "warn",
      WEB_DIR: path.join(dataDir, "pas-de-web"),
      ...env,
    },
  });
  let output = "";
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const port = await new Promise<number>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk;
      const match = /Puerta est prêt : http:\/\/localhost:(\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    void exited.then((code) => reject(new Error(`server exited (${code}): ${output}`)));
  });
  return { child, port, output: () => output, exited };
}
