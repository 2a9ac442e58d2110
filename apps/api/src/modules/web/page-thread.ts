/**
 * The thread that renders the pages of the web app's server build (decision 105). It loads the
 * build, renders each page it is sent, and asks the main thread for every call the page's
 * loaders make to the API: the database and the API's routes stay on the main thread, React's
 * render runs here, on the machine's other core.
 *
 * Run as a script (`node page-thread.ts <build>`), it only loads the build and checks it can
 * render pages: the server's start does so in a child process, whose memory goes with it.
 */
import { pathToFileURL } from "node:url";
import { parentPort, workerData } from "node:worker_threads";
import type {
  ApiCall,
  ApiTransport,
  FromPageThread,
  PageHandler,
  PageRequest,
  ServerBuild,
  ToPageThread,
} from "./page-messages.ts";
import { NULL_BODY_STATUSES, responseOf } from "./page-messages.ts";

const port = parentPort;
const buildFile = port ? (workerData as { buildFile: string }).buildFile : (process.argv[2] ?? "");
const build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
const createPageHandler = build.entry.module.createPageHandler;
if (!createPageHandler) {
  throw new Error(`${buildFile} n'exporte pas createPageHandler : reconstruisez le site (npm run build).`);
}
if (!port) process.exit(0);
const handle: PageHandler = createPageHandler(build);

const waitingCalls = new Map<number, (answer: Response) => void>();
let lastCall = 0;
const send = (message: FromPageThread, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

port.on("message", (message: ToPageThread) => {
  if (message.kind === "ping") {
    send({ kind: "pong", ping: message.ping });
    return;
  }
  if (message.kind === "api-answer") {
    const resolve = waitingCalls.get(message.call);
    waitingCalls.delete(message.call);
    resolve?.(responseOf(message.status, message.headers, message.body));
    return;
  }
  void render(message);
});
send({ kind: "ready" });

async function render({ page, method, url, headers, nonce }: PageRequest) {
  const api: ApiTransport = (path, init) =>
    new Promise((resolve) => {
      const call = ++lastCall;
      waitingCalls.set(call, resolve);
      const request: ApiCall = {
        kind: "api",
        page,
        call,
        path,
        method: init.method ?? "GET",
        headers: [...new Headers(init.headers)],
        body: typeof init.body === "string" ? init.body : undefined,
      };
      send(request);
    });
  try {
    const response = await handle(new Request(url, { method, headers }), { api, nonce });
    // React Router's answer to a manifest request of an older build is a 204 (decision 107).
    const body = NULL_BODY_STATUSES.has(response.status) ? null : await response.arrayBuffer();
    send({ kind: "rendered", page, status: response.status, headers: [...response.headers], body }, body ? [body] : []);
  } catch (error) {
    send({ kind: "failed", page, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
}
