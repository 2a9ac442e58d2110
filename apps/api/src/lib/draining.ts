import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import type { FastifyInstance } from "fastify";
import { serviceUnavailable } from "./errors.ts";

const drains = new WeakMap<FastifyInstance, () => Promise<void>>();

/** Longest the server keeps taking connections after a stop signal, to answer what was already sent. */
const DRAIN_MAX_MS = 3_000;
/** The drain ends once no connection came this long and every connection has sent its request. */
const DRAIN_QUIET_MS = 150;

/** Resolves after the event loop has gone through its I/O phase `n` times. */
async function loopTurns(n: number) {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
}

/**
 * The first step of a graceful stop (server.ts). A client whose request reached the machine
 * before the signal must get an answer, not a reset: while the event loop was busy (the embedded
 * database works on it), its connection waits in the kernel, unaccepted, or accepted and not yet
 * read; closing the listener or the "idle" connections then would reset it. So the server first
 * keeps listening, answers every request from then on at once with 503, Retry-After and
 * Connection: close, and only stops listening once no new connection came for a moment and
 * none is left without its request. Requests already running finish (app.close() waits).
 */
export function registerDraining(app: FastifyInstance) {
  let draining = false;
  let lastConnectionAt = 0;
  /** Connections accepted whose first request has not been read yet. */
  const silent = new Set<Socket>();

  app.addHook("onRequest", async (_request, reply) => {
    if (!draining) return;
    reply.header("Connection", "close");
    throw serviceUnavailable();
  });
  app.addHook("onReady", async () => {
    app.server.on("connection", (socket: Socket) => {
      lastConnectionAt = Date.now();
      silent.add(socket);
      socket.once("close", () => silent.delete(socket));
    });
    // Not a 'data' listener: it would make Node's HTTP parser read every socket through JS.
    app.server.on("request", (request: IncomingMessage) => silent.delete(request.socket));
  });

  drains.set(app, async () => {
    draining = true;
    const deadline = Date.now() + DRAIN_MAX_MS;
    // Several I/O phases first: what waited in the kernel is accepted and read.
    for (;;) {
      await loopTurns(3);
      const quiet = Date.now() - lastConnectionAt >= DRAIN_QUIET_MS;
      if ((quiet && silent.size === 0) || Date.now() >= deadline) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });
}

/** Starts the drain of `app` (registerDraining) and resolves when it may stop listening. */
export async function drain(app: FastifyInstance): Promise<void> {
  await drains.get(app)?.();
}
