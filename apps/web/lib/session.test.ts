import { afterEach, expect, it, vi } from "vitest";
import { serveByPath } from "../test/network.ts";
import { SESSION_HINT_COOKIE, studentUser } from "../test/session.ts";
import { carryOverStoredSession, readSession } from "./session.ts";

afterEach(() => vi.unstubAllGlobals());

/** What a student signed in by the older web client has in localStorage. */
function storedByOlderVersion() {
  localStorage.setItem("token", "12|jeton-ancien");
  localStorage.setItem("user", JSON.stringify(studentUser()));
  localStorage.setItem("student_data", JSON.stringify({ id: 5 }));
  localStorage.setItem("unblockAt", "0");
}

it("moves a token an older version stored into the session cookie, once, and forgets the stored keys", async () => {
  storedByOlderVersion();
  const user = studentUser();
  const calls = serveByPath({
    "/api/session/exchange": { status: 200, body: { user }, cookies: [SESSION_HINT_COOKIE] },
  });
  const headers: (string | null)[] = [];
  const stubbed = globalThis.fetch;
  vi.stubGlobal("fetch", (path: string, init?: RequestInit) => {
    headers.push(new Headers(init?.headers).get("Authorization"));
    return stubbed(path, init);
  });
  await carryOverStoredSession();
  expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(["POST /api/session/exchange"]);
  expect(headers).toEqual(["Bearer 12|jeton-ancien"]);
  expect(readSession()?.user?.email).toBe(user.email);
  for (const key of ["token", "user", "student_data"]) expect(localStorage.getItem(key)).toBeNull();
  // The lockout countdown may stay.
  expect(localStorage.getItem("unblockAt")).toBe("0");

  await carryOverStoredSession();
  expect(calls).toHaveLength(1);
});

it("a stored token the server no longer knows leaves the student signed out, with nothing stored", async () => {
  storedByOlderVersion();
  serveByPath({ "/api/session/exchange": { status: 401, body: { message: "Non authentifié." } } });
  await carryOverStoredSession();
  expect(readSession()).toBeNull();
  for (const key of ["token", "user", "student_data"]) expect(localStorage.getItem(key)).toBeNull();
});

it("asks nothing of the server when nothing was stored", async () => {
  const calls = serveByPath({});
  await carryOverStoredSession();
  expect(calls).toEqual([]);
});
