// The render thread's entry (render-thread.ts starts it): its own copy of the server build,
// with its own content client and caches, answering the page renders the serving thread
// sends it. What must stay one per process is reached over the port: the log, the store of
// published versions, and the forms service's calls (an action stores its submission
// there). Signing is local (the key is given at start): every form page's loader signs a
// stamp.
import { setPriority } from "node:os";
import { parentPort, workerData } from "node:worker_threads";
import type { LogLevel } from "../../app/config/env.server";
import type { PublishedVersionStore } from "../../app/content/last-public-versions";
import type { FormsService } from "../../app/forms/contract";
import { purposeSigners } from "../../app/forms/tokens.server";
import type { LogFields, SiteLogger } from "../../app/logging/logger.server";
import {
  compressSync,
  type Encoding,
  MIN_COMPRESS_BYTES,
  negotiateEncoding,
} from "../serving/compression";
import { isCompressibleType } from "../serving/mime";
import {
  type ContentQuestion,
  errorOf,
  type FromRenderThread,
  HEAP_REPORT_INTERVAL_MS,
  type RenderThreadData,
  type ServiceCall,
  sentErrorOf,
  type ToRenderThread,
} from "./render-thread-protocol";
import { loadServerBuild } from "./server-build";

if (!parentPort) throw new Error("render-worker.ts runs as a worker thread (render-thread.ts)");
const port = parentPort;
const data = workerData as RenderThreadData;
// Linux keeps a nice value per thread: this lowers the render thread's alone.
try {
  setPriority(data.niceness);
} catch {
  // Not permitted here: the thread runs at the serving thread's priority.
}
const send = (message: FromRenderThread, transfer?: ArrayBuffer[]) =>
  port.postMessage(message, transfer ?? []);

/** Log lines go to the serving thread's logger, so the process keeps one log. */
const log =
  (level: LogLevel) =>
  (message: string, fields?: LogFields): void => {
    try {
      send({ type: "log", level, message, fields });
    } catch {
      // Fields that cannot cross threads (a function, a socket...): their JSON form does.
      send({ type: "log", level, message, fields: JSON.parse(JSON.stringify(fields ?? {})) });
    }
  };
const logger: SiteLogger = {
  debug: log("debug"),
  info: log("info"),
  warn: log("warn"),
  error: log("error"),
};

let nextCall = 0;
const pendingCalls = new Map<number, { resolve(value: unknown): void; reject(e: Error): void }>();
function call(service: ServiceCall["service"], method: string, args: unknown[]): Promise<never> {
  const id = ++nextCall;
  return new Promise((resolve, reject) => {
    pendingCalls.set(id, { resolve: resolve as (value: unknown) => void, reject });
    send({ type: "call", id, service, method, args });
  });
}

const publishedVersions: PublishedVersionStore | undefined = data.publishedVersions
  ? {
      listPublishedVersionKeys: (...args) =>
        call("publishedVersions", "listPublishedVersionKeys", args),
      getPublishedVersions: (...args) => call("publishedVersions", "getPublishedVersions", args),
      recordPublishedVersions: (...args) =>
        call("publishedVersions", "recordPublishedVersions", args),
      removePublishedVersions: (...args) =>
        call("publishedVersions", "removePublishedVersions", args),
      listEntryAddresses: (...args) => call("publishedVersions", "listEntryAddresses", args),
    }
  : undefined;

const signingKey = data.forms ? Buffer.from(data.forms.signingKey) : undefined;
const forms: FormsService | undefined =
  data.forms && signingKey
    ? {
        record: (...args) => call("forms", "record", args),
        checkRate: (...args) => call("forms", "checkRate", args),
        signer: purposeSigners(
          signingKey,
          data.forms.previousSigningKey && Buffer.from(data.forms.previousSigningKey),
        ),
        minSubmitSeconds: data.forms.minSubmitSeconds,
      }
    : undefined;

const build = await loadServerBuild(
  data.buildDir,
  { forms },
  {
    env: data.env,
    logger,
    publishedVersions,
    refusedValue: (kind) => send({ type: "refused-value", kind }),
  },
);

let stopWatching: (() => void) | undefined;

port.on("message", (message: ToRenderThread) => {
  switch (message.type) {
    case "render":
      void render(message);
      return;
    case "ask":
      void answer(message.id, message.question);
      return;
    case "watch":
      stopWatching?.();
      // This thread's client is the one that reads content for pages: watching here drops
      // exactly what each change touched from it, and the process holds one copy of it.
      stopWatching = build.watchContentChanges((change) => send({ type: "changed", change }), {
        onOpen: () => send({ type: "watching" }),
        onDown: () => send({ type: "socket-down" }),
      });
      return;
    case "unwatch":
      stopWatching?.();
      stopWatching = undefined;
      return;
    case "result": {
      const pending = pendingCalls.get(message.id);
      if (!pending) return;
      pendingCalls.delete(message.id);
      if (message.error === undefined) pending.resolve(message.value);
      else pending.reject(errorOf(message.error));
      return;
    }
  }
});

async function answer(id: number, question: ContentQuestion): Promise<void> {
  try {
    const read = build[question];
    if (typeof read !== "function") throw new Error(`the server build cannot answer ${question}`);
    send({ type: "answer", id, value: await read() });
  } catch (error) {
    send({ type: "answer", id, error: sentErrorOf(error) });
  }
}

async function render(message: Extract<ToRenderThread, { type: "render" }>): Promise<void> {
  try {
    const request = new Request(message.url, {
      method: message.method,
      headers: message.headers,
      body: message.body,
    });
    const response = await build.handler(request, message.facts);
    const headers: [string, string][] = [];
    response.headers.forEach((value, name) => {
      if (name !== "set-cookie") headers.push([name, value]);
    });
    for (const cookie of response.headers.getSetCookie()) headers.push(["set-cookie", cookie]);
    const body = response.body ? await response.arrayBuffer() : null;
    const encoded = body ? compressed(body, response.headers, request) : undefined;
    send({ type: "rendered", id: message.id, status: response.status, headers, body, encoded }, [
      ...(body ? [body] : []),
      ...(encoded ? [encoded.body] : []),
    ]);
  } catch (error) {
    send({ type: "failed", id: message.id, error: sentErrorOf(error) });
  }
}

/**
 * The body in the encoding the request takes, compressed here rather than on the serving
 * thread (at this thread's lower priority), when the serving thread would compress it.
 */
function compressed(
  body: ArrayBuffer,
  headers: Headers,
  request: Request,
): { encoding: Encoding; body: ArrayBuffer } | undefined {
  if (body.byteLength < MIN_COMPRESS_BYTES || headers.has("content-encoding")) return undefined;
  if (!isCompressibleType(headers.get("content-type"))) return undefined;
  const encoding = negotiateEncoding(request.headers.get("accept-encoding"));
  if (!encoding) return undefined;
  const encoded = compressSync(new Uint8Array(body), encoding, "fast");
  // A fresh buffer of its own, so it can be handed over without a copy.
  const owned = new Uint8Array(encoded.byteLength);
  owned.set(encoded);
  return { encoding, body: owned.buffer };
}

send({ type: "ready" });

// The serving thread exports this thread's heap with its own metrics (server/metrics/).
setInterval(() => {
  const { heapUsed, heapTotal } = process.memoryUsage();
  send({ type: "heap", used: heapUsed, total: heapTotal });
}, HEAP_REPORT_INTERVAL_MS).unref();
