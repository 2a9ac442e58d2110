import { afterEach, expect, it, vi } from "vitest";
import { apiJson } from "./api.ts";
import { dropStartupReads, startupReadsScript } from "./startup-reads.ts";

afterEach(() => {
  dropStartupReads();
  // biome-ignore lint/suspicious/noDocumentCookie: the test plays the server clearing its cookie
  document.cookie = "puerta_student=; Max-Age=0; path=/";
  vi.unstubAllGlobals();
});

/** The server, as the browser sees it: each read is answered, the session cookie going with it. */
function server() {
  const sent: { path: string; authorization: string | null; accept: string | null; credentials?: string }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (path: string, init?: RequestInit) => {
      const headers = new Headers(init?.headers);
      sent.push({
        path,
        authorization: headers.get("Authorization"),
        accept: headers.get("Accept"),
        credentials: init?.credentials,
      });
      return Response.json({ success: true, data: [`${path} n°${sent.length}`] });
    }),
  );
  return sent;
}

const signIn = () => {
  // biome-ignore lint/suspicious/noDocumentCookie: the test plays the server setting its readable hint
  document.cookie = "puerta_student=1; path=/";
};

/** Runs the shell's inline script, as the browser does while it parses the page. */
const runShellScript = (paths: string[]) => new Function(startupReadsScript(paths))();

it("sends the page's reads with the session cookie (no token), and the app takes the answers instead of asking again", async () => {
  signIn();
  const sent = server();
  runShellScript(["/api/notifications", "/api/planifications"]);
  expect(sent).toEqual([
    { path: "/api/notifications", authorization: null, accept: "application/json", credentials: "same-origin" },
    { path: "/api/planifications", authorization: null, accept: "application/json", credentials: "same-origin" },
  ]);

  expect(await apiJson("/api/notifications")).toEqual({ success: true, data: ["/api/notifications n°1"] });
  expect(sent).toHaveLength(2);
  // Taken once: the next read of the same path is the app's own.
  await apiJson("/api/notifications");
  expect(sent.map((s) => s.path)).toEqual(["/api/notifications", "/api/planifications", "/api/notifications"]);
});

it("sends nothing for a visitor without the session hint", () => {
  const sent = server();
  runShellScript(["/api/notifications"]);
  expect(sent).toEqual([]);
});

it("does not give an answer the app forgot once started", async () => {
  signIn();
  const sent = server();
  runShellScript(["/api/notifications", "/api/planifications"]);
  dropStartupReads();
  expect(await apiJson("/api/planifications")).toEqual({ success: true, data: ["/api/planifications n°3"] });
  expect(sent.map((s) => s.path)).toEqual(["/api/notifications", "/api/planifications", "/api/planifications"]);
});
