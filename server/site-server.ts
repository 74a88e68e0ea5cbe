// The production HTTP server: Hono on @hono/node-server, hosting React Router's request
// handler. Order of business for every request:
//   log + security headers (around everything) -> /healthz, /readyz, POST /csp-report ->
//   HTTP redirects -> static files of build/client -> prerendered pages (until the first
//   content event) -> server rendering (render cache, stale fallback; render.ts).
// Hono was kept after measuring: bare node:http served a prerendered page no faster
// (~16k req/s both on loopback), and Hono's adapter is the Request/Response bridge React
// Router needs anyway. Figures: docs/decisions/0001-production-server.md.
import type { IncomingMessage } from "node:http";
import { Hono } from "hono";
import { DEFAULT_EMBED_FRAME_ANCESTORS, type SiteEnv } from "../app/config/env.server";
import type { FormsService, RequestFacts } from "../app/forms/service";
import { createJsonLogger, describeError, type SiteLogger } from "../app/logging/logger.server";
import type { ContentEvent } from "../bcms";
import { ContentSecurityPolicies, CSP_REPORT_PATH } from "./content-security-policy";
import { CspReportEndpoint } from "./csp-report";
import { errorPage, plainNotFound } from "./error-pages";
import { createReadinessProbe, healthResponse, readinessResponse } from "./health";
import { createHttpLifecycle, SHUTDOWN_TIMEOUT_MS } from "./lifecycle";
import { redactPath, redactSearch, requestIdSource } from "./logging";
import { isPageType } from "./mime";
import { PrerenderedPages } from "./prerendered";
import { redirectFor } from "./redirects";
import { PAGE_CACHE_CONTROL, PageRenderer, STALE_HEADER } from "./render";
import { RenderCache } from "./render-cache";
import { representationOf } from "./representation";
import {
  clientAddressOf,
  effectiveUrl,
  isCrossSite,
  MAX_REQUEST_BODY_BYTES,
  readLimitedBody,
  visitorUsesHttps,
} from "./request-intake";
import { decodeRequestPath, significantSearch } from "./request-path";
import { securityHeaders, withHeaders } from "./security-headers";
import { type LoadedBuild, loadServerBuild } from "./server-build";
import { ClientFiles, cacheControlOfStatic, SHORT_CACHE_CONTROL } from "./static-files";

export { SHUTDOWN_TIMEOUT_MS } from "./lifecycle";

export interface SiteServerOptions {
  /** The build folder: client/ (static + prerendered), server/index.js, prerendered.json. */
  buildDir: string;
  /** The validated settings; the server build reads them too (loadServerBuild). */
  env: SiteEnv;
  logger?: SiteLogger;
  /** The build to serve; default {buildDir}/server/index.js through React Router. Tests pass a fake. */
  build?: LoadedBuild | (() => Promise<LoadedBuild>);
  /**
   * False when the content is known to have changed since the build (server/main.ts
   * compares snapshots): prerendered files then only serve as the outage fallback.
   */
  prerenderedFresh?: boolean;
  renderCache?: { maxEntries?: number; maxBytes?: number };
  shutdownTimeoutMs?: number;
  /** The forms service actions store submissions with (server/forms/). */
  forms?: FormsService;
  /** Behind a proxy that sets X-Forwarded-For: the client address is its last hop. */
  trustProxy?: boolean;
}

export interface SiteServer {
  /** Answers one request (what the HTTP server calls; tests may call it directly). */
  fetch(request: Request): Promise<Response>;
  listen(port?: number, host?: string): Promise<{ url: string; port: number }>;
  /** Stops accepting, waits for in-flight requests (up to 10 s), stops watching content. */
  close(): Promise<void>;
  /** What a content event does: prerendered files retire, cached renderings go stale. */
  applyContentChange(change: ContentEvent): void;
}

type Source =
  | "health"
  | "static"
  | "prerendered"
  | "cache"
  | "render"
  | "stale"
  | "error"
  | "redirect"
  | "report";

export async function createSiteServer(options: SiteServerOptions): Promise<SiteServer> {
  const { env } = options;
  const logger =
    options.logger ??
    createJsonLogger({ secrets: [options.env.bcms.apiKey.secret], level: options.env.logLevel });
  const build =
    typeof options.build === "function"
      ? await options.build()
      : (options.build ??
        (await loadServerBuild(options.buildDir, { forms: options.forms }, { env, logger })));
  const files = await ClientFiles.scan(`${options.buildDir}/client`);
  const prerendered = await PrerenderedPages.load(options.buildDir, files, {
    fresh: options.prerenderedFresh ?? true,
  });
  const cache = new RenderCache(options.renderCache);
  const renderer = new PageRenderer({ handler: build.handler, cache, prerendered, files, logger });
  const readiness = createReadinessProbe(env.bcms);
  const security = securityHeaders(env.siteOrigin);
  const policies = new ContentSecurityPolicies({
    tagManager: Boolean(env.gtmId),
    embedFrameAncestors: env.embedFrameAncestors ?? DEFAULT_EMBED_FRAME_ANCESTORS,
  });
  const trustProxy = options.trustProxy ?? false;
  const cspReports = new CspReportEndpoint({ logger, siteOrigin: env.siteOrigin });

  const app = new Hono<{
    Bindings: { incoming?: IncomingMessage };
    Variables: { source: Source; requestId: string };
  }>();
  const nextRequestId = requestIdSource();

  app.use(async (c, next) => {
    const started = performance.now();
    const id = nextRequestId();
    c.set("requestId", id);
    await next();
    const url = new URL(c.req.url);
    const search = redactSearch(url.search);
    logger.info("request", {
      id,
      method: c.req.method,
      path: redactPath(url.pathname),
      ...(search ? { query: search } : {}),
      status: c.res.status,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
      stale: c.res.headers.get(STALE_HEADER) === "1",
      source: c.get("source"),
    });
  });

  app.use(async (c, next) => {
    await next();
    const response = c.res;
    const policy = policies.select(
      c.req.path,
      visitorUsesHttps(c.req.raw, c.env?.incoming, trustProxy, env.siteOrigin),
    );
    // A body served from memory carries its own policy, its inline scripts hashed once
    // (server/representation.ts); anything else (the server's own error pages, streamed
    // bodies) gets the policy without hashes.
    const csp = representationOf(response)?.policyHeader(policy) ?? policy.withoutHashes;
    // Set in place: assigning c.res makes Hono re-wrap the body as a stream, which takes
    // buffered answers off @hono/node-server's direct-write path (measured: ~4x slower).
    const secured = withHeaders(response, security, policy.companionHeaders, [
      ["Content-Security-Policy", csp],
    ]);
    if (secured !== response) c.res = secured;
  });

  app.onError((error, c) => {
    logger.error("request failed", {
      id: c.get("requestId"),
      path: redactPath(new URL(c.req.url).pathname),
      error: describeError(error),
    });
    c.set("source", "error");
    return errorPage(500);
  });

  app.get("/healthz", (c) => {
    c.set("source", "health");
    return healthResponse();
  });
  app.get("/readyz", async (c) => {
    c.set("source", "health");
    return readinessResponse(await readiness());
  });

  app.post(CSP_REPORT_PATH, (c) => {
    c.set("source", "report");
    return cspReports.handle(c.req.raw, clientAddressOf(c.env?.incoming, trustProxy));
  });

  app.all("*", async (c) => {
    const request = c.req.raw;
    const url = new URL(request.url);
    const redirect = redirectFor(url, request.method, env.siteOrigin);
    if (redirect) {
      c.set("source", "redirect");
      return redirect;
    }
    const pathname = decodeRequestPath(url.pathname);
    if (pathname === null) {
      c.set("source", "error");
      return errorPage(400);
    }
    const readable = request.method === "GET" || request.method === "HEAD";

    if (readable) {
      const file = files.lookup(pathname);
      if (file && !prerendered.isPrerendered(file.relPath)) {
        const served = await files.serve(file, request, {
          headers: { "Cache-Control": cacheControlOfStatic(file.relPath) },
        });
        if (served) {
          c.set("source", "static");
          return served;
        }
      }
      // A missing hashed asset is a plain 404, never a rendered page (the client's
      // chunk-failure guard reloads on it).
      if (pathname.startsWith("/assets/")) {
        c.set("source", "static");
        return plainNotFound();
      }
      if (prerendered.serving && servesPrerendered(url, pathname)) {
        const page = prerendered.findFresh(pathname);
        const served =
          page &&
          (await files.serve(page, request, {
            headers: {
              "Cache-Control": isPageType(page.contentType)
                ? PAGE_CACHE_CONTROL
                : SHORT_CACHE_CONTROL,
            },
          }));
        if (served) {
          c.set("source", "prerendered");
          return served;
        }
      }
    }

    const facts: RequestFacts = { clientAddress: clientAddressOf(c.env?.incoming, trustProxy) };
    let forwarded = request;
    if (!readable) {
      if (isCrossSite(request, env.siteOrigin)) {
        logger.warn("cross-site request refused", { path: pathname, method: request.method });
        c.set("source", "error");
        return errorPage(403);
      }
      // Bodies are read here, up to a limit, so no oversized body ever reaches an action.
      const limited = await readLimitedBody(
        request,
        MAX_REQUEST_BODY_BYTES,
        effectiveUrl(url, c.env?.incoming, trustProxy),
      );
      if (limited === "too-large") {
        logger.warn("request body too large", { path: pathname, method: request.method });
        c.set("source", "error");
        return errorPage(413);
      }
      forwarded = limited;
    }
    const outcome = await renderer.render(forwarded, url, pathname, facts);
    c.set("source", outcome.source);
    return outcome.response;
  });

  const applyContentChange = (change: ContentEvent) => {
    const wasServing = prerendered.serving;
    prerendered.invalidate();
    const cached = cache.markAllStale();
    logger.info("content changed", {
      event: change.name,
      type: change.type,
      id: change.id ?? null,
      staleRenderings: cached,
      ...(wasServing ? { prerendered: "retired" } : {}),
    });
  };

  let stopWatching: (() => void) | undefined;
  if (build.watchContentChanges) {
    try {
      stopWatching = build.watchContentChanges(applyContentChange);
    } catch (error) {
      logger.error("could not watch content changes", { error: describeError(error) });
    }
  } else {
    logger.warn("the server build exports no watchContentChanges: content edits need a restart");
  }

  const fetch = async (request: Request): Promise<Response> => app.fetch(request);

  const http = createHttpLifecycle(app.fetch, {
    logger,
    shutdownTimeoutMs: options.shutdownTimeoutMs ?? SHUTDOWN_TIMEOUT_MS,
  });
  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= http.close().finally(() => stopWatching?.());
    return closing;
  };

  return { fetch, listen: http.listen, close, applyContentChange };
}

/**
 * Prerendered files answer only URLs whose query cannot change the page: none, or only
 * tracking tags; for `.data`, also React Router's `_routes` (the file holds every route's
 * data, a superset the client picks from).
 */
function servesPrerendered(url: URL, pathname: string): boolean {
  const search = significantSearch(url);
  if (search === "") return true;
  if (!pathname.endsWith(".data")) return false;
  const params = new URLSearchParams(search);
  params.delete("_routes");
  return params.size === 0;
}
