// The BCMS live-update socket. Keeps itself connected with
// exponential backoff until disconnect(), never crashes and never leaves a rejection unhandled,
// whatever the server does. The URL carries the API secret: it is server-side only and is never
// logged or put in an error.
import WebSocket from "ws";
import type { BcmsApiKey, SocketTimers } from "./config";
import { BcmsSocketError } from "./errors";
import { isRecord } from "./is-record";
import { type BcmsLogger, silentLogger } from "./logger";
import { createRedactor, type Redactor } from "./redact";

export const SOCKET_PATH = "/api/v3/socket";
/** Connection timeout. */
export const SOCKET_CONNECT_TIMEOUT_MS = 10_000;
/** First reconnect delay, doubled after each failed attempt... */
export const SOCKET_RECONNECT_INITIAL_DELAY_MS = 1_000;
/** ...up to this maximum. */
export const SOCKET_RECONNECT_MAX_DELAY_MS = 60_000;
/** Logged for a frame that is not a JSON `{en, ed}` message. */
export const SOCKET_INVALID_MESSAGE = "Invalid message from server";
/** Logged (with the event name and the error) when a handler throws or rejects. */
export const SOCKET_HANDLER_FAILED_MESSAGE = "Socket handler failed";
/** Rejection of a pending connect() when disconnect() is called. */
export const SOCKET_DISCONNECTED_MESSAGE = "Socket disconnected by the client";
/** The server's first message; the connection counts as open only once it arrives. */
export const SOCKET_CONNECTION_EVENT = "socket_connection";
/** Longest preview of an invalid frame in the log. */
const INVALID_MESSAGE_PREVIEW_LENGTH = 200;

export type SocketState = "connecting" | "open" | "closed" | "reconnecting";

export const realTimers: SocketTimers = {
  setTimeout(callback, ms) {
    const handle = setTimeout(callback, ms);
    // A pending retry alone must not keep a script's process alive.
    handle.unref?.();
    return handle;
  },
  clearTimeout(handle) {
    clearTimeout(handle as ReturnType<typeof setTimeout>);
  },
};

export type SocketEventHandler = (data: unknown, eventName: string) => void | Promise<void>;
export type SocketStateListener = (state: SocketState, previous: SocketState) => void;

export interface BcmsSocketOptions {
  cmsOrigin: string;
  apiKey: BcmsApiKey;
  logger?: BcmsLogger;
  /** Defaults to redacting the API secret. */
  redact?: Redactor;
  connectTimeoutMs?: number;
  initialReconnectDelayMs?: number;
  maxReconnectDelayMs?: number;
  timers?: SocketTimers;
  /** Defaults to the `ws` WebSocket (Node 20 has no global WebSocket). */
  createWebSocket?: (url: string) => WebSocket;
}

/** `{ws|wss}://{host}/api/v3/socket?token=apikey_{id}.{secret}` — secret inside: never log it. */
export function buildSocketUrl(cmsOrigin: string, apiKey: BcmsApiKey): string {
  const origin = new URL(cmsOrigin);
  const protocol = origin.protocol === "https:" ? "wss" : "ws";
  const token = `apikey_${encodeURIComponent(apiKey.id)}.${encodeURIComponent(apiKey.secret)}`;
  return `${protocol}://${origin.host}${SOCKET_PATH}?token=${token}`;
}

/** The socket URL without its token, for logs. */
export function describeSocketUrl(cmsOrigin: string): string {
  const origin = new URL(cmsOrigin);
  return `${origin.protocol === "https:" ? "wss" : "ws"}://${origin.host}${SOCKET_PATH}`;
}

interface Attempt {
  ws: WebSocket | null;
  opened: boolean;
  finished: boolean;
  connectTimer: unknown;
  lastError: string | null;
  promise: Promise<void>;
  resolve(): void;
  reject(error: Error): void;
}

function createAttempt(): Attempt {
  let resolve: () => void = () => {};
  let reject: (error: Error) => void = () => {};
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // Background reconnect attempts have no caller: mark the promise handled so a failed attempt
  // is never an unhandled rejection. A caller of connect() still sees the rejection.
  promise.catch(() => {});
  return {
    ws: null,
    opened: false,
    finished: false,
    connectTimer: null,
    lastError: null,
    promise,
    resolve,
    reject,
  };
}

function frameToText(data: WebSocket.RawData): string {
  if (Buffer.isBuffer(data)) return data.toString("utf8");
  if (Array.isArray(data)) return Buffer.concat(data).toString("utf8");
  return Buffer.from(data).toString("utf8");
}

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export class BcmsSocket {
  private currentState: SocketState = "closed";
  private connectionId: string | null = null;
  private attempt: Attempt | null = null;
  private reconnectTimer: unknown = null;
  private nextDelayMs: number;
  /** True between connect() and disconnect(): the socket keeps itself connected. */
  private wanted = false;
  private readonly handlers = new Map<string, Set<SocketEventHandler>>();
  private readonly anyHandlers = new Set<SocketEventHandler>();
  private readonly stateListeners = new Set<SocketStateListener>();
  private readonly logger: BcmsLogger;
  private readonly redact: Redactor;
  private readonly timers: SocketTimers;
  private readonly connectTimeoutMs: number;
  private readonly initialDelayMs: number;
  private readonly maxDelayMs: number;
  private readonly cmsOrigin: string;
  private readonly apiKey: BcmsApiKey;
  private readonly createWebSocket: (url: string) => WebSocket;

  constructor(options: BcmsSocketOptions) {
    this.cmsOrigin = options.cmsOrigin;
    this.apiKey = options.apiKey;
    this.redact = options.redact ?? createRedactor([options.apiKey.secret]);
    this.logger = options.logger ?? silentLogger;
    this.timers = options.timers ?? realTimers;
    this.connectTimeoutMs = options.connectTimeoutMs ?? SOCKET_CONNECT_TIMEOUT_MS;
    this.initialDelayMs = options.initialReconnectDelayMs ?? SOCKET_RECONNECT_INITIAL_DELAY_MS;
    this.maxDelayMs = options.maxReconnectDelayMs ?? SOCKET_RECONNECT_MAX_DELAY_MS;
    this.nextDelayMs = this.initialDelayMs;
    this.createWebSocket = options.createWebSocket ?? ((url) => new WebSocket(url));
  }

  get state(): SocketState {
    return this.currentState;
  }

  /** Connection id from the server's `socket_connection` message; null when not open. */
  get id(): string | null {
    return this.connectionId;
  }

  /** Delay before the next reconnect attempt. */
  get reconnectDelayMs(): number {
    return this.nextDelayMs;
  }

  /**
   * Opens the connection; resolves when the server's `socket_connection` arrives. Rejects on a
   * connection error, a rejected upgrade (401), a close before opening or the connection timeout;
   * the socket then keeps retrying in the background until disconnect().
   */
  connect(): Promise<void> {
    this.wanted = true;
    if (this.currentState === "open") return Promise.resolve();
    if (this.attempt && !this.attempt.finished) return this.attempt.promise;
    this.clearReconnectTimer();
    return this.startAttempt().promise;
  }

  /** Closes the connection and stops reconnecting until the next connect(). */
  disconnect(): void {
    this.wanted = false;
    this.clearReconnectTimer();
    if (this.attempt) {
      this.endAttempt(this.attempt, SOCKET_DISCONNECTED_MESSAGE);
    } else {
      this.setState("closed");
    }
  }

  /** Registers a handler for one event name; returns the unsubscribe function. */
  on(eventName: string, handler: SocketEventHandler): () => void {
    let set = this.handlers.get(eventName);
    if (!set) {
      set = new Set();
      this.handlers.set(eventName, set);
    }
    set.add(handler);
    return () => {
      set.delete(handler);
    };
  }

  /** Registers a handler for every event (it receives the event name as 2nd argument). */
  onAny(handler: SocketEventHandler): () => void {
    this.anyHandlers.add(handler);
    return () => {
      this.anyHandlers.delete(handler);
    };
  }

  /** Observes state changes (connecting, open, closed, reconnecting). */
  onStateChange(listener: SocketStateListener): () => void {
    this.stateListeners.add(listener);
    return () => {
      this.stateListeners.delete(listener);
    };
  }

  /** Sends `{en, ed}` when open; returns false (and sends nothing) otherwise. */
  emit(eventName: string, data: unknown): boolean {
    const ws = this.attempt?.ws;
    if (this.currentState !== "open" || !ws || ws.readyState !== WebSocket.OPEN) return false;
    try {
      ws.send(JSON.stringify({ en: eventName, ed: data }));
      return true;
    } catch (error) {
      this.logger.warn("BCMS socket send failed", describeError(error));
      return false;
    }
  }

  /** Disconnects and forgets every handler and listener. */
  dispose(): void {
    this.disconnect();
    this.handlers.clear();
    this.anyHandlers.clear();
    this.stateListeners.clear();
  }

  private startAttempt(): Attempt {
    const attempt = createAttempt();
    this.attempt = attempt;
    this.setState("connecting");
    this.logger.debug(`BCMS socket connecting to ${describeSocketUrl(this.cmsOrigin)}`);
    attempt.connectTimer = this.timers.setTimeout(() => {
      this.endAttempt(attempt, `connection timed out after ${this.connectTimeoutMs} ms`);
    }, this.connectTimeoutMs);
    let ws: WebSocket;
    try {
      ws = this.createWebSocket(buildSocketUrl(this.cmsOrigin, this.apiKey));
    } catch (error) {
      this.endAttempt(attempt, describeError(error));
      return attempt;
    }
    attempt.ws = ws;
    // Always listening for `error`: an EventEmitter without one crashes the process.
    ws.on("error", (error: Error) => {
      attempt.lastError = error.message;
    });
    ws.on("message", (data: WebSocket.RawData, isBinary: boolean) => {
      this.handleFrame(attempt, data, isBinary);
    });
    ws.on("close", (code: number) => {
      const reason = attempt.opened
        ? `connection closed (code ${code})`
        : (attempt.lastError ?? `connection closed before opening (code ${code})`);
      this.endAttempt(attempt, reason);
    });
    return attempt;
  }

  /** Ends an attempt exactly once: rejects connect() if not yet open, then maybe reconnects. */
  private endAttempt(attempt: Attempt, reason: string): void {
    if (attempt.finished) return;
    attempt.finished = true;
    this.timers.clearTimeout(attempt.connectTimer);
    const ws = attempt.ws;
    if (ws) {
      ws.removeAllListeners("message");
      ws.removeAllListeners("close");
      try {
        if (ws.readyState === WebSocket.OPEN) ws.close(1000);
        else if (ws.readyState === WebSocket.CONNECTING) ws.terminate();
      } catch {
        // Already closing.
      }
    }
    if (this.attempt === attempt) this.attempt = null;
    const safeReason = this.redact(reason);
    if (attempt.opened) {
      this.logger.warn(`BCMS socket closed: ${safeReason}`);
    } else {
      attempt.reject(new BcmsSocketError(`BCMS socket connection failed: ${safeReason}`));
      if (reason !== SOCKET_DISCONNECTED_MESSAGE) {
        this.logger.warn(`BCMS socket connection failed: ${safeReason}`);
      }
    }
    this.connectionId = null;
    this.setState("closed");
    if (this.wanted) this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    const delay = this.nextDelayMs;
    this.nextDelayMs = Math.min(delay * 2, this.maxDelayMs);
    this.setState("reconnecting");
    this.logger.debug(`BCMS socket reconnecting in ${delay} ms`);
    this.reconnectTimer = this.timers.setTimeout(() => {
      this.reconnectTimer = null;
      if (this.wanted && !this.attempt) this.startAttempt();
    }, delay);
  }

  private clearReconnectTimer(): void {
    if (this.reconnectTimer !== null) {
      this.timers.clearTimeout(this.reconnectTimer);
      this.reconnectTimer = null;
    }
  }

  private handleFrame(attempt: Attempt, data: WebSocket.RawData, isBinary: boolean): void {
    if (attempt.finished || attempt !== this.attempt) return;
    let text = "";
    let message: unknown;
    try {
      text = frameToText(data);
      message = isBinary ? undefined : JSON.parse(text);
    } catch {
      message = undefined;
    }
    if (!isRecord(message) || typeof message.en !== "string" || message.en.length === 0) {
      this.logger.warn(
        SOCKET_INVALID_MESSAGE,
        this.redact(text.slice(0, INVALID_MESSAGE_PREVIEW_LENGTH)),
      );
      return;
    }
    const eventName = message.en;
    const eventData = message.ed;
    if (eventName === SOCKET_CONNECTION_EVENT) this.markOpen(attempt, eventData);
    this.logger.debug(`BCMS socket event ${eventName}`, eventData);
    this.dispatch(eventName, eventData);
  }

  private markOpen(attempt: Attempt, data: unknown): void {
    this.connectionId = isRecord(data) && typeof data.id === "string" ? data.id : null;
    if (attempt.opened) return;
    attempt.opened = true;
    this.timers.clearTimeout(attempt.connectTimer);
    this.nextDelayMs = this.initialDelayMs;
    this.setState("open");
    attempt.resolve();
  }

  private dispatch(eventName: string, data: unknown): void {
    const named = this.handlers.get(eventName);
    const handlers = [...(named ?? []), ...this.anyHandlers];
    for (const handler of handlers) this.invoke(handler, data, eventName);
  }

  /** Runs one handler so that neither a throw nor a rejection escapes or stops the others. */
  private invoke(handler: SocketEventHandler, data: unknown, eventName: string): void {
    const report = (error: unknown) => {
      this.logger.error(SOCKET_HANDLER_FAILED_MESSAGE, { event: eventName, error });
    };
    try {
      const result: unknown = handler(data, eventName);
      if (result instanceof Promise) result.then(undefined, report);
    } catch (error) {
      report(error);
    }
  }

  private setState(next: SocketState): void {
    const previous = this.currentState;
    if (previous === next) return;
    this.currentState = next;
    for (const listener of [...this.stateListeners]) {
      try {
        listener(next, previous);
      } catch (error) {
        this.logger.error("BCMS socket state listener failed", error);
      }
    }
  }
}
