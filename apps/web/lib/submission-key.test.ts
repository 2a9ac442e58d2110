import { afterEach, describe, expect, it, vi } from "vitest";
import { apiRequest } from "./api.ts";
import { createSubmissionKey } from "./submission-key.ts";

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The server as the browser sees it: each POST gets the next answer; the keys it carried are kept. */
function server(...answers: ("offline" | number)[]) {
  const keys: (string | null)[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (path: string, init?: RequestInit) => {
      if (path === "/sanctum/csrf-cookie") {
        // biome-ignore lint/suspicious/noDocumentCookie: the test plays the browser storing the server's cookie
        document.cookie = "XSRF-TOKEN=jeton; path=/";
        return new Response(null, { status: 204 });
      }
      if (init?.method === "POST") keys.push(new Headers(init.headers).get("Idempotency-Key"));
      const answer = answers.shift() ?? 500;
      if (answer === "offline") throw new TypeError("Failed to fetch");
      const body = answer < 300 ? { message: "ok" } : { message: "Erreur du serveur" };
      return new Response(JSON.stringify(body), { status: answer, headers: { "Content-Type": "application/json" } });
    }),
  );
  return keys;
}

describe("one Idempotency-Key per submitted form", () => {
  it("sends the same key again when a submission is retried, and a new one after it succeeded", async () => {
    const keys = server("offline", 500, 200, 200);
    const submission = createSubmissionKey();
    const send = () =>
      submission.send((key) => apiRequest("/api/demandes", { body: { type: "langue" }, idempotencyKey: key }));
    await expect(send()).rejects.toMatchObject({ status: 0 });
    await expect(send()).rejects.toMatchObject({ status: 500 });
    await send();
    await send();
    expect(keys[0]).toMatch(/^"[0-9a-f-]{32,36}"$/);
    expect(keys.slice(0, 3)).toEqual([keys[0], keys[0], keys[0]]);
    expect(keys[3]).not.toBe(keys[0]);
  });

  it("gives a second click, while the first is on its way, the same key", async () => {
    const submission = createSubmissionKey();
    const seen: string[] = [];
    let answer: () => void = () => {};
    const first = submission.send(async (key) => {
      seen.push(key);
      await new Promise<void>((resolve) => {
        answer = resolve;
      });
    });
    const second = submission.send(async (key) => {
      seen.push(key);
    });
    answer();
    await Promise.all([first, second]);
    expect(seen[1]).toBe(seen[0]);
    expect(submission.current()).not.toBe(seen[0]);
  });
});
