/**
 * The local BCMS-v3-compatible content service: HTTP API + WebSocket over a
 * snapshot folder. Built on plain node:http rather than Hono: we need the raw
 * request path (encoded slashes must not be decoded before routing), the
 * upgrade event (a refused socket gets a bare 401, as from `ws`), streamed
 * byte ranges and a hard body limit, all of which a framework would only wrap.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { resolve } from "node:path";
import {
  type ContentIdentity,
  DEFAULT_CONTENT_CACHE_DIR,
  DEFAULT_CONTENT_PORT,
  LOCAL_CONTENT_IDENTITY,
} from "../app/config/local-content";
import { createJsonLogger, type SiteLogger } from "../app/logging/logger.server";
import { authenticateRequest } from "./auth";
import { HttpError, sendError } from "./http";
import { MediaBinService } from "./media-bin";
import { EntryParser } from "./parser";
import { type AppContext, matchRoute, parseApiPath, type Route } from "./router";
import { catalogRoutes } from "./routes/catalog";
import { entryRoutes } from "./routes/entries";
import { ContentStore, StoreUnavailableError } from "./snapshot-store";
import { SocketHub } from "./socket";
import { SnapshotWatcher } from "./watcher";

export interface StartContentServerOptions {
  /** The snapshot folder (docs/content-model.md). */
  dir: string;
  /** Default 3100; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1: the service holds an API key check, not a public face. */
  host?: string;
  /** Which org, instance and key are accepted; defaults to the local identity. */
  identity?: Partial<ContentIdentity>;
  logger?: SiteLogger;
  /** Where media variants are cached; default `.cache/media` under the working directory. */
  cacheDir?: string;
  /** Pick up edits made to the snapshot folder while running (default true). */
  watch?: boolean;
}

export interface RunningContentServer {
  /** e.g. http://127.0.0.1:3100 — the `cmsOrigin` for clients. */
  url: string;
  port: number;
  identity: ContentIdentity;
  store: ContentStore;
  /** Stops accepting requests, finishes queued writes, closes sockets. */
  close(): Promise<void>;
}

const CLOSE_GRACE_MS = 5000;

const ROUTES: Route[] = [...entryRoutes, ...catalogRoutes];

function requestPath(req: IncomingMessage): { path: string; query: URLSearchParams } {
  const url = req.url ?? "/";
  const queryStart = url.indexOf("?");
  return queryStart === -1
    ? { path: url, query: new URLSearchParams() }
    : { path: url.slice(0, queryStart), query: new URLSearchParams(url.slice(queryStart + 1)) };
}

async function handle(app: AppContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const { path, query } = requestPath(req);
  const method = req.method ?? "GET";
  const api = parseApiPath(path);
  const match = api ? matchRoute(ROUTES, method, api.rest) : undefined;
  if (!api || !match) {
    // BCMS echoes the URL; we echo only the path, so an `apiKey` query never lands in a body or log.
    sendError(req, res, 404, `${method}: ${path}`);
    return;
  }
  authenticateRequest(req.headers.authorization, query, app.identity);
  if (api.orgId !== app.identity.orgId) {
    throw new HttpError(404, `Organization with ID "${api.orgId}" does not exist`);
  }
  if (api.instanceId !== app.identity.instanceId) {
    throw new HttpError(404, `Instance with ID "${api.instanceId}" does not exist`);
  }
  await match.route.handle({ req, res, params: match.params, query, app });
}

export async function startContentServer(
  options: StartContentServerOptions,
): Promise<RunningContentServer> {
  const logger = options.logger ?? createJsonLogger();
  const identity: ContentIdentity = {
    ...LOCAL_CONTENT_IDENTITY,
    ...stripUndefined(options.identity ?? {}),
  };
  const dir = resolve(options.dir);
  const store = await ContentStore.open(dir, logger);
  const sockets = new SocketHub(identity);
  const mediaUrlBase = `/api/v3/org/${identity.orgId}/instance/${identity.instanceId}`;
  const app: AppContext = {
    store,
    parser: new EntryParser(store, mediaUrlBase),
    mediaBin: new MediaBinService(
      store,
      resolve(options.cacheDir ?? DEFAULT_CONTENT_CACHE_DIR),
      logger,
    ),
    sockets,
    identity,
    logger,
  };

  const server = createServer((req, res) => {
    handle(app, req, res).catch((error: unknown) => {
      if (error instanceof HttpError) {
        if (error.status === 413) res.setHeader("Connection", "close");
        sendError(req, res, error.status, error.message);
      } else if (error instanceof StoreUnavailableError) {
        sendError(req, res, 503, error.message);
      } else {
        logger.error(
          `content: ${req.method} ${requestPath(req).path} failed: ${(error as Error)?.stack ?? error}`,
        );
        sendError(req, res, 500, "Unknown exception");
      }
    });
  });
  server.on("upgrade", (req, socket, head) => sockets.handleUpgrade(req, socket, head));
  server.on("clientError", (_error, socket) => {
    if (socket.writable) socket.end("HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n");
    socket.destroy();
  });

  const watcher =
    options.watch === false
      ? undefined
      : new SnapshotWatcher(store, (event) => sockets.broadcast(event), logger);

  const host = options.host ?? "127.0.0.1";
  const port0 = options.port ?? DEFAULT_CONTENT_PORT;
  try {
    await new Promise<void>((resolveListen, reject) => {
      server.once("error", reject);
      server.listen(port0, host, () => {
        server.off("error", reject);
        resolveListen();
      });
    });
  } catch (error) {
    await sockets.close();
    const code = (error as NodeJS.ErrnoException).code;
    throw new Error(
      code === "EADDRINUSE"
        ? `port ${port0} on ${host} is already in use (set CONTENT_PORT to another port)`
        : `cannot listen on ${host}:${port0}: ${(error as Error).message}`,
    );
  }
  watcher?.start();
  const port = (server.address() as AddressInfo).port;
  const urlHost = host.includes(":") ? `[${host}]` : host === "0.0.0.0" ? "127.0.0.1" : host;

  let closing: Promise<void> | undefined;
  return {
    url: `http://${urlHost}:${port}`,
    port,
    identity,
    store,
    close() {
      closing ??= (async () => {
        watcher?.close();
        const stopped = new Promise<void>((resolveClose) => server.close(() => resolveClose()));
        server.closeIdleConnections();
        await store.drain();
        await sockets.close();
        // In-flight reads (a long video download) get a grace period, then are cut.
        const grace = new Promise<void>((resolveGrace) =>
          setTimeout(resolveGrace, CLOSE_GRACE_MS).unref(),
        );
        await Promise.race([stopped, grace]);
        server.closeAllConnections();
        await stopped;
      })();
      return closing;
    },
  };
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(value).filter(([, item]) => item !== undefined),
  ) as Partial<T>;
}
