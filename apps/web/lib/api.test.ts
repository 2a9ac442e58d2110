import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { apiRequest, requestCsrfCookie } from "./api.ts";

// Each test starts as the app does, before its CSRF cookie has come.
beforeEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: the test plays the browser storing the server's cookie
  document.cookie = "XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/";
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The server, as the browser sees it: the cookie lands with the answer to /sanctum/csrf-cookie. */
function serverSettingCookieAfter(delayMs: number) {
  const sent: { path: string; xsrf: string | null }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (path: string, init?: RequestInit) => {
      sent.push({ path, xsrf: new Headers(init?.headers).get("X-XSRF-TOKEN") });
      if (path === "/sanctum/csrf-cookie") {
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        // biome-ignore lint/suspicious/noDocumentCookie: as above
        document.cookie = "XSRF-TOKEN=jeton-csrf; path=/";
        return new Response(null, { status: 204 });
      }
      return new Response(null, { status: 204 });
    }),
  );
  return sent;
}

it("a logout sent while the start-up cookie request is on its way waits for it, and echoes the cookie", async () => {
  const sent = serverSettingCookieAfter(30);
  const startUp = requestCsrfCookie();
  await apiRequest("/api/logout", { method: "POST" });
  await startUp;
  expect(sent).toEqual([
    { path: "/sanctum/csrf-cookie", xsrf: null },
    { path: "/api/logout", xsrf: "jeton-csrf" },
  ]);
});

it("with the cookie already there, calls go at once", async () => {
  const sent = serverSettingCookieAfter(0);
  await requestCsrfCookie();
  await apiRequest("/api/notifications");
  await apiRequest("/api/contact", { body: { nom: "Salma" } });
  expect(sent).toEqual([
    { path: "/sanctum/csrf-cookie", xsrf: null },
    { path: "/api/notifications", xsrf: "jeton-csrf" },
    { path: "/api/contact", xsrf: "jeton-csrf" },
  ]);
});

it("a state-changing call made before the start-up request asks for the cookie first; a read does not", async () => {
  const sent = serverSettingCookieAfter(10);
  await apiRequest("/api/notifications");
  await apiRequest("/api/contact", { body: { nom: "Salma" } });
  expect(sent).toEqual([
    { path: "/api/notifications", xsrf: null },
    { path: "/sanctum/csrf-cookie", xsrf: null },
    { path: "/api/contact", xsrf: "jeton-csrf" },
  ]);
});
