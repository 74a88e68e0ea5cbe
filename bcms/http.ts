// The one fetch primitive of the BCMS library: base URL, `Authorization: ApiKey` header,
// per-request timeout, caller cancellation, queueing, envelope unwrapping and typed errors.
import type { ResolvedBcmsConfig } from "./config";
import {
  BcmsCanceledError,
  BcmsError,
  BcmsNetworkError,
  BcmsResponseError,
  BcmsTimeoutError,
} from "./errors";
import { isRecord } from "./is-record";
import type { BcmsLogger } from "./logger";
import { instanceBasePath } from "./paths";
import { type Queue, QueueCanceledError } from "./queue";
import type { Redactor } from "./redact";

export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE";

/** Longest server message kept in an error; bodies can be whole HTML error pages. */
export const MAX_SERVER_MESSAGE_LENGTH = 500;

export interface RequestOptions {
  /** Aborting it cancels the request (BcmsCanceledError). */
  signal?: AbortSignal;
  /** Overrides the configured timeout for this request. */
  timeoutMs?: number;
}

export interface HttpRequest extends RequestOptions {
  method?: HttpMethod;
  /** Path after the instance base, already built with buildPath (segments encoded). */
  path: string;
  query?: Readonly<Record<string, string>>;
  body?: unknown;
  /** Another origin for the same path (the media CDN). */
  origin?: string;
  /** Extra request headers (range, conditional); they never replace `Authorization`. */
  headers?: Readonly<Record<string, string>>;
}

export interface HttpClient {
  /** JSON body of a 2xx response (null when empty). */
  json(request: HttpRequest): Promise<unknown>;
  /** Raw bytes of a 2xx response (media binaries). */
  bytes(request: HttpRequest): Promise<Uint8Array>;
  /**
   * The response of a 2xx or 304 answer with its body still streaming, for passing a binary
   * on without buffering it. Other statuses throw as everywhere; the timeout and the caller's
   * signal cover the body too, and a broken body fails with the same typed errors.
   */
  stream(request: HttpRequest): Promise<Response>;
  /** `items` of a list envelope, each checked by the guard. */
  items<T>(path: string, guard: Guard<T>, options?: RequestOptions): Promise<T[]>;
  /** `item` of a single envelope, checked by the guard. */
  item<T>(request: HttpRequest, guard: Guard<T>): Promise<T>;
  /** Full absolute URL of a path (for server-side use; carries no credential). */
  url(path: string, origin?: string): string;
  readonly basePath: string;
}

/** A light runtime check of a response entity (responses are checked, never blindly cast). */
export type Guard<T> = (value: unknown) => value is T;

function networkCode(error: unknown): string | null {
  // undici wraps the socket error in `cause`.
  const candidates = [error, isRecord(error) ? error.cause : undefined];
  for (const candidate of candidates) {
    if (isRecord(candidate) && typeof candidate.code === "string") return candidate.code;
  }
  return null;
}

function networkReason(error: unknown): string {
  const code = networkCode(error);
  const cause = isRecord(error) ? error.cause : undefined;
  const causeMessage = cause instanceof Error ? cause.message : null;
  const message = error instanceof Error ? error.message : String(error);
  return [message, causeMessage, code].filter(Boolean).join(": ");
}

function extractServerMessage(text: string, redact: Redactor): string | null {
  if (text.length === 0) return null;
  let message = text;
  try {
    const parsed: unknown = JSON.parse(text);
    if (isRecord(parsed) && typeof parsed.message === "string") message = parsed.message;
  } catch {
    // Not JSON: keep the text itself.
  }
  const trimmed = message.trim().slice(0, MAX_SERVER_MESSAGE_LENGTH);
  return trimmed.length > 0 ? redact(trimmed) : null;
}

type Reading = "json" | "bytes" | "stream";

/** What one call sends and how its answer is read, with the client's parts it needs. */
interface Call {
  request: HttpRequest;
  read: Reading;
  method: HttpMethod;
  /** The path with the instance base, as errors and log lines name it. */
  path: string;
  /** The absolute URL with the query. */
  target: string;
  timeoutMs: number;
  authorization: string;
  logger: BcmsLogger;
  redact: Redactor;
}

/**
 * One call on its way, once the queue runs it: its timeout, its cancellation (by the queue or
 * the caller's signal, which keeps covering a streamed body after the queue slot is freed),
 * and what a failure of its transport means.
 */
class Exchange {
  private readonly controller = new AbortController();
  private readonly abort = () => this.controller.abort();
  private readonly timer: ReturnType<typeof setTimeout>;
  private readonly started = Date.now();
  private timedOut = false;
  private bodyHandedOver = false;

  constructor(
    private readonly call: Call,
    private readonly queueSignal: AbortSignal,
  ) {
    queueSignal.addEventListener("abort", this.abort, { once: true });
    this.timer = setTimeout(() => {
      this.timedOut = true;
      this.controller.abort();
    }, call.timeoutMs);
  }

  async run(): Promise<unknown> {
    try {
      const response = await this.fetch();
      try {
        return await this.readAnswer(response);
      } catch (error) {
        if (error instanceof BcmsError) throw error;
        // The body stream broke or was aborted half-way.
        throw this.transportError(error);
      }
    } finally {
      if (!this.bodyHandedOver) this.settle();
    }
  }

  private async fetch(): Promise<Response> {
    const { request, read, method, target, authorization } = this.call;
    const headers = new Headers(request.headers);
    headers.set("Authorization", authorization);
    if (!headers.has("Accept")) {
      headers.set("Accept", read === "json" ? "application/json" : "*/*");
    }
    let body: string | undefined;
    if (request.body !== undefined) {
      headers.set("Content-Type", "application/json");
      body = JSON.stringify(request.body);
    }
    try {
      return await fetch(target, { method, headers, body, signal: this.controller.signal });
    } catch (error) {
      throw this.transportError(error);
    }
  }

  private async readAnswer(response: Response): Promise<unknown> {
    const { request, read, method, path, logger, redact } = this.call;
    // A 304 is the answer to a conditional request the caller made on purpose.
    const answered = response.ok || (read === "stream" && response.status === 304);
    if (!answered) {
      const text = await response.text();
      const serverMessage = extractServerMessage(text, redact);
      logger.debug(`BCMS ${method} ${path} -> ${response.status} (${this.elapsedMs()} ms)`);
      throw new BcmsError(
        `BCMS ${method} ${path} failed with status ${response.status}${
          serverMessage ? `: ${serverMessage}` : ""
        }`,
        { method, path, status: response.status, serverMessage },
      );
    }
    if (read === "stream") {
      logger.debug(
        `BCMS ${method} ${path} -> ${response.status} (${this.elapsedMs()} ms to headers)`,
      );
      // The queue slot is free once the headers are in; the caller's signal, which
      // the queue stops watching then, keeps covering the body.
      request.signal?.addEventListener("abort", this.abort, { once: true });
      this.bodyHandedOver = true;
      return withWatchedBody(
        response,
        (error) => this.transportError(error),
        () => this.settle(),
      );
    }
    const result =
      read === "bytes"
        ? new Uint8Array(await response.arrayBuffer())
        : await this.readJson(response);
    logger.debug(`BCMS ${method} ${path} -> ${response.status} (${this.elapsedMs()} ms)`);
    return result;
  }

  private async readJson(response: Response): Promise<unknown> {
    const text = await response.text();
    if (text.trim().length === 0) return null;
    try {
      return JSON.parse(text);
    } catch {
      throw new BcmsResponseError(
        this.call.method,
        this.call.path,
        response.status,
        "body is not JSON",
      );
    }
  }

  private elapsedMs(): number {
    return Date.now() - this.started;
  }

  /** Ends the timer and the cancellation hooks, once the body is read or handed over. */
  private settle(): void {
    clearTimeout(this.timer);
    this.queueSignal.removeEventListener("abort", this.abort);
    this.call.request.signal?.removeEventListener("abort", this.abort);
  }

  /** A failed fetch or body read: a timeout, a cancellation or a network fault. */
  private transportError(error: unknown): Error {
    const { request, method, path, timeoutMs, redact } = this.call;
    if (this.timedOut) return new BcmsTimeoutError(method, path, timeoutMs);
    if (this.queueSignal.aborted || request.signal?.aborted) {
      return new BcmsCanceledError(method, path);
    }
    return new BcmsNetworkError(method, path, networkCode(error), redact(networkReason(error)));
  }
}

export function createHttpClient(deps: {
  config: ResolvedBcmsConfig;
  queue: Queue;
  logger: BcmsLogger;
  redact: Redactor;
}): HttpClient {
  const { config, queue, logger, redact } = deps;
  const basePath = instanceBasePath(config.orgId, config.instanceId);
  const authorization = `ApiKey ${config.apiKey.id}.${config.apiKey.secret}`;

  function url(path: string, origin: string = config.cmsOrigin): string {
    return `${origin}${basePath}${path}`;
  }

  async function send(request: HttpRequest, read: Reading): Promise<unknown> {
    const method = request.method ?? "GET";
    const path = `${basePath}${request.path}`;
    const query = request.query ? new URLSearchParams(request.query).toString() : "";
    const call: Call = {
      request,
      read,
      method,
      path,
      target: `${url(request.path, request.origin)}${query ? `?${query}` : ""}`,
      timeoutMs: request.timeoutMs ?? config.timeoutMs,
      authorization,
      logger,
      redact,
    };
    const handle = queue.enqueue((queueSignal) => new Exchange(call, queueSignal).run(), {
      signal: request.signal,
    });
    try {
      return await handle.promise;
    } catch (error) {
      if (error instanceof QueueCanceledError) throw new BcmsCanceledError(method, path);
      throw error;
    }
  }

  async function item<T>(request: HttpRequest, guard: Guard<T>): Promise<T> {
    const body = await send(request, "json");
    const method = request.method ?? "GET";
    if (!isRecord(body) || !("item" in body)) {
      throw new BcmsResponseError(method, `${basePath}${request.path}`, 200, "expected `item`");
    }
    const value = body.item;
    if (!guard(value)) {
      throw new BcmsResponseError(method, `${basePath}${request.path}`, 200, "malformed `item`");
    }
    return value;
  }

  async function items<T>(path: string, guard: Guard<T>, options: RequestOptions = {}) {
    const body = await send({ ...options, path }, "json");
    if (!isRecord(body) || !Array.isArray(body.items)) {
      throw new BcmsResponseError("GET", `${basePath}${path}`, 200, "expected an `items` array");
    }
    const list: unknown[] = body.items;
    const bad = list.findIndex((value) => !guard(value));
    if (bad !== -1) {
      throw new BcmsResponseError("GET", `${basePath}${path}`, 200, `malformed items[${bad}]`);
    }
    return list as T[];
  }

  return {
    json: (request) => send(request, "json"),
    bytes: async (request) => (await send(request, "bytes")) as Uint8Array,
    stream: async (request) => (await send(request, "stream")) as Response,
    items,
    item,
    url,
    basePath,
  };
}

/** Statuses whose responses never have a body (the Response constructor refuses one). */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/**
 * The response with a body that calls `settle` when it ends, fails or is cancelled, and turns a
 * broken read into the library's typed error.
 */
function withWatchedBody(
  response: Response,
  failure: (error: unknown) => Error,
  settle: () => void,
): Response {
  const init = {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  };
  const source = response.body;
  if (!source || NULL_BODY_STATUSES.has(response.status)) {
    settle();
    void source?.cancel().catch(() => {});
    return new Response(null, init);
  }
  const reader = source.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (error) {
        settle();
        controller.error(failure(error));
        return;
      }
      if (chunk.done) {
        settle();
        controller.close();
      } else {
        controller.enqueue(chunk.value);
      }
    },
    async cancel(reason) {
      settle();
      await reader.cancel(reason).catch(() => {});
    },
  });
  return new Response(body, init);
}
