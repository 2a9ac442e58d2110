import http from "node:http";
import { freePort } from "./tools.ts";

/**
 * A reverse proxy in the test process, as nginx with `proxy_set_header X-Forwarded-For
 * $proxy_add_x_forwarded_for`: it appends the address of the socket it was reached from to
 * whatever X-Forwarded-For the client sent, and forwards the request to `target`.
 */
export async function startForwardingProxy(target: { host: string; port: number }) {
  const port = await freePort();
  const server = http.createServer((request, response) => {
    const sent = request.headers["x-forwarded-for"];
    const peer = request.socket.remoteAddress ?? "";
    const forwardedFor = sent ? `${Array.isArray(sent) ? sent.join(", ") : sent}, ${peer}` : peer;
    const upstream = http.request(
      {
        host: target.host,
        port: target.port,
        method: request.method,
        path: request.url,
        headers: { ...request.headers, "x-forwarded-for": forwardedFor },
        agent: false,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.once("error", () => response.destroy());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return {
    port,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * One HTTP request from the loopback address `from` (127.0.0.2, 127.0.0.3…: another client as
 * the server sees it), with the headers it chooses to send; answers the status and the JSON body.
 */
export function requestFrom(
  from: string,
  port: number,
  request: { method: string; path: string; headers?: Record<string, string>; body?: unknown },
): Promise<{ status: number; body: unknown }> {
  const payload = request.body === undefined ? undefined : JSON.stringify(request.body);
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        host: "127.0.0.1",
        port,
        localAddress: from,
        method: request.method,
        path: request.path,
        agent: false,
        headers: { ...(payload ? { "content-type": "application/json" } : {}), ...request.headers },
      },
      (answer) => {
        let text = "";
        answer.setEncoding("utf8");
        answer.on("data", (chunk: string) => {
          text += chunk;
        });
        answer.on("end", () => resolve({ status: answer.statusCode ?? 0, body: text ? JSON.parse(text) : null }));
        answer.once("error", reject);
      },
    );
    outgoing.once("error", reject);
    outgoing.end(payload);
  });
}
