/**
 * The network of a component test: `fetch` is replaced, never our own code, so the API client,
 * the query cache and the screens run as in the browser. Each helper returns the calls made.
 */
import { vi } from "vitest";

/** An answer of the stubbed server, or "offline" for a request that never reaches it. */
export type Answer =
  | {
      status: number;
      body: unknown;
      headers?: Record<string, string>;
      /** Cookies the answer sets that scripts may read (`name=value; path=/`): the browser stores them. */
      cookies?: string[];
    }
  | "offline";

/** A call the page made: method, path (as passed to fetch), parsed JSON body, and its Idempotency-Key, if any. */
export type Call = { method: string; path: string; body: unknown; idempotencyKey?: string };

function parseBody(body: BodyInit | null | undefined): unknown {
  if (typeof body !== "string") return body ?? undefined;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

/** Each call gets what `answer` makes of it: a server with rules of its own (a list's `limit`, say). */
export function serveWith(answer: (call: Call) => Answer): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init?: RequestInit) => {
      const call = {
        method: init?.method ?? "GET",
        path: String(input),
        body: parseBody(init?.body),
        idempotencyKey: new Headers(init?.headers).get("Idempotency-Key") ?? undefined,
      };
      calls.push(call);
      const reply = answer(call);
      if (reply === "offline") throw new TypeError("Failed to fetch");
      // biome-ignore lint/suspicious/noDocumentCookie: the stub plays the browser storing the server's cookies
      for (const cookie of reply.cookies ?? []) document.cookie = cookie;
      return new Response(JSON.stringify(reply.body), {
        status: reply.status,
        headers: { "Content-Type": "application/json", ...reply.headers },
      });
    }),
  );
  return calls;
}

const SERVER_ERROR: Answer = { status: 500, body: { message: "Erreur du serveur" } };

/** Each call gets the next answer, whatever its path; a 500 once they are spent. */
export function serveInOrder(...answers: Answer[]): Call[] {
  return serveWith(() => answers.shift() ?? SERVER_ERROR);
}

/**
 * Answers by path: a path maps to one answer (given every time) or to a queue (one per call).
 * An unknown path, or a spent queue, gets `fallback` (a 404 by default).
 */
export function serveByPath(
  routes: Record<string, Answer | Answer[]>,
  fallback: Answer = { status: 404, body: { message: "Ressource introuvable." } },
): Call[] {
  return serveWith(({ path }) => {
    const route = routes[path];
    if (Array.isArray(route)) return route.shift() ?? fallback;
    return route ?? fallback;
  });
}
