// The desk's timed view: the whole site as it will be at a chosen instant, for the editor
// signed in at the desk. Each answer is rendered for its request by the site's own handler
// within the content layer's timed view (withViewAt: the one scheduling rule, recording
// nothing), and kept nowhere: not in the render cache, the prerendered files, the store or a
// CDN (`private, no-store`). A request is checked in this order, every failure answering the
// previews' plain 403: rate (shared with preview checks), the desk's session, the link's
// form, signature and expiry, and the desk's revocation of every link.
import { readFile } from "node:fs/promises";
import { PRIVATE_NO_STORE } from "../../app/config/cache-control";
import type { RequestFacts } from "../../app/forms/contract";
import { describeError, type SiteLogger } from "../../app/logging/logger.server";
import { type SitemapPage, sitemapXml } from "../../app/seo/sitemap.server";
import type { SiteBuildExports } from "../../app/server-build-contract";
import { SITEMAP_REQUEST_PATH } from "../refresh/sitemap-refresh";
import type { SiteRequestHandler } from "../rendering/server-build";
import { inlineScriptHashes } from "../security/script-hashes";
import { HashedPolicy, markAnsweredBy } from "../serving/representation";
import { ALL_PREVIEW_LINKS, type PreviewRevocationStore } from "../store/store";
import { isRevoked, issueTimeAfter } from "./preview-links";
import type { PreviewService } from "./preview-service";
import {
  signTimedViewToken,
  type TimedViewClaims,
  timedViewKey,
  timedViewPath,
  verifyTimedViewToken,
} from "./timed-view-links";
import { keptInView, TIMED_VIEW_FORM_PAGE, timedViewDocument } from "./timed-view-page";

export interface TimedViewOptions {
  siteKey: Buffer;
  siteOrigin: string;
  revocations: PreviewRevocationStore;
  content: Pick<SiteBuildExports, "withViewAt" | "readEntryPages">;
  /** The site's handler in this process (the timed view's context is this process's). */
  handler: SiteRequestHandler;
  /** The desk's session check: the view is for the signed-in editor alone. */
  hasSession: (request: Request) => boolean;
  checks: Pick<PreviewService, "rate" | "tooMany" | "refusal">;
  /** The sitemap visitors are served now (its file), if the site has one. */
  publicSitemap: () => Promise<string | undefined>;
  logger: SiteLogger;
  now?: () => number;
}

function viewHeaders(contentType: string): Record<string, string> {
  return {
    "Content-Type": contentType,
    "Cache-Control": PRIVATE_NO_STORE,
    "X-Robots-Tag": "noindex",
    "Referrer-Policy": "no-referrer",
  };
}

export class TimedView {
  private readonly key: Buffer;
  private readonly now: () => number;

  constructor(private readonly options: TimedViewOptions) {
    this.key = timedViewKey(options.siteKey);
    this.now = options.now ?? Date.now;
  }

  /** The address of the site's home page as it will be at `at` (the desk redirects there). */
  async link(at: number, timezoneOffset: number): Promise<string> {
    const revokedAt = await this.options.revocations.previewLinksRevokedAt(ALL_PREVIEW_LINKS);
    const { token } = signTimedViewToken(
      { at, timezoneOffset },
      this.key,
      issueTimeAfter(revokedAt, this.now()),
    );
    return timedViewPath(token);
  }

  /** GET /_preview/at/<token>/<path>: that page (or feed, or sitemap) as it will be then. */
  async answer(
    request: Request,
    token: string,
    sitePath: string,
    facts: RequestFacts,
  ): Promise<Response> {
    try {
      const claims = await this.check(request, token, facts);
      if (claims instanceof Response) return claims;
      const search = new URL(request.url).search;
      if (sitePath === SITEMAP_REQUEST_PATH) return await this.sitemap(request, claims);
      return await this.render(request, { token, claims, sitePath: `${sitePath}${search}` }, facts);
    } catch (error) {
      this.options.logger.warn("timed view unavailable", { error: describeError(error) });
      return new Response("The site cannot be shown at that time right now: try again.\n", {
        status: 503,
        headers: { ...viewHeaders("text/plain; charset=utf-8"), "Retry-After": "5" },
      });
    }
  }

  /** A form sent from the view: refused, saying why (nothing reaches the site's forms). */
  formRefusal(request: Request): Response {
    const allowed = this.options.hasSession(request);
    return new Response(allowed ? TIMED_VIEW_FORM_PAGE : null, {
      status: allowed ? 405 : 403,
      headers: { ...viewHeaders("text/html; charset=utf-8"), Allow: "GET, HEAD" },
    });
  }

  private async check(
    request: Request,
    token: string,
    facts: RequestFacts,
  ): Promise<TimedViewClaims | Response> {
    const { checks, logger, revocations } = this.options;
    const rate = await checks.rate(facts.clientAddress);
    if (!rate.allowed) return checks.tooMany(rate.retryAfterSeconds);
    const refused = (reason: string) => {
      logger.info("timed view refused", { reason });
      return checks.refusal();
    };
    if (!this.options.hasSession(request)) return refused("no-session");
    const verified = verifyTimedViewToken(token, this.key, this.now());
    if (!verified.ok) return refused(verified.reason);
    if (isRevoked(verified.claims, await revocations.previewLinksRevokedAt(ALL_PREVIEW_LINKS))) {
      return refused("revoked");
    }
    return verified.claims;
  }

  private async render(
    request: Request,
    view: { token: string; claims: TimedViewClaims; sitePath: string },
    facts: RequestFacts,
  ): Promise<Response> {
    const { content, handler, siteOrigin } = this.options;
    const pageUrl = new URL(view.sitePath, request.url);
    const accept = request.headers.get("accept") ?? "text/html";
    const rendered = await content.withViewAt(view.claims.at, () =>
      handler(new Request(pageUrl, { headers: { accept } }), facts),
    );
    const type = rendered.headers.get("content-type") ?? "application/octet-stream";
    const location = rendered.headers.get("location");
    if (location !== null) {
      // A redirect of the site (a moved entry, a CMS redirect) stays inside the view.
      await rendered.body?.cancel();
      return new Response(null, {
        status: rendered.status,
        headers: { ...viewHeaders(type), Location: keptInView(location, view.token, siteOrigin) },
      });
    }
    if (!type.startsWith("text/html")) {
      // A feed, an image, a download: as the site answers it then, never kept.
      return new Response(request.method === "HEAD" ? null : rendered.body, {
        status: rendered.status,
        headers: viewHeaders(type),
      });
    }
    const html = timedViewDocument(await rendered.text(), { ...view, siteOrigin });
    const response = new Response(request.method === "HEAD" ? null : html, {
      status: rendered.status,
      headers: viewHeaders("text/html; charset=utf-8"),
    });
    return markAnsweredBy(response, new HashedPolicy(() => inlineScriptHashes(html)));
  }

  /**
   * The sitemap then: the one served now, less the entries' pages visitors see now, plus
   * those they will see at the instant (the same rule, within the timed view).
   */
  private async sitemap(request: Request, claims: TimedViewClaims): Promise<Response> {
    const { content, siteOrigin } = this.options;
    const served = (await this.options.publicSitemap()) ?? "";
    const [now, then] = await Promise.all([
      content.readEntryPages(),
      content.withViewAt(claims.at, () => content.readEntryPages()),
    ]);
    const entryPaths = new Set(now.map((page) => page.path));
    const kept = sitemapPagesOf(served, siteOrigin).filter((page) => !entryPaths.has(page.path));
    const pages: SitemapPage[] = [
      ...kept,
      ...then.map(({ path, modifiedAt }) =>
        modifiedAt ? { path, lastmod: modifiedAt } : { path },
      ),
    ];
    const body = sitemapXml(siteOrigin, pages);
    return new Response(request.method === "HEAD" ? null : body, {
      status: 200,
      headers: viewHeaders("application/xml; charset=utf-8"),
    });
  }
}

/** The pages a sitemap lists (site paths of its <loc>s), with their <lastmod>. */
export function sitemapPagesOf(xml: string, siteOrigin: string): SitemapPage[] {
  const origin = siteOrigin.replace(/\/+$/, "");
  const pages: SitemapPage[] = [];
  for (const [, body] of xml.matchAll(/<url>([\s\S]*?)<\/url>/g)) {
    const loc = /<loc>([^<]*)<\/loc>/.exec(body ?? "")?.[1]?.replace(/&amp;/g, "&");
    if (!loc?.startsWith(`${origin}/`)) continue;
    const lastmod = /<lastmod>([^<]*)<\/lastmod>/.exec(body ?? "")?.[1];
    const path = loc.slice(origin.length);
    pages.push(lastmod ? { path, lastmod } : { path });
  }
  return pages;
}

/** The served sitemap's text, read from the build's client files. */
export function sitemapFileReader(files: {
  get(relPath: string): { absPath: string } | undefined;
}): () => Promise<string | undefined> {
  return async () => {
    const file = files.get(SITEMAP_REQUEST_PATH.slice(1));
    return file ? readFile(file.absPath, "utf8").catch(() => undefined) : undefined;
  };
}
