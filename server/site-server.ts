// The production HTTP server: Hono on @hono/node-server, hosting React Router's request
// handler. Order of business for every request:
//   log + security headers (around everything) -> /healthz, /readyz, POST /csp-report ->
//   HTTP redirects -> static files of build/client -> prerendered pages -> an address the
//   site does not have: the prepared 404 page (serving/not-found.ts) -> server rendering,
//   admitted under a bound (render cache, stale fallback; rendering/render.ts).
// The fast path answers learned files and pages, and unknown addresses, before all this.
// At start the pages catch up with what changed in the CMS while the instance was down
// (server/refresh/content-catch-up.ts); /readyz says not ready until they have.
// Two layers: node:http answers files and prepared 404s itself (serving/fast-path.ts), and
// Hono, the Request/Response bridge React Router needs, answers everything else; the fast
// path replays what the Hono pipeline answered (docs/decisions/0011-serving-at-scale.md).
import type { IncomingMessage } from "node:http";
import { Hono } from "hono";
import { DEFAULT_EMBED_FRAME_ANCESTORS, type SiteEnv } from "../app/config/env.server";
import type { ContentChange } from "../app/content/content-changes.server";
import { CACHE_TAG_HEADER, SURROGATE_KEY_HEADER } from "../app/content/content-tags.server";
import type { ContentDifference } from "../app/content/content-versions";
import type { FormsService, RequestFacts } from "../app/forms/contract";
import { createJsonLogger, describeError, type SiteLogger } from "../app/logging/logger.server";
import {
  dataRequestOfPage,
  pageOfRequestPath,
  pagePathOfDataRequest,
  withoutTrailingSlash,
} from "./addresses/page-addresses";
import {
  DATA_ROUTES_PARAM,
  type DeclaredQuery,
  decodeRequestPath,
  significantSearch,
} from "./addresses/request-path";
import {
  ASSETS_PATH_PREFIX,
  CSP_REPORT_PATH,
  HEALTH_PATH,
  MEDIA_PATH_PREFIX,
  PREVIEW_PATH_PREFIX,
  READINESS_PATH,
  SERVER_OWN_PATHS,
} from "./addresses/server-paths";
import { PreviewService } from "./preview/preview-service";
import type { ContentCatchUp } from "./refresh/content-catch-up";
import { ContentChanges } from "./refresh/content-change";
import { ContentDependencies } from "./refresh/content-dependencies";
import { ContentLedger } from "./refresh/content-ledger";
import { BUSY_REFRESH_SHARE, PageRefresher } from "./refresh/page-refresh";
import { CoalescedPurge } from "./refresh/purge";
import {
  PAGE_CACHE_CONTROL,
  PageRenderer,
  replayableHeaders,
  STALE_HEADER,
} from "./rendering/render";
import { DEFAULT_ADMISSION, RenderAdmission } from "./rendering/render-admission";
import { RenderCache } from "./rendering/render-cache";
import { RenderThread } from "./rendering/render-thread";
import {
  declaredQueryOf,
  type LoadedBuild,
  loadServerBuild,
  type SiteRequestHandler,
} from "./rendering/server-build";
import { GiveWayToVisitors, VisitorTraffic } from "./rendering/visitor-traffic";
import { createReadinessProbe, healthResponse, readinessResponse } from "./running/health";
import { createHttpLifecycle, SHUTDOWN_TIMEOUT_MS } from "./running/lifecycle";
import { redactPath, redactSearch, requestIdSource } from "./running/logging";
import { ContentSecurityPolicies } from "./security/content-security-policy";
import { CspReportEndpoint } from "./security/csp-report";
import {
  clientAddressOf,
  effectiveUrl,
  forwardedProto,
  isCrossSite,
  MAX_REQUEST_BODY_BYTES,
  readLimitedBody,
  visitorUsesHttps,
} from "./security/request-intake";
import { securityHeaders, siteHeadersOf, withHeaders } from "./security/security-headers";
import type { Encoding } from "./serving/compression";
import { errorPage, plainNotFound } from "./serving/error-pages";
import {
  type AccessRecord,
  FastPath,
  type LearnedVariants,
  type ReadyAnswer,
  rawHeadersOf,
  type Visitor,
} from "./serving/fast-path";
import { isPageType } from "./serving/mime";
import { NotFoundAnswers, type NotFoundKind, type NotFoundRoute } from "./serving/not-found";
import { PrerenderedPages } from "./serving/prerendered";
import { hostHasOwnRedirects, redirectFor } from "./serving/redirects";
import { Representation, representationOf } from "./serving/representation";
import { ClientFiles, cacheControlOfStatic, SHORT_CACHE_CONTROL } from "./serving/static-files";
import type { PreviewRevocationStore, PublishedVersionStore } from "./store/store";

export { SHUTDOWN_TIMEOUT_MS } from "./running/lifecycle";

/**
 * The share of the time renders take while visitors are served, when they run on the
 * serving thread (an in-memory build): of the turn's wall time, as a render also costs the
 * thread after its turn (writing the answer, garbage collection) about as much again,
 * measured on /contact. On the render thread the scheduler shares the core by priority.
 */
const RENDER_BUSY_SHARE = 0.2;

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
  shutdownTimeoutMs?: number;
  /** The forms service actions store submissions with (server/forms/). */
  forms?: FormsService;
  /** Behind a proxy that sets X-Forwarded-For: the client address is its last hop. */
  trustProxy?: boolean;
  /** The last public versions of reworked entries (the site's store). */
  publishedVersions?: PublishedVersionStore;
  /**
   * Pages render on the render thread (rendering/render-thread.ts, decision 0015), loaded
   * from `serverBuildDir`; with `forms`, it needs `siteKey` (the key forms sign with). False
   * only with a `build` held in memory (the test kits' stand-ins), which no worker can load.
   */
  renderThread?: boolean;
  /** Tests: another worker speaking render-thread-protocol.ts (RenderThreadOptions.workerFile). */
  renderThreadWorker?: URL;
  /** Where the server build (server/index.js) is loaded from; default `buildDir`. */
  serverBuildDir?: string;
  /**
   * With `siteKey` (the forms signing key, which signs preview links too, under a key
   * derived for them), previews are served; their revocations are kept here.
   */
  previewRevocations?: PreviewRevocationStore;
  siteKey?: Buffer;
}

export interface SiteServer {
  /** Answers one request (what the HTTP server calls; tests may call it directly). */
  fetch(request: Request): Promise<Response>;
  listen(port?: number, host?: string): Promise<{ url: string; port: number }>;
  /** Stops accepting, waits for in-flight requests (up to 10 s), stops watching content. */
  close(): Promise<void>;
  /**
   * What a content change does: the prerendered pages that read what changed are rendered
   * again in the background, cached renderings that read it go stale, the purge URL is told.
   */
  applyContentChange(change: ContentChange): void;
  /** Resolves when no page refresh is queued or running. */
  settled(): Promise<void>;
  /** Renderings running and waiting for their turn (at most RENDER_CONCURRENCY run). */
  renderLoad(): { running: number; waiting: number };
  /** Resolves when the start's content catch-up is done (/readyz says ready from then on). */
  caughtUp(): Promise<void>;
  /** What the start's catch-up found changed since the pages were rendered. */
  catchUpDifference(): ContentDifference | undefined;
}

/** A request the fast path makes to learn an answer: `source` is filled in. */
interface Lesson {
  source?: Source;
}

interface Bindings {
  incoming?: IncomingMessage;
  lesson?: Lesson;
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
  | "report"
  | "preview"
  | "refused"
  | "not-found";

export async function createSiteServer(options: SiteServerOptions): Promise<SiteServer> {
  const { env } = options;
  const logger =
    options.logger ??
    createJsonLogger({ secrets: [options.env.bcms.apiKey.secret], level: options.env.logLevel });
  const build =
    typeof options.build === "function"
      ? await options.build()
      : (options.build ??
        (await loadServerBuild(
          options.serverBuildDir ?? options.buildDir,
          { forms: options.forms },
          { env, logger, publishedVersions: options.publishedVersions },
        )));
  const files = await ClientFiles.scan(`${options.buildDir}/client`);
  const prerendered = await PrerenderedPages.load(options.buildDir, files, {
    fresh: options.prerenderedFresh ?? true,
  });
  const dependencies = await ContentDependencies.load(options.buildDir);
  // What the pages on disk were rendered from, moved forward as they are rewritten.
  // Read before the render thread starts: nothing after it awaits, so a start that fails
  // leaves no thread behind.
  const ledger = await ContentLedger.load(
    options.buildDir,
    { prerendered: () => prerendered.toManifest(), dependencies: () => dependencies.toManifest() },
    logger,
  );
  const cache = new RenderCache();
  const thread =
    (options.renderThread ?? true)
      ? await RenderThread.start({
          buildDir: options.serverBuildDir ?? options.buildDir,
          env,
          logger,
          publishedVersions: options.publishedVersions,
          forms: options.forms,
          signingKey: options.siteKey,
          workerFile: options.renderThreadWorker,
        })
      : undefined;
  // What renders a visitor's page: the render thread when there is one, for what it takes.
  const renderPage: SiteRequestHandler = thread
    ? (request, facts) =>
        rendersOnThread(request) ? thread.render(request, facts) : build.handler(request, facts)
    : build.handler;
  const declaredQuery = declaredQueryOf(build.describeRoute);
  // Visitors come first: while they keep the server busy, renders and refreshes give way.
  const traffic = new VisitorTraffic();
  const renderer = new PageRenderer({
    handler: renderPage,
    cache,
    prerendered,
    files,
    logger,
    declaredQuery,
    // Renders give way whenever visitors are being answered from files (any in the last
    // quarter second): under a render flood the loop answers few of them, so a threshold
    // of many would never be met and the flood would keep the thread. Then one renders at
    // a time; on the serving thread, a fifth of the time. On the render thread the
    // scheduler shares the core by priority instead: a pause in proportion to a render's
    // time there (long, as it gets what visitors leave) would only starve renders.
    admission: new RenderAdmission({
      ...DEFAULT_ADMISSION,
      pacing: new GiveWayToVisitors(() => traffic.lately() > 0, thread ? 1 : RENDER_BUSY_SHARE),
    }),
  });
  const readiness = createReadinessProbe(env.bcms);
  const security = securityHeaders(env.siteOrigin);
  const policies = new ContentSecurityPolicies({
    tagManager: Boolean(env.gtmId),
    embedFrameAncestors: env.embedFrameAncestors ?? DEFAULT_EMBED_FRAME_ANCESTORS,
    previewFrameAncestors: env.preview?.frameAncestors ?? [],
  });
  const trustProxy = options.trustProxy ?? false;
  const cspReports = new CspReportEndpoint({ logger, siteOrigin: env.siteOrigin });

  // Addresses of listed pages added since the build (content changes name them); the
  // prerendered files name the others.
  const addedAddresses = new Set<string>();
  const describeRoute = build.describeRoute;
  /**
   * Null when the site may have a page at this (decoded) path; else the address is one it
   * does not have, decided without rendering, with the route whose 404 it gets.
   */
  const unknownAddress = (pathname: string): { route?: NotFoundRoute } | null => {
    // The server's own addresses, previews included (their refusals are 403s, never 404s).
    if (
      !describeRoute ||
      SERVER_OWN_PATHS.has(pathname) ||
      pathname.startsWith(PREVIEW_PATH_PREFIX)
    ) {
      return null;
    }
    const dataPage = pagePathOfDataRequest(pathname);
    const page = dataPage ?? pathname;
    const facts = describeRoute(page);
    if (facts.addresses === "any") return null;
    if (facts.addresses === "listed") {
      const bare = withoutTrailingSlash(page);
      if (addedAddresses.has(bare)) return null;
      if (prerendered.find(dataPage === null ? bare : dataRequestOfPage(bare))) return null;
    }
    return {
      route: facts.routeId && facts.tail ? { id: facts.routeId, tail: facts.tail } : undefined,
    };
  };
  const notFound = new NotFoundAnswers({
    // On the render thread when there is one: the serving thread then holds no copy of the
    // content for pages (only previews and media read it there).
    render: (path) => renderPage(new Request(`http://localhost${path}`)),
    logger,
    siteHeaders: (secure) => {
      // An address the site does not have is never the one page that may be framed.
      const policy = policies.select("/", secure);
      return { headers: siteHeadersOf(security, policy), policy };
    },
    keptHeaders: replayableHeaders,
  });
  // Each route's 404 page is prepared at start, one route after another, so the first
  // unknown address a scanner asks for costs what the others do.
  const lifetime = { closing: false };
  /** Settles once the start's catch-up is done (or could not be). */
  let caughtUpAtStart: () => void = () => {};
  const startedUp = new Promise<void>((resolve) => {
    caughtUpAtStart = resolve;
  });
  void (async () => {
    // After the start's catch-up, which reads the CMS on this thread: the render thread's
    // first read of every list then comes after it, not beside it (with 10,000 articles on
    // the embedded content service, the two at once took this thread past its heap).
    await startedUp;
    const started = performance.now();
    let routes = 0;
    for (const sample of build.unknownAddressSamples ?? []) {
      const facts = describeRoute?.(sample);
      if (lifetime.closing) return;
      if (facts?.routeId && facts.tail) {
        await notFound.prepare({ id: facts.routeId, tail: facts.tail });
        routes++;
      }
    }
    if (routes > 0) {
      logger.info("404 answers prepared at start", {
        routes,
        ms: Math.round(performance.now() - started),
      });
    }
  })();
  /** The 404 kind and the path it names, from a request's raw pathname. */
  const notFoundOf = (rawPathname: string): { kind: NotFoundKind; page: string } => {
    const dataPage = pagePathOfDataRequest(rawPathname);
    return dataPage === null
      ? { kind: "page", page: rawPathname }
      : { kind: "data", page: dataPage };
  };

  const app = new Hono<{
    Bindings: Bindings;
    Variables: { source: Source; requestId: string };
  }>();
  const nextRequestId = requestIdSource();
  const logRequest = (
    record: AccessRecord & { id: string; query?: string; stale?: boolean; fast?: boolean },
  ) =>
    logger.info("request", {
      id: record.id,
      method: record.method,
      path: record.path,
      ...(record.query ? { query: record.query } : {}),
      status: record.status,
      durationMs: Math.round(record.durationMs * 10) / 10,
      stale: record.stale ?? false,
      source: record.source,
      ...(record.fast ? { fast: true } : {}),
      ...(record.sample ? { sample: record.sample } : {}),
    });

  // The fast path's line, made by hand when the logger takes preformatted members: the
  // path is a build file's and the rest are numbers and fixed words, so there is nothing
  // to escape or scrub (measured: 1.4 against 5.5 µs a line).
  const logFastRequest = logger.infoMembers
    ? (record: AccessRecord) =>
        logger.infoMembers?.(
          "request",
          `"id":"${nextRequestId()}","method":"${record.method}","path":${JSON.stringify(redactPath(record.path))},"status":${record.status},"durationMs":${Math.round(record.durationMs * 10) / 10},"stale":false,"source":"${record.source}","fast":true${record.sample ? `,"sample":${record.sample}` : ""}`,
        )
    : (record: AccessRecord) => logRequest({ ...record, id: nextRequestId(), fast: true });

  app.use(async (c, next) => {
    const lesson = c.env?.lesson;
    if (lesson) {
      // The fast path learning an answer: not a visitor's request, so not logged.
      await next();
      lesson.source = c.get("source");
      return;
    }
    const started = performance.now();
    const id = nextRequestId();
    c.set("requestId", id);
    await next();
    const url = new URL(c.req.url);
    logRequest({
      id,
      method: c.req.method,
      path: redactPath(url.pathname),
      query: redactSearch(url.search),
      status: c.res.status,
      durationMs: performance.now() - started,
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
    // (server/serving/representation.ts); anything else (the server's own error pages, streamed
    // bodies) gets the policy without hashes.
    const csp = representationOf(response)?.policyHeader(policy) ?? policy.withoutHashes;
    // Set in place: assigning c.res makes Hono re-wrap the body as a stream, which takes
    // buffered answers off @hono/node-server's direct-write path (measured: ~4x slower).
    const secured = withHeaders(response, siteHeadersOf(security, policy), [
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

  app.get(HEALTH_PATH, (c) => {
    c.set("source", "health");
    return healthResponse();
  });
  app.get(READINESS_PATH, async (c) => {
    c.set("source", "health");
    return readinessResponse(await readiness(), startCatchUp?.state ?? "reading");
  });

  app.post(CSP_REPORT_PATH, (c) => {
    c.set("source", "report");
    return cspReports.handle(c.req.raw, clientAddressOf(c.env?.incoming, trustProxy));
  });

  const preview =
    options.previewRevocations && options.siteKey && build.preview
      ? new PreviewService({
          siteKey: options.siteKey,
          siteOrigin: env.siteOrigin,
          revocations: options.previewRevocations,
          content: build.preview,
          handler: build.handler,
          logger,
          apiToken: env.preview?.apiToken,
        })
      : undefined;
  const factsOf = (incoming: IncomingMessage | undefined): RequestFacts => ({
    clientAddress: clientAddressOf(incoming, trustProxy),
  });
  if (preview) {
    app.all(`${PREVIEW_PATH_PREFIX}api/:action`, async (c) => {
      c.set("source", "preview");
      const limited = await readLimitedBody(c.req.raw, MAX_REQUEST_BODY_BYTES, c.req.url);
      if (limited === "too-large") return errorPage(413);
      return preview.api(limited, c.req.param("action"), factsOf(c.env?.incoming));
    });
    app.get(`${PREVIEW_PATH_PREFIX}:token/events`, (c) => {
      c.set("source", "preview");
      return preview.eventStream(c.req.raw, c.req.param("token"), factsOf(c.env?.incoming));
    });
    app.get(`${PREVIEW_PATH_PREFIX}:token`, (c) => {
      c.set("source", "preview");
      return preview.page(c.req.raw, c.req.param("token"), factsOf(c.env?.incoming));
    });
    // Anything else under the prefix is a malformed link: the same refusal.
    app.all(`${PREVIEW_PATH_PREFIX}*`, (c) => {
      c.set("source", "preview");
      return preview.refusal();
    });
  }

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
          if (url.pathname === pathname && !c.env?.lesson) {
            fastPath.learn(pathname, visitorOf(c.env?.incoming), "static");
          }
          return served;
        }
      }
      // A missing hashed asset is a plain 404, never a rendered page (the client's
      // chunk-failure guard reloads on it).
      if (pathname.startsWith(ASSETS_PATH_PREFIX)) {
        c.set("source", "static");
        return plainNotFound();
      }
      if (prerenderedAnswers(declaredQuery, url, pathname)) {
        const page = prerendered.findFresh(pathname);
        const tags = page && dependencies.tagsOf(pageOfRequestPath(pathname));
        const served =
          page &&
          (await files.serve(page, request, {
            headers: {
              "Cache-Control": isPageType(page.contentType)
                ? PAGE_CACHE_CONTROL
                : SHORT_CACHE_CONTROL,
              ...(tags?.length
                ? { [CACHE_TAG_HEADER]: tags.join(","), [SURROGATE_KEY_HEADER]: tags.join(" ") }
                : {}),
            },
          }));
        if (served) {
          c.set("source", "prerendered");
          if (url.pathname === pathname && !c.env?.lesson) {
            fastPath.learn(pathname, visitorOf(c.env?.incoming), "prerendered");
          }
          return served;
        }
      }
    }

    const facts: RequestFacts = { clientAddress: clientAddressOf(c.env?.incoming, trustProxy) };
    let forwarded = request;
    if (!readable && isCrossSite(request, env.siteOrigin)) {
      logger.warn("cross-site request refused", { path: pathname, method: request.method });
      c.set("source", "error");
      return errorPage(403);
    }
    const route = unknownAddress(pathname)?.route;
    if (route) {
      const { kind, page } = notFoundOf(url.pathname);
      const answer = notFound.respond(request, route, kind, page);
      if (answer) {
        c.set("source", "not-found");
        return answer;
      }
      // Prepared at start (and on first need, or again after a failed preparation); until
      // then, or for a path it cannot splice, it renders.
      if (!notFound.isPrepared(route)) void notFound.prepare(route);
    }
    if (!readable) {
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

  const visitorOf = (incoming: IncomingMessage | undefined): Visitor =>
    trustProxy && forwardedProto(incoming) === "https" ? "https" : "plain";

  /**
   * The full path's own answers for `path`, captured for the fast path: one per encoding
   * and the 304, all from the same in-memory body, or null when the file is not one.
   */
  const teach = async (path: string, visitor: Visitor): Promise<LearnedVariants | null> => {
    const incoming = {
      headers: { "x-forwarded-proto": visitor === "https" ? "https" : "http" },
    } as unknown as IncomingMessage;
    const ask = async (headers: Record<string, string>) => {
      const lesson: Lesson = {};
      const response = await app.fetch(new Request(`http://localhost${path}`, { headers }), {
        incoming,
        lesson,
      });
      return { response, source: lesson.source };
    };
    const byEncoding = new Map<Encoding | "identity", ReadyAnswer>();
    let etag: string | undefined;
    let source: Source | undefined;
    for (const encoding of ["br", "gzip", "identity"] as const) {
      const asked = await ask(encoding === "identity" ? {} : { "accept-encoding": encoding });
      const { response } = asked;
      const representation = representationOf(response);
      const sent = response.headers.get("content-encoding") ?? "identity";
      const answered =
        response.status === 200 &&
        (asked.source === "static" || asked.source === "prerendered") &&
        representation instanceof Representation &&
        (etag === undefined || etag === response.headers.get("etag"));
      await response.body?.cancel();
      if (!answered) return null;
      const body = await representation.bodyFor(sent === "identity" ? null : (sent as Encoding));
      if (response.headers.get("content-length") !== String(body.byteLength)) return null;
      etag = response.headers.get("etag") ?? undefined;
      source = asked.source;
      byEncoding.set(encoding, { status: 200, headers: rawHeadersOf(response.headers), body });
    }
    if (!etag || !source) return null;
    const revalidated = await ask({ "if-none-match": etag });
    await revalidated.response.body?.cancel();
    if (revalidated.response.status !== 304) return null;
    const notModified = {
      status: 304,
      headers: rawHeadersOf(revalidated.response.headers),
      body: null,
    };
    return { etag, byEncoding, notModified, source };
  };

  const fastPath = new FastPath({
    teach,
    visitorOf,
    hostTakesFullPath: hostHasOwnRedirects,
    pageAnswersQuery: (rawUrl) => {
      const url = new URL(rawUrl, "http://localhost");
      return prerenderedAnswers(declaredQuery, url, url.pathname);
    },
    log: logFastRequest,
    // Lines may be sampled (ACCESS_LOG_SAMPLE); a sampled one says for how many it stands.
    logEvery: env.accessLogSample,
    unlearned: (request, response, rawUrl) => {
      if (!describeRoute) return undefined;
      let url: URL;
      try {
        url = new URL(rawUrl, "http://localhost");
      } catch {
        return undefined;
      }
      // The redirect table first, then files: only what would end as a 404 is answered here.
      if (redirectFor(url, request.method ?? "GET", env.siteOrigin)) return undefined;
      const pathname = decodeRequestPath(url.pathname);
      if (pathname === null || pathname.startsWith(ASSETS_PATH_PREFIX) || files.lookup(pathname)) {
        return undefined;
      }
      const route = unknownAddress(pathname)?.route;
      if (!route) return undefined;
      const { kind, page } = notFoundOf(url.pathname);
      const secure = visitorOf(request) === "https";
      return notFound.write(request, response, route, kind, page, secure) ? "not-found" : undefined;
    },
  });

  const refresher = new PageRefresher({
    handler: renderPage,
    files,
    prerendered,
    dependencies,
    logger,
    onChanged: (paths) => fastPath.forget(paths),
    pacing: new GiveWayToVisitors(() => traffic.busy(), BUSY_REFRESH_SHARE),
    // Once every page a change touched is written again, the change is recorded on disk.
    onIdle: (clean) => void ledger.settle(clean),
  });
  if (options.prerenderedFresh === false) {
    // The build predates the content: bring every file up to date, pages render meanwhile.
    refresher.enqueue([...prerendered.pagePaths(), ...prerendered.resourcePaths()]);
  }
  const purge = env.purgeUrl
    ? new CoalescedPurge({ url: env.purgeUrl, logger, settled: () => refresher.settled() })
    : undefined;

  if (!build.readContentVersions) {
    logger.warn(
      "the server build exports no readContentVersions: edits made while the site was down are not looked for",
    );
  }
  const changes = new ContentChanges({
    prerendered,
    dependencies,
    refresher,
    ledger,
    cache,
    notFound,
    addedAddresses,
    notifyPreviews: preview && ((entryId) => preview.events.notify(entryId)),
    // With a render thread, this thread's client watches nothing: what previews and media
    // read here is dropped at each change (the thread's client dropped what the change
    // touched before it reported it).
    forgetContent: thread ? build.forgetContent : undefined,
    purge,
    // The content pages are made of is read in one place per process: on the render thread
    // when there is one (it watches the CMS and reads its versions), else here.
    readVersions: build.readContentVersions
      ? thread
        ? () => thread.readContentVersions()
        : build.readContentVersions
      : undefined,
    logger,
  });
  const applyContentChange = (change: ContentChange) => void changes.apply(change);
  // Watch first, then read the versions: each catch-up starts once the CMS's socket is open
  // (the start's; and after the render thread was started again, what no thread heard), so
  // an edit made at any moment of a start is in what it reads or in an event the socket brings.
  let startCatchUp: ContentCatchUp | undefined;
  /** Catch-ups after the start (a render thread started again), stopped on close. */
  const laterCatchUps = new Set<ContentCatchUp>();
  const catchUpNow = () => {
    if (lifetime.closing) return;
    if (!startCatchUp) {
      startCatchUp = changes.catchUp();
      void startCatchUp
        .whenDone()
        .catch(() => {})
        .finally(() => caughtUpAtStart());
      return;
    }
    // The instance stays ready meanwhile.
    const again = changes.catchUp();
    laterCatchUps.add(again);
    void again.whenDone().finally(() => laterCatchUps.delete(again));
  };

  let stopWatching: (() => void) | undefined;
  if (build.watchContentChanges) {
    try {
      stopWatching = thread
        ? thread.watchContentChanges(applyContentChange, catchUpNow)
        : build.watchContentChanges(applyContentChange, {
            // Later opens of this socket count as a change of everything already.
            onOpen: () => {
              if (!startCatchUp) catchUpNow();
            },
          });
    } catch (error) {
      logger.error("could not watch content changes", { error: describeError(error) });
      catchUpNow();
    }
  } else {
    logger.warn("the server build exports no watchContentChanges: content edits need a restart");
    catchUpNow();
  }

  const fetch = async (request: Request): Promise<Response> => app.fetch(request);

  const http = createHttpLifecycle(app.fetch, {
    logger,
    fastPath: (request, response) => {
      // Visitors answered from files and prepared pages: what renders and refreshes give
      // way to (a request that goes on to render is not counted).
      const served = fastPath.serve(request, response);
      if (served) traffic.note();
      return served;
    },
    shutdownTimeoutMs: options.shutdownTimeoutMs ?? SHUTDOWN_TIMEOUT_MS,
  });
  let closing: Promise<void> | undefined;
  const close = () => {
    lifetime.closing = true;
    // Preview event streams never end by themselves: they would hold the close for 10 s.
    preview?.close();
    closing ??= http
      .close()
      .finally(() => stopWatching?.())
      .finally(() => {
        startCatchUp?.stop();
        for (const again of laterCatchUps) again.stop();
      })
      .finally(() => renderer.close())
      .finally(() => thread?.close())
      .finally(() => refresher.stop())
      .finally(() => ledger.flushed())
      .finally(() => purge?.flush());
    return closing;
  };

  return {
    fetch,
    listen: http.listen,
    close,
    applyContentChange,
    settled: () => refresher.settled(),
    renderLoad: () => renderer.load,
    caughtUp: () => startedUp,
    catchUpDifference: () => startCatchUp?.difference,
  };
}

/**
 * Pages and their actions go to the render thread (the content it read for a page is the
 * content its form's action reads); media, which wait on the CMS, do not.
 */
function rendersOnThread(request: Request): boolean {
  return !new URL(request.url).pathname.startsWith(MEDIA_PATH_PREFIX);
}

/**
 * Whether a prerendered file answers this URL: its query holds no parameter the page's
 * routes read (React Router's `_routes` of a `.data` request picks from the file's data,
 * which holds every route's). Pages of unknown routes take no query at all.
 */
function prerenderedAnswers(declaredQuery: DeclaredQuery, url: URL, pathname: string): boolean {
  if (url.search === "") return true;
  const dataPage = pagePathOfDataRequest(pathname);
  const declared = declaredQuery(dataPage ?? pathname);
  if (declared !== null || dataPage === null) return significantSearch(url, declared) === "";
  const params = new URLSearchParams(url.search);
  params.delete(DATA_ROUTES_PARAM);
  return params.size === 0;
}
