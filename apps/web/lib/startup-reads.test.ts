import { STORAGE_KEYS } from "@puerta/contract";
import { afterEach, expect, it, vi } from "vitest";
import { apiJson } from "./api.ts";
import { dropStartupReads, startupReadsScript } from "./startup-reads.ts";

afterEach(() => {
  dropStartupReads();
  localStorage.clear();
  vi.unstubAllGlobals();
});

/** The server, as the browser sees it: each read answers with the token it was sent with. */
function server() {
  const sent: { path: string; authorization: string | null; accept: string | null }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (path: string, init?: RequestInit) => {
      const headers = new Headers(init?.headers);
      sent.push({ path, authorization: headers.get("Authorization"), accept: headers.get("Accept") });
      return Response.json({ success: true, data: [`${path} pour ${headers.get("Authorization")}`] });
    }),
  );
  return sent;
}

/** Runs the shell's inline script, as the browser does while it parses the page. */
const runShellScript = (paths: string[]) => new Function(startupReadsScript(paths))();

it("sends the page's reads with the stored token, and the app takes the answers instead of asking again", async () => {
  localStorage.setItem(STORAGE_KEYS.token, "jeton-1");
  const sent = server();
  runShellScript(["/api/notifications", "/api/planifications"]);
  expect(sent).toEqual([
    { path: "/api/notifications", authorization: "Bearer jeton-1", accept: "application/json" },
    { path: "/api/planifications", authorization: "Bearer jeton-1", accept: "application/json" },
  ]);

  expect(await apiJson("/api/notifications")).toEqual({
    success: true,
    data: ["/api/notifications pour Bearer jeton-1"],
  });
  expect(sent).toHaveLength(2);
  // Taken once: the next read of the same path is the app's own.
  await apiJson("/api/notifications");
  expect(sent.map((s) => s.path)).toEqual(["/api/notifications", "/api/planifications", "/api/notifications"]);
});

it("sends nothing for a visitor without a token", () => {
  const sent = server();
  runShellScript(["/api/notifications"]);
  expect(sent).toEqual([]);
});

it("does not give an answer sent with another token, nor one the app forgot once started", async () => {
  localStorage.setItem(STORAGE_KEYS.token, "jeton-1");
  const sent = server();
  runShellScript(["/api/notifications", "/api/planifications"]);
  localStorage.setItem(STORAGE_KEYS.token, "jeton-2");
  expect(await apiJson("/api/notifications")).toEqual({
    success: true,
    data: ["/api/notifications pour Bearer jeton-2"],
  });

  dropStartupReads();
  await apiJson("/api/planifications");
  expect(sent.map((s) => `${s.path} ${s.authorization}`)).toEqual([
    "/api/notifications Bearer jeton-1",
    "/api/planifications Bearer jeton-1",
    "/api/notifications Bearer jeton-2",
    "/api/planifications Bearer jeton-2",
  ]);
});
