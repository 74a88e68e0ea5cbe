// The production server, wired: its parts (answering-parts.ts), the request pipeline
// (request-pipeline.ts, the order of a request) and the fast path in front of it, the page
// refresher, what a content change does (refresh/content-change.ts). What is decided here
// is when things happen: what readiness waits for, when the 404 pages are prepared, which
// answers count as visitor traffic, and the order of shutdown.
import { randomUUID } from "node:crypto";
import { createJsonLogger, type SiteLogger } from "../app/logging/logger.server";
import type { RedirectNotice } from "../app/redirects/cms-redirects";
import {
  answeringParts,
  type LoadedSite,
  loadSite,
  type SiteServerOptions,
} from "./answering-parts";
import { readGaugesFrom, requestMetrics } from "./metrics/site-metrics";
import { EditorsDesk } from "./preview/editors-desk";
import type { PreviewService } from "./preview/preview-service";
import { sitemapFileReader, TimedView } from "./preview/timed-view";
import { ContentChanges, cmsWatcherOf } from "./refresh/content-change";
import { BUSY_REFRESH_SHARE, PageRefresher } from "./refresh/page-refresh";
import { CoalescedPurge } from "./refresh/purge";
import { RedirectRefresh } from "./refresh/redirect-refresh";
import { SitemapRefresh } from "./refresh/sitemap-refresh";
import { GiveWayToVisitors, VisitorTraffic } from "./rendering/visitor-traffic";
import { createRequestPipeline } from "./request-pipeline";
import { readBuildId } from "./running/build-stamp";
import {
  catchUpCondition,
  createContentProbe,
  redirectsCondition,
  sharedPiecesCondition,
} from "./running/health";
import { createHttpLifecycle, SHUTDOWN_TIMEOUT_MS } from "./running/lifecycle";
import { CspReportEndpoint } from "./security/csp-report";
import { NO_PROXY } from "./security/request-intake";
import { SiteRedirects } from "./serving/redirects";
import { SharedPieces } from "./serving/shared-pieces";

export type { SiteServerOptions } from "./answering-parts";

export interface SiteServer {
  /**
   * The whole pipeline as a Fetch API handler, without the fast path: for a host that brings
   * its own HTTP server (`listen` serves both).
   */
  fetch(request: Request): Promise<Response>;
  listen(port?: number, host?: string): Promise<{ url: string; port: number }>;
  /** Stops accepting, waits for in-flight requests (up to 10 s), stops watching content. */
  close(): Promise<void>;
}

/** The editors' desk and its timed view (with previews and the site's key). */
function deskParts(
  options: SiteServerOptions,
  parts: {
    preview: PreviewService | undefined;
    site: LoadedSite;
    logger: SiteLogger;
    notices: () => readonly RedirectNotice[];
  },
): { desk?: EditorsDesk; timedView?: TimedView } {
  const { preview, site, logger } = parts;
  const { env, siteKey, previewRevocations } = options;
  if (!preview || !siteKey || !previewRevocations) return {};
  const timedViewLink = (at: number, offset: number): Promise<string> => timedView.link(at, offset);
  const desk: EditorsDesk = new EditorsDesk({
    password: env.preview?.deskPassword,
    siteKey,
    siteOrigin: env.siteOrigin,
    content: site.build.preview,
    links: preview,
    timedViewLink,
    redirectNotices: parts.notices,
    logger,
  });
  const timedView: TimedView = new TimedView({
    siteKey,
    siteOrigin: env.siteOrigin,
    revocations: previewRevocations,
    content: site.build.preview,
    // Rendered here, where the timed view's context is (as previews are).
    handler: site.build.handler,
    hasSession: (request): boolean => desk.hasSession(request),
    checks: preview,
    publicSitemap: sitemapFileReader(site.files),
    logger,
  });
  return { desk, timedView };
}

export async function createSiteServer(options: SiteServerOptions): Promise<SiteServer> {
  const { env } = options;
  const logger =
    options.logger ??
    createJsonLogger({ secrets: [options.env.bcms.apiKey.secret], level: options.env.logLevel });
  const site = await loadSite(options, logger);
  const { build, files, prerendered, dependencies, ledger, thread } = site;
  // Visitors come first: while they keep the server busy, renders and refreshes give way.
  const traffic = new VisitorTraffic();
  const { addresses, cache, renderer, answerHeaders, notFound, preview } = answeringParts(
    options,
    site,
    logger,
    traffic,
  );

  const contentProbe = createContentProbe(env.bcms);
  let changes: ContentChanges | undefined;
  const redirects = new SiteRedirects();
  // The CMS's redirects are read where page content is read, in the render thread: at start
  // (before the instance says it is ready) and again after each change that can move an
  // address. An edit of a redirect entry alone is read here (a few entries of one template),
  // so its read does not wait for the render thread's turn (its event still comes through it).
  const cmsRedirects = new RedirectRefresh({
    redirects,
    read: () => thread.readRedirectSources(),
    readEntries: () => build.readRedirectEntries(),
    siteOrigin: env.siteOrigin,
    logger,
    forget: (paths) => forget(paths),
    // Prerendered pages are not its own: a page that left the CMS may be redirected.
    isBuildFile: (path) => addresses.staticFile(path) !== undefined,
  });
  const sharedPieces = await sharedPiecesOf(options, site, logger, forget, (page) => {
    refresher.retire([page]);
    refresher.enqueue([page]);
  });
  const pipeline = createRequestPipeline({
    env,
    logger,
    trustProxy: options.trustProxy ?? NO_PROXY,
    buildId: await readBuildId(options.buildDir, env.buildId ?? "unknown"),
    files,
    prerendered,
    dependencies,
    addresses,
    redirects,
    sharedPieces,
    notFound,
    renderer,
    answerHeaders,
    cspReports: new CspReportEndpoint({ logger, siteOrigin: env.siteOrigin }),
    preview,
    ...deskParts(options, { preview, site, logger, notices: () => cmsRedirects.notices }),
    readiness: async () => [
      (await contentProbe()).content,
      readinessConditions(changes, cmsRedirects, sharedPieces),
    ],
    measured: env.metrics.port !== 0,
  });
  function forget(paths: string[] | undefined) {
    pipeline.fastPath.forget(paths);
  }
  const { sitemap, refresher, purge } = await refreshParts(
    options,
    site,
    logger,
    traffic,
    forget,
    sharedPieces,
  );
  void cmsRedirects.refresh();
  void sharedPieces.refresh();
  changes = new ContentChanges({
    prerendered,
    dependencies,
    refresher,
    ledger,
    cache,
    notFound,
    addedAddresses: addresses,
    notifyPreviews: preview && ((entryId) => preview.events.notify(entryId)),
    // The thread's client watches the CMS: what previews and media read here is dropped at
    // each change (the thread's client dropped what the change touched before it told).
    forgetContent: build.forgetContent,
    purge,
    sitemap,
    redirects: cmsRedirects,
    sharedPieces,
    // The content pages are made of is read in one place per process: the render thread.
    readVersions: () => thread.readContentVersions(),
    logger,
  });
  changes.watch(cmsWatcherOf(thread));

  // Each route's 404 page is prepared after the start's catch-up, which reads the CMS too:
  // with 10,000 articles on the embedded content service, the two at once took this
  // thread past its heap.
  const startChanges = changes;
  const forgetGauges = readGaugesFrom({
    renderQueue: () => renderer.load.waiting,
    catchUpRunning: () => startChanges.catchingUp,
  });
  void startChanges.caughtUp().then(() => notFound.prepareRoutesOf(build));

  const http = createHttpLifecycle(pipeline.fetch, {
    logger,
    fastPath: (request, response) => {
      // Visitors answered from files and prepared pages: what renders and refreshes give
      // way to (a request that goes on to render is not counted).
      const served = pipeline.serveOnNodeHttp(request, response);
      if (served) traffic.note();
      return served;
    },
    shutdownTimeoutMs: SHUTDOWN_TIMEOUT_MS,
    began: env.metrics.port !== 0 ? requestMetrics.began : undefined,
  });
  let closing: Promise<void> | undefined;
  const close = () => {
    // Preview event streams never end by themselves: they would hold the close for 10 s.
    preview?.close();
    forgetGauges();
    notFound.stop();
    let refresherStopped: Promise<void> | undefined;
    closing ??= http
      .close()
      .finally(() => startChanges.stop())
      .finally(() => cmsRedirects.stop())
      .finally(() => sharedPieces.stop())
      .finally(() => {
        // Stopped before the render thread closes, so the renders that closing cuts short
        // are logged as the close's doing, not as failures.
        refresherStopped = refresher.stop();
      })
      .finally(() => renderer.close())
      .finally(() => thread.close())
      .finally(() => refresherStopped)
      .finally(() => sitemap?.stop())
      .finally(() => ledger.flushed())
      .finally(() => purge?.flush());
    return closing;
  };

  return {
    fetch: async (request) => pipeline.fetch(request),
    listen: http.listen,
    close,
  };
}

/** What readiness waits for besides the content service. */
function readinessConditions(
  changes: ContentChanges | undefined,
  cmsRedirects: RedirectRefresh,
  sharedPieces: SharedPieces,
) {
  return [
    catchUpCondition(changes?.startState ?? "connecting"),
    redirectsCondition(cmsRedirects),
    sharedPiecesCondition(sharedPieces),
  ];
}

/**
 * The consent wording every page carries, spliced into stored pages as they are answered
 * (serving/shared-pieces.ts): an edit of it is read here, on this thread, and renders no page.
 * `render`: a stored page that carries a wording this process never saw.
 */
function sharedPiecesOf(
  options: SiteServerOptions,
  { build, files }: LoadedSite,
  logger: SiteLogger,
  forget: (paths: string[] | undefined) => void,
  render: (page: string) => void,
): Promise<SharedPieces> {
  return SharedPieces.load({
    files,
    dir: options.buildDir,
    read: () => build.readConsentPiece(),
    logger,
    onChanged: () => forget(undefined),
    unsplittable: render,
  });
}

/**
 * What writes pages again after a change: the refresher (giving way to visitors), the
 * sitemap it keeps current, and the CDN purge that waits for both.
 */
async function refreshParts(
  options: SiteServerOptions,
  { files, prerendered, dependencies, ledger, renderPage }: LoadedSite,
  logger: SiteLogger,
  traffic: VisitorTraffic,
  forget: (paths: string[]) => void,
  sharedPieces: SharedPieces,
) {
  const sitemap = await SitemapRefresh.forBuild(options.buildDir, {
    files,
    prerendered,
    siteOrigin: options.env.siteOrigin,
    logger,
    onChanged: forget,
  });
  const refresher = new PageRefresher({
    handler: renderPage,
    files,
    prerendered,
    dependencies,
    logger,
    onChanged: (paths) => {
      forget(paths);
      sitemap?.touched(paths);
    },
    pacing: new GiveWayToVisitors(() => traffic.busy(), BUSY_REFRESH_SHARE),
    // Once every page a change touched is written again, the change is recorded on disk and
    // the sitemap written again if they moved it.
    onIdle: (clean) => {
      void ledger.settle(clean);
      sitemap?.idle();
    },
  });
  const purge = options.env.purgeUrl
    ? new CoalescedPurge({
        url: options.env.purgeUrl,
        token: options.env.purgeToken,
        logger,
        // The sitemap too: the CDN must fetch its new body, not the one before; and the
        // shared pieces' new wording, read before the pages answer with it.
        settled: () =>
          sharedPieces
            .settled()
            .then(() => refresher.settled())
            .then(() => sitemap?.settled()),
        claims: options.purgeClaims
          ? { store: options.purgeClaims, holder: randomUUID() }
          : undefined,
      })
    : undefined;
  return { sitemap, refresher, purge };
}
