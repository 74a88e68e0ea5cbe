// Page renders off the serving thread (decision 0015): a worker (render-worker.ts) holds its
// own copy of the server build, so the event loop that answers files never runs React, and
// runs at a lower priority, so the serving thread gets the core when both want it. It renders
// visitors' pages and form actions (stored through the serving thread's forms service), the
// background refresh and the renders 404 pages are prepared from; previews and media stay on
// the serving thread (they wait on the content service, not the CPU). Page content is read
// here only: the thread watches the CMS (its client drops what a change touched before the
// change is reported, so a later render reads the CMS as it is) and reads the versions for the
// catch-up. A thread that dies fails the renders it held (they fall back to an older version,
// as any failed render does) and is started again.

import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { SiteEnv } from "../../app/config/env.server";
import type { RedirectSourcesRead } from "../../app/content/cms-redirects.server";
import type { ClassifiedChange } from "../../app/content/content-changes.server";
import type { ContentVersions } from "../../app/content/content-versions";
import type { PublishedVersionStore } from "../../app/content/last-public-versions";
import type { FormsService, RequestFacts } from "../../app/forms/contract";
import { describeError, type SiteLogger } from "../../app/logging/logger.server";
import { contentMetrics, renderMetrics } from "../metrics/site-metrics";
import { PROJECT_DIR } from "../running/build-stamp";
import type { PrecompressedBodies } from "../serving/representation";
import {
  type ContentQuestion,
  errorOf,
  type FromRenderThread,
  type RenderThreadData,
  type ServiceCall,
  sentErrorOf,
  type ToRenderThread,
} from "./render-thread-protocol";

/**
 * The render thread's nice value (Linux: per thread). At 10 its weight is about a tenth of
 * the serving thread's, so renders take what visitors leave, plus about a tenth.
 */
export const RENDER_THREAD_NICENESS = 10;

/** Bodies the render thread compressed already, by the answer they belong to. */
const precompressed = new WeakMap<Response, PrecompressedBodies>();

export function precompressedOf(response: Response): PrecompressedBodies | undefined {
  return precompressed.get(response);
}

function mayHaveBody(method: string): boolean {
  return method !== "GET" && method !== "HEAD";
}

/**
 * The render thread's young generation, in MB (its old generation: RENDER_THREAD_HEAP_MB,
 * app/config/env.server.ts). Renders make much short-lived garbage; with V8's default the
 * process went past its 300 MB budget under the flood benchmark.
 */
export const RENDER_THREAD_YOUNG_MB = 8;

/** After a crash, the next start waits this long, doubled while starts keep failing. */
const RESTART_DELAY_MS = 1000;
const MAX_RESTART_DELAY_MS = 60_000;

export interface RenderThreadOptions {
  buildDir: string;
  env: SiteEnv;
  logger: SiteLogger;
  publishedVersions?: PublishedVersionStore;
  forms?: FormsService;
  /** The forms signing key (what `forms.sign` signs with); required with `forms`. */
  signingKey?: Buffer;
  /** The key `signingKey` replaced (a rotation): what it signed is still taken. */
  previousSigningKey?: Buffer;
  niceness?: number;
  /** Another worker speaking render-thread-protocol.ts (tests: one that exits on demand). */
  workerFile?: URL;
  restartDelayMs?: number;
}

/**
 * The worker's file, bundled by `npm start` (build/render-worker.mjs), or now when the server
 * runs from sources newer than it: a worker thread cannot load TypeScript through a loader.
 */
async function workerFile(): Promise<URL> {
  const besideServer = new URL("./render-worker.mjs", import.meta.url);
  if (import.meta.url.endsWith(".mjs") && existsSync(fileURLToPath(besideServer))) {
    return besideServer;
  }
  const bundler = pathToFileURL(path.join(PROJECT_DIR, "scripts", "server-bundles.mjs")).href;
  const { currentBundle } = (await import(bundler)) as {
    currentBundle(name: "renderWorker"): Promise<string>;
  };
  return pathToFileURL(await currentBundle("renderWorker"));
}

interface Waiting<T> {
  resolve(value: T): void;
  reject(error: Error): void;
}

/** The serving thread's side of the thread's watch of content changes. */
interface ContentWatch {
  onChange: (change: ClassifiedChange) => void;
  /**
   * A thread's socket is open, the first thread's or one started again: from now on no
   * event is missed, and what changed before is looked for (refresh/content-catch-up.ts).
   */
  onWatching: () => void;
}

export class RenderThread {
  private worker: Worker | undefined;
  /** Settles when the thread is up (or could not start); renders wait for it. */
  private starting: Promise<void> = Promise.resolve();
  private nextId = 0;
  private readonly renders = new Map<number, Waiting<Response>>();
  private readonly questions = new Map<number, Waiting<unknown>>();
  private watch: ContentWatch | undefined;
  /** The thread now running began watching and has not said its socket is open yet. */
  private resuming = false;
  private closed = false;
  private restartTimer: NodeJS.Timeout | undefined;
  private restartDelayMs: number;

  private constructor(private readonly options: RenderThreadOptions) {
    this.restartDelayMs = options.restartDelayMs ?? RESTART_DELAY_MS;
  }

  static async start(options: RenderThreadOptions): Promise<RenderThread> {
    if (options.forms && !options.signingKey) {
      // Its form pages would carry no stamp, and its actions would store nothing.
      throw new Error("a render thread with a forms service needs the key it signs with");
    }
    const thread = new RenderThread(options);
    thread.starting = thread.spawn();
    await thread.starting;
    return thread;
  }

  /** The body, if any, is read here first (the server has limited it). */
  async render(request: Request, facts?: RequestFacts): Promise<Response> {
    if (this.closed) throw new Error("the render thread is closed");
    // A GET or HEAD has no body: asking for one would build the whole Request the server
    // otherwise never needs (a third of a millisecond per render).
    const body =
      mayHaveBody(request.method) && request.body ? await request.arrayBuffer() : undefined;
    await this.starting;
    const worker = this.worker;
    if (this.closed || !worker) throw new Error("the render thread is not running");
    const id = ++this.nextId;
    const headers = [...request.headers.entries()];
    return new Promise<Response>((resolve, reject) => {
      this.renders.set(id, { resolve, reject });
      worker.postMessage(
        {
          type: "render",
          id,
          url: request.url,
          method: request.method,
          headers,
          body,
          facts,
        } satisfies ToRenderThread,
        body ? [body] : [],
      );
    });
  }

  /** Read by the thread: its client holds the content pages are rendered from. */
  async readContentVersions(): Promise<ContentVersions> {
    await this.starting;
    return (await this.ask("readContentVersions")) as ContentVersions;
  }

  /**
   * Has the thread watch the CMS and report each change, classified: its own client drops
   * exactly what a change touched, and the process reads each list once. A thread started
   * again watches again (`onWatching`). Returns a function that stops watching.
   */
  watchContentChanges(
    onChange: ContentWatch["onChange"],
    onWatching: ContentWatch["onWatching"],
  ): () => void {
    this.watch = { onChange, onWatching };
    this.resuming = true;
    this.worker?.postMessage({ type: "watch" } satisfies ToRenderThread);
    return () => {
      this.watch = undefined;
      this.resuming = false;
      this.worker?.postMessage({ type: "unwatch" } satisfies ToRenderThread);
    };
  }

  async readRedirectSources(): Promise<RedirectSourcesRead> {
    await this.starting;
    return (await this.ask("readRedirectSources")) as RedirectSourcesRead;
  }

  private ask(question: ContentQuestion): Promise<unknown> {
    const worker = this.worker;
    if (this.closed || !worker)
      return Promise.reject(new Error("the render thread is not running"));
    const id = ++this.nextId;
    return new Promise((resolve, reject) => {
      this.questions.set(id, { resolve, reject });
      worker.postMessage({ type: "ask", id, question } satisfies ToRenderThread);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.restartTimer);
    const worker = this.worker;
    this.worker = undefined;
    this.failAll(new Error("the render thread was closed"));
    await worker?.terminate();
  }

  private async spawn(again = false): Promise<void> {
    const { options } = this;
    const data: RenderThreadData = {
      buildDir: options.buildDir,
      env: options.env,
      publishedVersions: Boolean(options.publishedVersions),
      niceness: options.niceness ?? RENDER_THREAD_NICENESS,
      ...(options.forms && options.signingKey
        ? {
            forms: {
              signingKey: new Uint8Array(options.signingKey),
              ...(options.previousSigningKey
                ? { previousSigningKey: new Uint8Array(options.previousSigningKey) }
                : {}),
              minSubmitSeconds: options.forms.minSubmitSeconds,
            },
          }
        : {}),
    };
    const file = options.workerFile ?? (await workerFile());
    if (this.closed) return;
    const worker = new Worker(file, {
      workerData: data,
      // Past this the thread stops (and is started again) rather than grow the process.
      resourceLimits: {
        maxOldGenerationSizeMb: options.env.renderThreadHeapMb,
        maxYoungGenerationSizeMb: RENDER_THREAD_YOUNG_MB,
      },
    });
    this.worker = worker;
    const ready = new Promise<void>((resolve, reject) => {
      const onMessage = (message: FromRenderThread) => {
        if (message.type !== "ready") return;
        worker.off("message", onMessage);
        worker.off("error", onEarlyError);
        worker.off("exit", onEarlyExit);
        this.restartDelayMs = options.restartDelayMs ?? RESTART_DELAY_MS;
        resolve();
      };
      // An error comes before its exit: the first to come says why.
      const onEarlyError = (error: Error) => reject(error);
      const onEarlyExit = (code: number) =>
        reject(new Error(`the render thread stopped before it was ready (code ${code})`));
      worker.on("message", onMessage);
      worker.once("error", onEarlyError);
      worker.once("exit", onEarlyExit);
    });
    worker.on("message", (message: FromRenderThread) => this.receive(worker, message));
    worker.on("error", (error) => {
      if ((error as NodeJS.ErrnoException).code === "ERR_WORKER_OUT_OF_MEMORY") {
        // What it held is more than its heap: the content grew past what it was sized for.
        options.logger.error("render thread ran out of its heap: raise RENDER_THREAD_HEAP_MB", {
          heapMb: options.env.renderThreadHeapMb,
        });
        return;
      }
      options.logger.error("render thread failed", { error: describeError(error) });
    });
    worker.on("exit", (code) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      this.failAll(new Error(`the render thread exited (code ${code})`));
      if (this.closed) return;
      renderMetrics.threadRestarted();
      contentMetrics.socketDown();
      options.logger.error("render thread stopped: starting it again", {
        code,
        inMs: this.restartDelayMs,
      });
      this.restart();
    });
    await ready;
    if (this.watch && this.worker === worker) {
      // Started again: its watch begins now, and what changed meanwhile is looked for
      // once it is open.
      this.resuming = again;
      worker.postMessage({ type: "watch" } satisfies ToRenderThread);
    }
  }

  private restart(): void {
    const delay = this.restartDelayMs;
    this.restartDelayMs = Math.min(delay * 2, MAX_RESTART_DELAY_MS);
    this.starting = new Promise<void>((resolve, reject) => {
      this.restartTimer = setTimeout(() => {
        if (this.closed) return resolve();
        this.spawn(true).then(resolve, reject);
      }, delay);
    });
    // Renders waiting on it see the failure; the thread's exit starts it again.
    this.starting.catch(() => {});
  }

  private failAll(error: Error): void {
    for (const waiting of [...this.renders.values(), ...this.questions.values()]) {
      waiting.reject(error);
    }
    this.renders.clear();
    this.questions.clear();
  }

  private receive(worker: Worker, message: FromRenderThread): void {
    switch (message.type) {
      case "rendered": {
        const waiting = this.renders.get(message.id);
        if (!waiting) return;
        this.renders.delete(message.id);
        const headers = new Headers();
        for (const [name, value] of message.headers) headers.append(name, value);
        const response = new Response(message.body ? new Uint8Array(message.body) : null, {
          status: message.status,
          headers,
        });
        if (message.encoded) {
          const encoded = Buffer.from(message.encoded.body);
          precompressed.set(response, {
            [message.encoded.encoding]: () => Promise.resolve(encoded),
          });
        }
        waiting.resolve(response);
        return;
      }
      case "failed": {
        const waiting = this.renders.get(message.id);
        if (!waiting) return;
        this.renders.delete(message.id);
        waiting.reject(errorOf(message.error));
        return;
      }
      case "answer": {
        const waiting = this.questions.get(message.id);
        if (!waiting) return;
        this.questions.delete(message.id);
        if (message.error === undefined) waiting.resolve(message.value);
        else waiting.reject(errorOf(message.error));
        return;
      }
      case "changed":
        this.watch?.onChange(message.change);
        return;
      case "socket-down":
        contentMetrics.socketDown();
        return;
      case "heap":
        renderMetrics.threadHeap(message.used, message.total);
        return;
      case "refused-value":
        contentMetrics.valueRefused(message.kind);
        return;
      case "watching":
        contentMetrics.socketOpen();
        if (this.resuming) {
          this.resuming = false;
          this.watch?.onWatching();
        }
        return;
      case "log":
        this.options.logger[message.level]?.(message.message, message.fields);
        return;
      case "call":
        void this.serve(worker, message);
        return;
      case "ready":
        return;
    }
  }

  /** A call the thread makes to a service that is one per process. */
  private async serve(worker: Worker, call: ServiceCall): Promise<void> {
    const target: object | undefined =
      call.service === "publishedVersions" ? this.options.publishedVersions : this.options.forms;
    const method = target ? (target as Record<string, unknown>)[call.method] : undefined;
    try {
      if (typeof method !== "function") throw new Error(`no ${call.service}.${call.method}`);
      const value: unknown = await method.apply(target, call.args);
      worker.postMessage({ type: "result", id: call.id, value } satisfies ToRenderThread);
    } catch (error) {
      worker.postMessage({
        type: "result",
        id: call.id,
        error: sentErrorOf(error),
      } satisfies ToRenderThread);
    }
  }
}
