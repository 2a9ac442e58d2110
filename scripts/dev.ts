/**
 * npm run dev — the API on :3000 (restarted when its files change) and the web app through
 * Vite on :5173 with hot reload; Vite forwards /api and /sanctum to the API.
 */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const children: ChildProcess[] = [
  spawn(
    process.execPath,
    ["--watch-path=apps/api/src", "--watch-path=packages/contract/src", "apps/api/src/server.ts"],
    {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, PORT: process.env.PORT ?? "3000" },
    },
  ),
  spawn("npm", ["run", "dev", "-w", "apps/web"], { cwd: root, stdio: "inherit" }),
];
console.log("API : http://localhost:3000 — site en développement : http://localhost:5173");

const stop = () => {
  for (const child of children) child.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children)
  child.on("exit", (code) => {
    if (code) {
      stop();
      process.exitCode = code;
    }
  });
