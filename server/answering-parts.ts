// What the server is made of, before it is wired (site-server.ts): the build, its files and
// records and the render thread; then what answers requests: what an address is, the
// renderer and its cache, the headers and policies, the prepared 404 pages, previews.

import {
  DEFAULT_EMBED_FRAME_ANCESTORS,
  type ProxyTrust,
  type SiteEnv,
} from "../app/config/env.server";
import type { FormsService } from "../app/forms/contract";
import type { SiteLogger } from "../app/logging/logger.server";
import { MEDIA_PATH_PREFIX } from "./addresses/server-paths";
import { contentMetrics } from "./metrics/site-metrics";
import { PreviewService } from "./preview/preview-service";
import { ContentDependencies } from "./refresh/content-dependencies";
import { ContentLedger } from "./refresh/content-ledger";
import { PageRenderer, replayableHeaders } from "./rendering/render";
import { DEFAULT_ADMISSION, RenderAdmission } from "./rendering/render-admission";
import { RenderCache } from "./rendering/render-cache";
import { RenderThread } from "./rendering/render-thread";
import { loadServerBuild, type SiteRequestHandler } from "./rendering/server-build";
import { GiveWayToVisitors, type VisitorTraffic } from "./rendering/visitor-traffic";
import { AnswerHeaders } from "./security/answer-headers";
import { ContentSecurityPolicies } from "./security/content-security-policy";
import { securityHeaders } from "./security/security-headers";
import { NotFoundAnswers } from "./serving/not-found";
import { PrerenderedPages } from "./serving/prerendered";
import { SiteAddresses } from "./serving/site-addresses";
import { ClientFiles } from "./serving/static-files";
import type {
  PreviewRevocationStore,
  PublishedVersionStore,
  PurgeClaimStore,
  RateLimitStore,
} from "./store/store";

export interface SiteServerOptions {
  /** The build folder: client/ (static + prerendered), server/index.js, prerendered.json. */
  buildDir: string;
  /** The validated settings; the server build reads them too (loadServerBuild). */
  env: SiteEnv;
  logger?: SiteLogger;
  /** The forms service actions store submissions with (server/forms/). */
  forms?: FormsService;
  trustProxy?: ProxyTrust;
  publishedVersions?: PublishedVersionStore;
  /**
   * With `siteKey` (the forms signing key, which signs preview links too, under a key
   * derived for them), previews are served; their revocations are kept here.
   */
  previewRevocations?: PreviewRevocationStore;
  /** With DATABASE_URL: where instances agree which of them sends each change's purge. */
  purgeClaims?: PurgeClaimStore;
  /** Where link checks are counted by every instance together (the forms' rate windows). */
  previewRateLimits?: RateLimitStore;
  siteKey?: Buffer;
  /** The site key `siteKey` replaced (a rotation): forms signed with it are still taken. */
  previousSiteKey?: Buffer;
}

export type LoadedSite = Awaited<ReturnType<typeof loadSite>>;

export async function loadSite(options: SiteServerOptions, logger: SiteLogger) {
  const { env } = options;
  const build = await loadServerBuild(
    options.buildDir,
    { forms: options.forms },
    {
      env,
      logger,
      publishedVersions: options.publishedVersions,
      refusedValue: (kind) => contentMetrics.valueRefused(kind),
    },
  );
  const files = await ClientFiles.scan(`${options.buildDir}/client`);
  const prerendered = await PrerenderedPages.load(options.buildDir, files);
  const dependencies = await ContentDependencies.load(options.buildDir);
  // What the pages on disk were rendered from, moved forward as they are rewritten.
  // Read before the render thread starts: nothing after it awaits, so a start that fails
  // leaves no thread behind.
  const ledger = await ContentLedger.load(
    options.buildDir,
    { prerendered: () => prerendered.toManifest(), dependencies: () => dependencies.toManifest() },
    logger,
  );
  const thread = await RenderThread.start({
    buildDir: options.buildDir,
    env,
    logger,
    publishedVersions: options.publishedVersions,
    forms: options.forms,
    signingKey: options.siteKey,
    previousSigningKey: options.previousSiteKey,
  });
  // Pages and their actions render on the render thread (the content it read for a page is
  // the content its form's action reads); media, which wait on the CMS, stay here.
  const renderPage: SiteRequestHandler = (request, facts) =>
    new URL(request.url).pathname.startsWith(MEDIA_PATH_PREFIX)
      ? build.handler(request, facts)
      : thread.render(request, facts);
  return { build, files, prerendered, dependencies, ledger, thread, renderPage };
}

export function answeringParts(
  options: SiteServerOptions,
  site: LoadedSite,
  logger: SiteLogger,
  traffic: VisitorTraffic,
) {
  const { env } = options;
  const { build, files, prerendered, renderPage } = site;
  const addresses = new SiteAddresses(files, prerendered, build.describeRoute);
  const cache = new RenderCache();
  const renderer = new PageRenderer({
    handler: renderPage,
    cache,
    prerendered,
    files,
    logger,
    declaredQuery: (page) => addresses.queryOf(page),
    // Renders give way whenever visitors are being answered from files (any in the last
    // quarter second): under a render flood the loop answers few of them, so a threshold
    // of many would never be met. Then one renders at a time, with no pause (a share of 1):
    // the render thread's lower priority shares the core, and a pause in proportion to a
    // render's time there, long as it gets what visitors leave, would only starve renders.
    admission: new RenderAdmission({
      ...DEFAULT_ADMISSION,
      pacing: new GiveWayToVisitors(() => traffic.lately() > 0, 1),
    }),
  });
  const answerHeaders = new AnswerHeaders(
    securityHeaders(env.siteOrigin),
    new ContentSecurityPolicies({
      tagManager: Boolean(env.gtmId),
      embedFrameAncestors: env.embedFrameAncestors ?? DEFAULT_EMBED_FRAME_ANCESTORS,
      previewFrameAncestors: env.preview?.frameAncestors ?? [],
    }),
  );
  const notFound = new NotFoundAnswers({
    // On the render thread: the serving thread holds no copy of the content for pages.
    render: (path) => renderPage(new Request(`http://localhost${path}`)),
    logger,
    headers: answerHeaders,
    keptHeaders: replayableHeaders,
  });
  const preview =
    options.previewRevocations && options.siteKey
      ? new PreviewService({
          siteKey: options.siteKey,
          siteOrigin: env.siteOrigin,
          revocations: options.previewRevocations,
          rateLimits: options.previewRateLimits,
          content: build.preview,
          handler: build.handler,
          logger,
          apiToken: env.preview?.apiToken,
        })
      : undefined;
  return { addresses, cache, renderer, answerHeaders, notFound, preview };
}
