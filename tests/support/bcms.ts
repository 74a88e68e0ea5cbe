// Test support for the bcms/ tests (kept out of the library): real HTTP and WebSocket
// servers on 127.0.0.1 with port 0, a BCMS-like stub, a memory logger and fake timers.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { inspect } from "node:util";
import { afterAll, beforeAll } from "vitest";
import { WebSocketServer, type WebSocket as WsSocket } from "ws";
import type { BcmsConfig, SocketTimers } from "../../bcms/config";
import type { BcmsLogger } from "../../bcms/logger";

export const TEST_SECRET = "sEcReT-0f3a9c-never-print-me";
export const TEST_KEY_ID = "64f0c0de0000000000000003";
export const TEST_ORG = "64f0c0de0000000000000001";
export const TEST_INSTANCE = "64f0c0de0000000000000002";
export const TEST_BASE = `/api/v3/org/${TEST_ORG}/instance/${TEST_INSTANCE}`;

export function testConfig(origin: string, extra: Partial<BcmsConfig> = {}): BcmsConfig {
  return {
    orgId: TEST_ORG,
    instanceId: TEST_INSTANCE,
    apiKey: { id: TEST_KEY_ID, secret: TEST_SECRET },
    cmsOrigin: origin,
    logger: createMemoryLogger().logger,
    ...extra,
  };
}

// --- Logger ------------------------------------------------------------------------------------

export interface LogLine {
  level: keyof BcmsLogger;
  args: unknown[];
}

export interface MemoryLogger {
  logger: BcmsLogger;
  lines: LogLine[];
  /** Everything logged, deeply inspected (to search for leaks). */
  text(): string;
  has(level: keyof BcmsLogger, first: string): boolean;
}

export function createMemoryLogger(): MemoryLogger {
  const lines: LogLine[] = [];
  const push =
    (level: keyof BcmsLogger) =>
    (...args: unknown[]) => {
      lines.push({ level, args });
    };
  return {
    logger: { debug: push("debug"), info: push("info"), warn: push("warn"), error: push("error") },
    lines,
    text: () => lines.map((line) => inspect(line, { depth: 20 })).join("\n"),
    has: (level, first) => lines.some((line) => line.level === level && line.args[0] === first),
  };
}

// --- HTTP --------------------------------------------------------------------------------------

export interface RecordedRequest {
  method: string;
  /** Raw request target as received (path + query, still encoded). */
  url: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage["headers"];
  body: string;
}

export type TestHandler = (request: RecordedRequest, res: ServerResponse) => void | Promise<void>;

export interface TestHttpServer {
  origin: string;
  port: number;
  requests: RecordedRequest[];
  server: Server;
  close(): Promise<void>;
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json" });
  res.end(text);
}

export async function startHttpServer(handler: TestHandler): Promise<TestHttpServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const url = req.url ?? "/";
      const parsed = new URL(url, "http://127.0.0.1");
      const recorded: RecordedRequest = {
        method: req.method ?? "GET",
        url,
        path: parsed.pathname,
        query: parsed.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      requests.push(recorded);
      Promise.resolve(handler(recorded, res)).catch((error: unknown) => {
        sendJson(res, 500, { message: String(error) });
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    requests,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port nothing listens on (bound, then released). */
export async function unusedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

// --- BCMS-like stub -----------------------------------------------------------------------------

export interface StubData {
  templates: Array<Record<string, unknown>>;
  groups?: Array<Record<string, unknown>>;
  widgets?: Array<Record<string, unknown>>;
  languages?: Array<Record<string, unknown>>;
  statuses?: Array<Record<string, unknown>>;
  media?: Array<Record<string, unknown>>;
  /** Raw entries. */
  entries?: Array<Record<string, unknown>>;
  /** Parsed entries. */
  parsed?: Array<Record<string, unknown>>;
  /** Media binaries by media id. */
  files?: Record<string, string>;
  /** Milliseconds to hold a response, by request path (after the instance base). */
  delayMs?: (path: string) => number;
  /** A promise to wait on before answering, by request path (after the instance base). */
  hold?: (path: string) => Promise<void> | undefined;
}

/**
 * Answers the BCMS v3 routes from `data` (mutable by the test). Checks the Authorization header,
 * as BCMS does, and records every request.
 */
export async function startBcmsStub(data: StubData): Promise<TestHttpServer> {
  return startHttpServer(async (request, res) => {
    const delay = data.delayMs?.(request.path.slice(TEST_BASE.length)) ?? 0;
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    await data.hold?.(request.path.slice(TEST_BASE.length));
    if (request.headers.authorization !== `ApiKey ${TEST_KEY_ID}.${TEST_SECRET}`) {
      sendJson(res, 401, { message: "Invalid API Key" });
      return;
    }
    if (!request.path.startsWith(`${TEST_BASE}/`)) {
      sendJson(res, 404, { message: `${request.method}: ${request.url}` });
      return;
    }
    const parts = request.path
      .slice(TEST_BASE.length + 1)
      .split("/")
      .map((part) => decodeURIComponent(part));
    const [kind, a, b, c, d, e] = parts;
    const list = (items: unknown[] | undefined) => sendJson(res, 200, { items: items ?? [] });
    const one = (item: unknown, what: string) =>
      item
        ? sendJson(res, 200, { item })
        : sendJson(res, 404, { message: `${what} with ID "${parts.at(-1)}" does not exist` });
    const byId = (items: Array<Record<string, unknown>> | undefined, id: string | undefined) =>
      items?.find((item) => item._id === id);
    const simple: Record<string, Array<Record<string, unknown>> | undefined> = {
      group: data.groups,
      widget: data.widgets,
      language: data.languages,
      "entry-status": data.statuses,
      media: data.media,
    };
    if (kind === "template" && b === "entry") {
      const template = byId(data.templates, a);
      if (!template) return one(undefined, "Template");
      const raw = (data.entries ?? []).filter((entry) => entry.templateId === a);
      const parsed = (data.parsed ?? []).filter((entry) => entry.templateId === a);
      if (c === "all" && d === undefined) return list(raw);
      if (c === "all" && d === "parsed") return list(parsed);
      if (c === "all" && d === "lite") {
        return list(raw.map((entry) => ({ ...entry, meta: undefined, info: [] })));
      }
      if (c === "all_by_status") {
        const matches = (entry: Record<string, unknown>) =>
          JSON.stringify(entry.statuses ?? []).includes(`"${d}"`);
        return list((e === "parsed" ? parsed : raw).filter(matches));
      }
      if (c === "create" && request.method === "POST") {
        const body = JSON.parse(request.body) as Record<string, unknown>;
        return sendJson(res, 200, { item: { _id: "new-entry", templateId: a, ...body } });
      }
      if (d === "update" && request.method === "PUT") {
        const body = JSON.parse(request.body) as Record<string, unknown>;
        return sendJson(res, 200, { item: { _id: c, templateId: a, meta: [], body } });
      }
      if (request.method === "DELETE") return one(byId(raw, c), "Entry");
      if (d === "lite") return one(byId(raw, c) && { ...byId(raw, c), info: [] }, "Entry");
      if (d === "parse") {
        const found =
          byId(parsed, c) ??
          parsed.find((entry) =>
            Object.values((entry.meta ?? {}) as Record<string, { slug?: string }>).some(
              (meta) => meta?.slug === c,
            ),
          );
        return one(found, "Entry");
      }
      return one(byId(raw, c), "Entry");
    }
    if (kind === "template") {
      if (a === "all") return list(data.templates);
      if (b === "where-is-it-used") {
        return sendJson(res, 200, { groupsIds: [], templateIds: [a], widgetIds: [] });
      }
      if (b === "update" && request.method === "PUT") {
        return one({ ...byId(data.templates, a), ...JSON.parse(request.body) }, "Template");
      }
      return one(byId(data.templates, a), "Template");
    }
    if (kind === "media" && b === "bin2") {
      const file = a === undefined ? undefined : data.files?.[a];
      if (file === undefined) return sendJson(res, 404, { message: "no file" });
      res.writeHead(200, { "content-type": "application/octet-stream" });
      res.end(file);
      return;
    }
    if (kind === "type-generator") {
      return list([{ path: `types/${a}/index.d.ts`, content: "export {}" }]);
    }
    if (kind !== undefined && kind in simple) {
      const items = simple[kind];
      if (a === "all") return list(items);
      if (b === "where-is-it-used") {
        return sendJson(res, 200, kind === "widget" ? { entryIds: ["e1"] } : { groupIds: ["g9"] });
      }
      return one(byId(items, a), kind);
    }
    sendJson(res, 404, { message: `${request.method}: ${request.url}` });
  });
}

// --- WebSocket ---------------------------------------------------------------------------------

export interface TestSocketServer {
  port: number;
  origin: string;
  wss: WebSocketServer;
  clients(): WsSocket[];
  /** Tokens received in connection URLs (to check the URL without logging it). */
  tokens: string[];
  /** Sends `{en, ed}` to every client. */
  broadcast(en: string, ed: unknown): void;
  /** Kills the server: drops every client and stops listening. */
  close(): Promise<void>;
}

export interface SocketServerOptions {
  port?: number;
  /** Serve the socket from this HTTP server (same origin as the REST stub). */
  attachTo?: Server;
  /** Send `socket_connection` on connect (default true). */
  greet?: boolean;
  /** Reject the upgrade with this status (e.g. 401). */
  rejectWith?: number;
  onConnection?: (socket: WsSocket) => void;
}

export async function startSocketServer(
  options: SocketServerOptions = {},
): Promise<TestSocketServer> {
  const tokens: string[] = [];
  const listenOn = options.attachTo
    ? { server: options.attachTo }
    : { host: "127.0.0.1", port: options.port ?? 0 };
  const wss = new WebSocketServer({
    ...listenOn,
    verifyClient: (info, callback) => {
      const url = new URL(info.req.url ?? "/", "http://127.0.0.1");
      tokens.push(url.searchParams.get("token") ?? "");
      if (options.rejectWith) callback(false, options.rejectWith);
      else callback(url.pathname === "/api/v3/socket", 404);
    },
  });
  if (!options.attachTo) {
    await new Promise<void>((resolve, reject) => {
      wss.once("listening", () => resolve());
      wss.once("error", reject);
    });
  }
  let counter = 0;
  wss.on("connection", (socket) => {
    socket.on("error", () => {});
    counter++;
    if (options.greet !== false) {
      socket.send(JSON.stringify({ en: "socket_connection", ed: { id: `connection-${counter}` } }));
    }
    options.onConnection?.(socket);
  });
  const port = ((options.attachTo ?? wss).address() as AddressInfo).port;
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    wss,
    tokens,
    clients: () => [...wss.clients],
    broadcast(en, ed) {
      for (const client of wss.clients) client.send(JSON.stringify({ en, ed }));
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of wss.clients) client.terminate();
        wss.close(() => resolve());
      }),
  };
}

// --- Timers and waiting -------------------------------------------------------------------------

export interface FakeTimers {
  timers: SocketTimers;
  /** Delays of the timers still pending, in creation order. */
  pendingDelays(): number[];
  /** Runs the oldest pending timer and returns its delay. */
  runNext(): number;
}

export function createFakeTimers(): FakeTimers {
  let nextId = 1;
  const pending = new Map<number, { ms: number; callback: () => void }>();
  return {
    timers: {
      setTimeout(callback, ms) {
        const id = nextId++;
        pending.set(id, { ms, callback });
        return id;
      },
      clearTimeout(handle) {
        if (typeof handle === "number") pending.delete(handle);
      },
    },
    pendingDelays: () => [...pending.values()].map((timer) => timer.ms),
    runNext() {
      const first = pending.entries().next();
      if (first.done) throw new Error("No pending timer");
      const [id, timer] = first.value;
      pending.delete(id);
      timer.callback();
      return timer.ms;
    },
  };
}

export async function waitFor(
  predicate: () => boolean,
  timeoutMs = 5_000,
  what = "condition",
): Promise<void> {
  const started = Date.now();
  while (!predicate()) {
    if (Date.now() - started > timeoutMs) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Every place an error could show the secret: message, stack, own props, JSON, inspect. */
export function everythingAbout(error: unknown): string {
  if (!(error instanceof Error)) return inspect(error, { depth: 20 });
  return [
    error.message,
    error.stack ?? "",
    JSON.stringify(error),
    JSON.stringify(Object.fromEntries(Object.entries(error))),
    inspect(error, { depth: 20, showHidden: true }),
    String(error),
  ].join("\n");
}

/**
 * Resolves once Node has told every promise rejected so far and left without a handler
 * ("unhandledRejection"): it tells them when the microtask queue has drained at the end of
 * a turn of the event loop, so the next turn (setImmediate) comes after the telling. A
 * cleanup's stray rejection has then had its chance to show, however slow the machine.
 */
export function afterRejectionsTold(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Collects unhandled promise rejections for the whole test file (the library must never
 * leave one); the returned list is what tests assert to be empty.
 */
export function recordUnhandledRejections(): unknown[] {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  beforeAll(() => {
    process.on("unhandledRejection", onUnhandled);
  });
  afterAll(() => {
    process.off("unhandledRejection", onUnhandled);
  });
  return unhandled;
}
