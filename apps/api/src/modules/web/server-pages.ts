import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { Worker } from "node:worker_threads";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ApiAnswer, ApiCall, FromPageThread, HeaderList, PageRequest } from "./page-messages.ts";

const run = promisify(execFile);
const PAGE_THREAD_FILE = new URL("./page-thread.ts", import.meta.url);

/** A page the server rendered, with the nonce its inline scripts carry. */
export type RenderedPage = { response: Response; nonce: string };
export type RenderPage = (request: FastifyRequest) => Promise<RenderedPage>;

/**
 * How long the page thread stays without a page to render before it is stopped, its memory
 * given back; the next page starts it again (about 0.1–0.3 s).
 */
export const PAGE_THREAD_IDLE_MS = 5 * 60_000;

/**
 * The page thread's old generation, at most. The server's `--initial-old-space-size=96`
 * (decision 103) holds for every thread: left alone, the page thread's heap grows to about 60 MB
 * before its first full collection, and the server's peak under 50 pages/s to 340–360 MB; held
 * to 64 MB, 285–295 MB (decision 105). What the thread keeps is small: the build, and the pages
 * waiting for the API (their requests and their loaders' data); each render runs to its end.
 */
const PAGE_THREAD_OLD_GENERATION_MB = 64;

/**
 * The web app's server build (apps/web/build/server, beside the client files), which renders
 * every page that is not prerendered: the student area with its data (decision 101), the
 * back-office and the other client-rendered paths. It runs on a thread of its own (decision
 * 105), started when a page needs it. The build is checked here, so that a stale or broken build
 * stops the server's start rather than a student's first page. Undefined when there is no build
 * (an API alone, in tests).
 */
export async function loadServerPages(app: FastifyInstance, webDir: string): Promise<RenderPage | undefined> {
  const buildFile = path.join(webDir, "..", "server", "index.js");
  if (!existsSync(buildFile)) return undefined;
  const pages = new PageThread(app, buildFile, PAGE_THREAD_IDLE_MS);
  await pages.check();
  app.addHook("onClose", () => pages.stop());
  return (request) => {
    const nonce = randomBytes(16).toString("base64");
    return pages.render(request, nonce).then((response) => ({ response, nonce }));
  };
}

/**
 * The page thread (page-thread.ts) as the server sees it: started on demand, stopped after
 * `idleMs` without a page. Its pages' calls to the API are answered here, on the main thread.
 */
export class PageThread {
  private running: Promise<RunningThread> | undefined;
  private idleStop: ReturnType<typeof setTimeout> | undefined;
  private readonly app: FastifyInstance;
  private readonly buildFile: string;
  private readonly idleMs: number;

  constructor(app: FastifyInstance, buildFile: string, idleMs: number) {
    this.app = app;
    this.buildFile = buildFile;
    this.idleMs = idleMs;
  }

  /**
   * Checks that the build loads and can render pages, in a child process: a thread started and
   * stopped here would leave some 20 MB of the server's memory behind.
   */
  async check(): Promise<void> {
    try {
      await run(process.execPath, [fileURLToPath(PAGE_THREAD_FILE), this.buildFile]);
    } catch (error) {
      const stderr = String((error as { stderr?: unknown }).stderr ?? "");
      const reason = stderr.match(/^\w*Error(?: \[\w+\])?: (.*)$/m)?.[1] ?? (error as Error).message;
      throw new Error(`Le rendu des pages ne peut pas démarrer : ${reason}`);
    }
  }

  async render(request: FastifyRequest, nonce: string): Promise<Response> {
    clearTimeout(this.idleStop);
    const thread = await this.thread();
    try {
      return await thread.render(request, nonce);
    } finally {
      if (!thread.busy) this.idleStop = setTimeout(() => this.stopIfIdle(thread), this.idleMs).unref();
    }
  }

  async stop(): Promise<void> {
    clearTimeout(this.idleStop);
    const running = this.running;
    this.running = undefined;
    await (await running?.catch(() => undefined))?.stop();
  }

  /** Whether a thread is running now (what the idle stop is tested by). */
  get started(): boolean {
    return this.running !== undefined;
  }

  private stopIfIdle(thread: RunningThread) {
    if (thread.busy) return;
    void this.stop();
  }

  private thread(): Promise<RunningThread> {
    if (!this.running) {
      // A thread that stops, or could not start, is not kept: the next page starts another.
      const running = RunningThread.start(this.app, this.buildFile, () => {
        if (this.running === running) this.running = undefined;
      });
      this.running = running;
    }
    return this.running;
  }
}

/** One started page thread and the pages it is rendering. */
class RunningThread {
  private readonly pages = new Map<number, { request: FastifyRequest; settle: (page: RenderedOrFailed) => void }>();
  private lastPage = 0;
  private readonly app: FastifyInstance;
  private readonly worker: Worker;

  private constructor(app: FastifyInstance, worker: Worker) {
    this.app = app;
    this.worker = worker;
  }

  /** A thread on `buildFile`, once it has loaded the build; `onStop` is called when it stops, for whatever reason. */
  static start(app: FastifyInstance, buildFile: string, onStop: () => void): Promise<RunningThread> {
    return new Promise((resolve, reject) => {
      const worker = new Worker(PAGE_THREAD_FILE, {
        workerData: { buildFile },
        resourceLimits: { maxOldGenerationSizeMb: PAGE_THREAD_OLD_GENERATION_MB },
      });
      const thread = new RunningThread(app, worker);
      worker.on("message", (message: FromPageThread) => {
        if (message.kind === "ready") {
          thread.holdTheProcess();
          resolve(thread);
        } else thread.receive(message);
      });
      let failure: Error | undefined;
      worker.on("error", (error) => {
        failure = error;
      });
      worker.on("exit", (code) => {
        const error = failure ?? new Error(`Le fil des pages s'est arrêté (code ${code}).`);
        reject(error);
        thread.failAll(error);
        onStop();
      });
    });
  }

  get busy(): boolean {
    return this.pages.size > 0;
  }

  /**
   * The thread keeps the process running while it has pages in progress, and not otherwise: a
   * process whose work is done exits (and a server's open port keeps it running anyway).
   */
  private holdTheProcess() {
    if (this.busy) this.worker.ref();
    else this.worker.unref();
  }

  render(request: FastifyRequest, nonce: string): Promise<Response> {
    const page = ++this.lastPage;
    const message: PageRequest = {
      kind: "page",
      page,
      method: request.method,
      url: new URL(request.url, `${request.protocol}://${request.headers.host ?? "localhost"}`).href,
      headers: headerList(request.headers),
      nonce,
    };
    return new Promise<RenderedOrFailed>((settle) => {
      this.pages.set(page, { request, settle });
      this.holdTheProcess();
      this.worker.postMessage(message);
    }).then((result) => {
      if (result.kind === "failed") throw new Error(result.error);
      return new Response(result.body, { status: result.status, headers: result.headers });
    });
  }

  async stop(): Promise<void> {
    await this.worker.terminate();
  }

  private failAll(error: Error) {
    for (const [page, { settle }] of this.pages) {
      this.pages.delete(page);
      settle({ kind: "failed", page, error: error.message });
    }
  }

  private receive(message: Exclude<FromPageThread, { kind: "ready" }>) {
    const page = this.pages.get(message.page);
    if (!page) return;
    if (message.kind === "api") {
      void callApi(this.app, page.request, message)
        // inject answers the API's own errors; this is for a failure of inject itself.
        .catch((): ApiAnswer => ({ kind: "api-answer", call: message.call, status: 500, headers: [], body: null }))
        .then((answer) => this.worker.postMessage(answer, answer.body ? [answer.body] : []));
      return;
    }
    this.pages.delete(message.page);
    this.holdTheProcess();
    page.settle(message);
  }
}

type RenderedOrFailed = Extract<FromPageThread, { kind: "rendered" | "failed" }>;

/**
 * A call of a page's loader to the API: Fastify's inject, in this process, with the page
 * request's cookies (the session) and address. No HTTP round trip, the same routes and checks.
 */
async function callApi(app: FastifyInstance, page: FastifyRequest, call: ApiCall): Promise<ApiAnswer> {
  const headers: Record<string, string> = { accept: "application/json" };
  for (const [name, value] of call.headers) headers[name] = value;
  if (page.headers.cookie) headers.cookie = page.headers.cookie;
  if (page.headers["user-agent"]) headers["user-agent"] = page.headers["user-agent"];
  const answer = await app.inject({
    method: call.method as "GET",
    url: call.path,
    headers,
    payload: call.body,
    remoteAddress: page.ip,
  });
  const empty = answer.statusCode === 204 || answer.statusCode === 304;
  const body = empty ? null : new Uint8Array(answer.rawPayload).buffer;
  return { kind: "api-answer", call: call.call, status: answer.statusCode, headers: headerList(answer.headers), body };
}

/** Node's headers (a value may be a list) as the pairs a web `Headers` is built from. */
function headerList(headers: Record<string, string | string[] | number | undefined>): HeaderList {
  const list: HeaderList = [];
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) list.push([name, String(one)]);
  }
  return list;
}
