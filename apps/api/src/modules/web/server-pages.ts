import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { Worker } from "node:worker_threads";
import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  type ApiAnswer,
  type ApiCall,
  type FromPageThread,
  type HeaderList,
  NULL_BODY_STATUSES,
  type PageRequest,
  type Ping,
  responseOf,
} from "./page-messages.ts";

const run = promisify(execFile);
const PAGE_THREAD_FILE = new URL("./page-thread.ts", import.meta.url);

/** What a test may change of the page thread (decision 107); the server uses the defaults. */
export type PageThreadOptions = {
  /** The server build to load instead of the one beside the client files (a test's). */
  buildFile?: string;
  /** A render's deadline (`PAGE_RENDER_DEADLINE_MS`). */
  renderDeadlineMs?: number;
  /** How long the thread has to answer a ping (`PAGE_THREAD_ANSWER_MS`). */
  answerMs?: number;
  /** The thread's old generation (`PAGE_THREAD_OLD_GENERATION_MB`). */
  oldGenerationMb?: number;
};

/** What the page thread tells the server's readiness (modules/health): its own check, and a fault seen. */
export type PageReadiness = {
  addCheck(check: { name: string; run(): Promise<boolean> }): void;
  faultSeen(): void;
};

/** A page the server rendered, with the nonce its inline scripts carry. */
export type RenderedPage = { response: Response; nonce: string };
export type RenderPage = (request: FastifyRequest) => Promise<RenderedPage>;

/**
 * A page that could not be rendered in time: past its deadline, or on a thread that stopped
 * answering and was replaced. Its visitor gets the outage page (503, Retry-After), not the error page.
 */
export class PageUnavailableError extends Error {}

/**
 * How long the page thread stays without a page to render before it is stopped, its memory
 * given back; the next page starts it again (about 0.1–0.3 s).
 */
export const PAGE_THREAD_IDLE_MS = 5 * 60_000;

/**
 * A page's render, its loaders' calls to the API included, ends within this or is answered with
 * the outage page (decision 107). A page takes 10–20 ms; React aborts a stream left waiting
 * after 6 s (entry.server.tsx); this is for a render that never ends.
 */
export const PAGE_RENDER_DEADLINE_MS = 10_000;

/**
 * A thread whose event loop does not answer a ping within this is stuck (a render in an endless
 * loop): /readyz says so, and past a page's deadline it is replaced. A render is synchronous for
 * 5–10 ms; a full collection of its 64 MB, some 40 ms.
 */
export const PAGE_THREAD_ANSWER_MS = 1_000;

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
export async function loadServerPages(
  app: FastifyInstance,
  webDir: string,
  options: PageThreadOptions = {},
  readiness?: PageReadiness,
): Promise<RenderPage | undefined> {
  const buildFile = options.buildFile ?? path.join(webDir, "..", "server", "index.js");
  if (!existsSync(buildFile)) return undefined;
  const pages = new PageThread(app, buildFile, PAGE_THREAD_IDLE_MS, { ...options, onFault: readiness?.faultSeen });
  await pages.check();
  readiness?.addCheck({ name: "fil des pages", run: () => pages.answers() });
  app.addHook("onClose", () => pages.stop());
  return (request) => {
    const nonce = randomBytes(16).toString("base64");
    return pages.render(request, nonce).then((response) => ({ response, nonce }));
  };
}

/**
 * The page thread (page-thread.ts) as the server sees it: started on demand, stopped after
 * `idleMs` without a page. Its pages' calls to the API are answered here, on the main thread.
 * A page past its deadline is failed (`PageUnavailableError`); if the thread then does not
 * answer a ping, it is stuck and terminated, and the next page starts another (decision 107).
 */
export class PageThread {
  private running: Promise<RunningThread> | undefined;
  /** The thread `running` resolved to. */
  private current: RunningThread | undefined;
  private idleStop: ReturnType<typeof setTimeout> | undefined;
  private readonly app: FastifyInstance;
  private readonly buildFile: string;
  private readonly idleMs: number;
  private readonly deadlineMs: number;
  private readonly answerMs: number;
  private readonly oldGenerationMb: number;
  private readonly onFault: () => void;

  constructor(
    app: FastifyInstance,
    buildFile: string,
    idleMs: number,
    options: Omit<PageThreadOptions, "buildFile"> & { onFault?: () => void } = {},
  ) {
    this.app = app;
    this.buildFile = buildFile;
    this.idleMs = idleMs;
    this.deadlineMs = options.renderDeadlineMs ?? PAGE_RENDER_DEADLINE_MS;
    this.answerMs = options.answerMs ?? PAGE_THREAD_ANSWER_MS;
    this.oldGenerationMb = options.oldGenerationMb ?? PAGE_THREAD_OLD_GENERATION_MB;
    this.onFault = options.onFault ?? (() => {});
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
      return await thread.render(request, nonce, this.deadlineMs);
    } catch (error) {
      if (error instanceof PageUnavailableError && !thread.stopping) {
        this.onFault();
        // Past its deadline: the page waited for the API (a slow database), or the thread is stuck.
        if (!(await thread.answers(this.answerMs))) this.replace(thread);
      }
      throw error;
    } finally {
      if (!thread.busy) this.idleStop = setTimeout(() => this.stopIfIdle(thread), this.idleMs).unref();
    }
  }

  /**
   * Whether the thread answers (readiness): true with no thread (the next page starts one); false
   * while the thread does not answer a ping in time (stuck), until it is replaced.
   */
  async answers(): Promise<boolean> {
    const thread = await this.running?.catch(() => undefined);
    return thread ? thread.answers(this.answerMs) : true;
  }

  async stop(): Promise<void> {
    clearTimeout(this.idleStop);
    const running = this.running;
    this.running = undefined;
    this.current = undefined;
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

  /** A stuck thread: terminated, its pages failed as unavailable; the next page starts another. */
  private replace(thread: RunningThread) {
    if (thread.stopping) return;
    this.app.log.error("le fil des pages ne répond plus : arrêté, un autre rendra les pages suivantes");
    if (this.current === thread) {
      this.running = undefined;
      this.current = undefined;
    }
    void thread.stop(new PageUnavailableError("Le fil des pages ne répondait plus."));
  }

  private thread(): Promise<RunningThread> {
    if (!this.running) {
      // A thread that stops, or could not start, is not kept: the next page starts another.
      const running = RunningThread.start(this.app, this.buildFile, this.oldGenerationMb, () => {
        if (this.running !== running) return;
        this.running = undefined;
        this.current = undefined;
      });
      this.running = running;
      running.then(
        (thread) => {
          if (this.running === running) this.current = thread;
        },
        () => {},
      );
    }
    return this.running;
  }
}

/** One started page thread and the pages it is rendering. */
class RunningThread {
  private readonly pages = new Map<number, { request: FastifyRequest; settle: (page: Settled) => void }>();
  private readonly pongs = new Map<number, () => void>();
  private lastPage = 0;
  private lastPing = 0;
  private readonly app: FastifyInstance;
  private readonly worker: Worker;
  /** Why the server stopped it, if it did: what its pages in progress are failed with. */
  private stopReason: Error | undefined;
  stopped = false;

  private constructor(app: FastifyInstance, worker: Worker) {
    this.app = app;
    this.worker = worker;
  }

  /** A thread on `buildFile`, once it has loaded the build; `onStop` is called when it stops, for whatever reason. */
  static start(
    app: FastifyInstance,
    buildFile: string,
    oldGenerationMb: number,
    onStop: () => void,
  ): Promise<RunningThread> {
    return new Promise((resolve, reject) => {
      const worker = new Worker(PAGE_THREAD_FILE, {
        workerData: { buildFile },
        resourceLimits: { maxOldGenerationSizeMb: oldGenerationMb },
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
        app.log.error({ err: error }, "le fil des pages s'est arrêté");
      });
      worker.on("exit", (code) => {
        thread.stopped = true;
        const error = thread.stopReason ?? failure ?? new Error(`Le fil des pages s'est arrêté (code ${code}).`);
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

  /** The page rendered, or failed; past `deadlineMs`, failed as unavailable (its late answer is dropped). */
  render(request: FastifyRequest, nonce: string, deadlineMs: number): Promise<Response> {
    const page = ++this.lastPage;
    const message: PageRequest = {
      kind: "page",
      page,
      method: request.method,
      url: new URL(request.url, `${request.protocol}://${request.headers.host ?? "localhost"}`).href,
      headers: headerList(request.headers),
      nonce,
    };
    return new Promise<Settled>((settle) => {
      const deadline = setTimeout(() => {
        this.pages.delete(page);
        this.holdTheProcess();
        settle({ kind: "failed", page, error: new PageUnavailableError(`Page non rendue en ${deadlineMs} ms.`) });
      }, deadlineMs);
      this.pages.set(page, {
        request,
        settle: (result) => {
          clearTimeout(deadline);
          settle(result);
        },
      });
      this.holdTheProcess();
      this.worker.postMessage(message);
    }).then((result) => {
      if (result.kind === "failed") throw result.error instanceof Error ? result.error : new Error(result.error);
      return responseOf(result.status, result.headers, result.body);
    });
  }

  /** Whether the thread's event loop answers a ping within `withinMs`. */
  answers(withinMs: number): Promise<boolean> {
    if (this.stopped) return Promise.resolve(false);
    return new Promise((resolve) => {
      const ping = ++this.lastPing;
      const timer = setTimeout(() => {
        this.pongs.delete(ping);
        resolve(false);
      }, withinMs).unref();
      this.pongs.set(ping, () => {
        clearTimeout(timer);
        resolve(true);
      });
      this.worker.postMessage({ kind: "ping", ping } satisfies Ping);
    });
  }

  /** Whether the server has stopped it, or is stopping it. */
  get stopping(): boolean {
    return this.stopped || this.stopReason !== undefined;
  }

  async stop(reason?: Error): Promise<void> {
    this.stopReason ??= reason;
    await this.worker.terminate();
  }

  private failAll(error: Error) {
    for (const [page, { settle }] of this.pages) {
      this.pages.delete(page);
      settle({ kind: "failed", page, error });
    }
  }

  private receive(message: Exclude<FromPageThread, { kind: "ready" }>) {
    if (message.kind === "pong") {
      this.pongs.get(message.ping)?.();
      this.pongs.delete(message.ping);
      return;
    }
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

/** A page's end: rendered by the thread, failed by it (its error's stack) or here (an error). */
type Settled = Extract<FromPageThread, { kind: "rendered" }> | { kind: "failed"; page: number; error: string | Error };

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
  const empty = NULL_BODY_STATUSES.has(answer.statusCode);
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
