// The HTTP server around a fetch handler: listen, count in-flight requests, and close
// gracefully (stop accepting, let in-flight requests finish up to a timeout, then cut).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import type { SiteLogger } from "../../app/logging/logger.server";

export const SHUTDOWN_TIMEOUT_MS = 10_000;
/** Longer than the usual 60 s idle timeout of load balancers, so they close first. */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;
/**
 * A request's headers arrive within this, from its first byte (Node measures each request,
 * not the connection, so it need not outlast the keep-alive timeout): a client that trickles
 * headers holds a connection seconds, not a minute.
 */
export const HEADERS_TIMEOUT_MS = 15_000;
/** How often Node looks for requests past their headers or request timeout. */
const CONNECTIONS_CHECK_MS = 5_000;
/**
 * Connections held at once: far above what the proxy in front opens (it pools a few dozen),
 * low enough that clients holding sockets open cannot take every file descriptor.
 */
export const MAX_CONNECTIONS = 4_096;

export interface HttpLifecycle {
  listen(port?: number, host?: string): Promise<{ url: string; port: number }>;
  close(): Promise<void>;
}

export function createHttpLifecycle(
  fetch: (request: Request) => Response | Promise<Response>,
  options: {
    logger: SiteLogger;
    shutdownTimeoutMs: number;
    /** Tried first; true when it answered (server/serving/fast-path.ts). */
    fastPath?: (request: IncomingMessage, response: ServerResponse) => boolean;
    /** A request went to the full server; the function returned is called when it ends. */
    began?: (method: string | undefined) => () => void;
    /** Tests set smaller limits (defaults: HEADERS_TIMEOUT_MS, MAX_CONNECTIONS). */
    limits?: { headersTimeoutMs?: number; maxConnections?: number; checkEveryMs?: number };
  },
): HttpLifecycle {
  let server: Server | undefined;
  let inflight = 0;
  let drained: (() => void) | undefined;
  let closing: Promise<void> | undefined;

  const listen = (port = 0, host?: string) =>
    new Promise<{ url: string; port: number }>((resolve, reject) => {
      if (server || closing) {
        reject(new Error("The site server is already listening or closed"));
        return;
      }
      const listener = getRequestListener(fetch);
      const limits = options.limits ?? {};
      const headersTimeout = limits.headersTimeoutMs ?? HEADERS_TIMEOUT_MS;
      const checkEvery = limits.checkEveryMs ?? CONNECTIONS_CHECK_MS;
      const created = createServer(
        { connectionsCheckingInterval: checkEvery, headersTimeout, requestTimeout: 300_000 },
        (request, response) => {
          // A Host the URL parser refuses (e.g. `news.127.0.0.1`) is the client's fault:
          // answer 400 here rather than letting the adaptor fail with an empty 500.
          if (!hasParsableHost(request)) {
            options.logger.warn("bad request: unparsable Host header", {
              host: String(request.headers.host ?? "").slice(0, 200),
            });
            response.writeHead(400, { "content-type": "text/plain; charset=utf-8" });
            response.end("Bad Request: invalid Host header\n");
            return;
          }
          // The fast path answers in full before returning: nothing of it stays in flight.
          if (options.fastPath?.(request, response)) return;
          inflight += 1;
          const ended = options.began?.(request.method);
          response.once("close", () => {
            ended?.();
            inflight -= 1;
            if (inflight === 0) drained?.();
          });
          void listener(request, response);
        },
      );
      created.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
      created.maxConnections = limits.maxConnections ?? MAX_CONNECTIONS;
      created.once("error", reject);
      created.listen(port, host, () => {
        created.off("error", reject);
        server = created;
        const address = created.address() as AddressInfo;
        resolve({ url: `http://${displayHost(host)}:${address.port}`, port: address.port });
      });
    });

  const close = () => {
    closing ??= (async () => {
      const running = server;
      if (!running) return;
      const closed = new Promise<void>((resolve) => running.close(() => resolve()));
      running.closeIdleConnections();
      if (inflight > 0) {
        const allDone = new Promise<void>((resolve) => {
          drained = resolve;
        });
        const timeout = new Promise<void>((resolve) =>
          setTimeout(resolve, options.shutdownTimeoutMs).unref(),
        );
        await Promise.race([allDone, timeout]);
        if (inflight > 0) {
          options.logger.warn("shutdown: cutting requests still in flight", { inflight });
        }
      }
      running.closeAllConnections();
      await closed;
    })();
    return closing;
  };

  return { listen, close };
}

/** Verdicts per Host value: a server sees few hosts, and parsing one costs a URL parse. */
const hostVerdicts = new Map<string, boolean>();
const MAX_HOST_VERDICTS = 256;

export function hasParsableHost(request: Pick<IncomingMessage, "headers">): boolean {
  const host = request.headers.host;
  if (!host) return true; // HTTP/1.0 without Host: the adaptor falls back to localhost
  let verdict = hostVerdicts.get(host);
  if (verdict === undefined) {
    verdict = URL.canParse(`http://${host}/`);
    // Hostile clients can send endless distinct hosts: the cache starts over, never grows.
    if (hostVerdicts.size >= MAX_HOST_VERDICTS) hostVerdicts.clear();
    hostVerdicts.set(host, verdict);
  }
  return verdict;
}

function displayHost(host: string | undefined): string {
  if (!host || host === "0.0.0.0" || host === "::") return "localhost";
  return host.includes(":") ? `[${host}]` : host;
}
