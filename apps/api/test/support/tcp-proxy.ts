import net from "node:net";
import { freePort } from "./tools.ts";

/**
 * A TCP relay in the test process, in front of a real server (PostgreSQL): `cut()` is an outage
 * as a client sees it (every open connection reset, new ones refused), `restore()` its end. The
 * database behind it keeps running, for the other tests that share it.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const port = await freePort();
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;

  function track(socket: net.Socket) {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
  }

  async function listen() {
    server = net.createServer((client) => {
      const upstream = net.connect(target.port, target.host);
      track(client);
      track(upstream);
      client.pipe(upstream);
      upstream.pipe(client);
      client.once("close", () => upstream.destroy());
      upstream.once("close", () => client.destroy());
    });
    await new Promise<void>((resolve, reject) => {
      server?.once("error", reject);
      server?.listen(port, "127.0.0.1", () => resolve());
    });
  }

  async function cut() {
    const closed = new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    for (const socket of sockets) socket.resetAndDestroy();
    await closed;
    server = undefined;
  }

  await listen();
  return { port, cut, restore: listen, stop: cut };
}
