import { afterEach, expect, it, vi } from "vitest";
import { signInAs } from "../test/session.ts";
import { LOGOUT_EVENT, STAFF_SESSION_ENDED_EVENT } from "./api.ts";
import { staffJson } from "./staff-api.ts";

afterEach(() => vi.unstubAllGlobals());

function server(status: number, body: unknown) {
  const sent: { path: string; init: RequestInit | undefined }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (path: string, init?: RequestInit) => {
      sent.push({ path, init });
      return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
    }),
  );
  return sent;
}

it("a staff call goes with the session cookie and the CSRF echo, and no Authorization header", async () => {
  signInAs();
  const sent = server(201, { id: 4 });
  await staffJson("/api/gestion/comptes", { body: { name: "Salma" } });
  const headers = new Headers(sent[0]?.init?.headers);
  expect(sent[0]?.init?.credentials).toBe("same-origin");
  expect(headers.get("X-XSRF-TOKEN")).toBe("jeton-csrf");
  expect(headers.has("Authorization")).toBe(false);
});

it("a staff 401 ends the staff session only: the student's stays", async () => {
  signInAs();
  server(401, { message: "Non authentifié." });
  const staffEnded = vi.fn();
  const studentEnded = vi.fn();
  window.addEventListener(STAFF_SESSION_ENDED_EVENT, staffEnded);
  window.addEventListener(LOGOUT_EVENT, studentEnded);
  await expect(staffJson("/api/gestion/me")).rejects.toMatchObject({ status: 401 });
  window.removeEventListener(STAFF_SESSION_ENDED_EVENT, staffEnded);
  window.removeEventListener(LOGOUT_EVENT, studentEnded);
  expect(staffEnded).toHaveBeenCalledTimes(1);
  expect(studentEnded).not.toHaveBeenCalled();
  expect(document.cookie).toContain("puerta_student=1");
});
