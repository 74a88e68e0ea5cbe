// The Content-Security-Policy of the site (docs/decisions/0007-content-security-policy.md).
// Inline scripts are allowed by hash, computed once per body (serving/representation.ts), so
// prerendered files, cached renderings, their compressed siblings and ETags stay byte-identical.
// No default-src or style-src: the pages use inline style attributes and the tag manager
// loads pixels and beacons from hosts its container decides.

import { pagePathOfDataRequest } from "../../app/navigation/page-paths";
import { CSP_REPORT_PATH, PREVIEW_PATH_PREFIX } from "../addresses/server-paths";

/** The Reporting API endpoint group of `report-to`, defined by the Reporting-Endpoints header. */
export const CSP_REPORT_GROUP = "csp";
export const REPORTING_ENDPOINTS = `${CSP_REPORT_GROUP}="${CSP_REPORT_PATH}"`;

/** Script hosts of Tag Manager and of the Google tag it loads (Google's CSP guide). */
export const TAG_MANAGER_SCRIPT_SOURCES = [
  "https://www.googletagmanager.com",
  "https://*.googletagmanager.com",
] as const;

/**
 * Pages that other sites may frame (the ID agreement shown inside the console), and their
 * client-navigation data. Every other answer refuses all framing.
 */
export const EMBEDDABLE_PAGE_PATHS: ReadonlySet<string> = new Set([
  "/legal/id5-id-agreement/current-embedded",
]);

export function isEmbeddablePath(pathname: string): boolean {
  return EMBEDDABLE_PAGE_PATHS.has(pagePathOfDataRequest(pathname) ?? pathname);
}

export interface PolicyOptions {
  /** GTM_ID is set: the tag manager's hosts may serve scripts. */
  tagManager: boolean;
  /** Origins besides our own that may frame the embeddable pages (EMBED_FRAME_ANCESTORS). */
  embedFrameAncestors: readonly string[];
  /** The origins that may frame a preview: the CMS (PREVIEW_FRAME_ANCESTORS); none: no framing. */
  previewFrameAncestors?: readonly string[];
}

/** One variant of the policy (framing, reporting), and the other headers that go with it. */
export class DocumentPolicy {
  readonly withoutHashes: string;
  /** Headers that go with this variant: X-Frame-Options, Reporting-Endpoints, Referrer-Policy. */
  readonly companionHeaders: readonly [string, string][];
  private readonly scriptSources: string;
  private readonly otherDirectives: string;

  constructor(options: {
    tagManager: boolean;
    frameAncestors: readonly string[];
    /** report-to (Reporting API) besides report-uri: only where the browser will deliver it. */
    reportTo: boolean;
    /** Sent instead of the site's Referrer-Policy (a preview's address is a credential). */
    referrerPolicy?: string;
  }) {
    this.scriptSources = [
      "'self'",
      "'report-sample'",
      ...(options.tagManager ? TAG_MANAGER_SCRIPT_SOURCES : []),
    ].join(" ");
    const framing = options.frameAncestors.length ? options.frameAncestors.join(" ") : "'none'";
    this.otherDirectives = [
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      `frame-ancestors ${framing}`,
      `report-uri ${CSP_REPORT_PATH}`,
      ...(options.reportTo ? [`report-to ${CSP_REPORT_GROUP}`] : []),
    ].join("; ");
    this.withoutHashes = this.header([]);
    const companions: [string, string][] = [];
    if (!options.frameAncestors.length) companions.push(["X-Frame-Options", "DENY"]);
    if (options.reportTo) companions.push(["Reporting-Endpoints", REPORTING_ENDPOINTS]);
    if (options.referrerPolicy) companions.push(["Referrer-Policy", options.referrerPolicy]);
    this.companionHeaders = companions;
  }

  header(hashes: readonly string[]): string {
    const hashed = hashes.length ? ` ${hashes.join(" ")}` : "";
    return `script-src ${this.scriptSources}${hashed}; ${this.otherDirectives}`;
  }
}

/** The six variants a server sends, made once at start. */
export class ContentSecurityPolicies {
  private readonly variants: Record<
    "page" | "embeddable" | "preview",
    Record<"api" | "uri", DocumentPolicy>
  >;

  constructor(options: PolicyOptions) {
    const make = (frameAncestors: readonly string[], reportTo: boolean) =>
      new DocumentPolicy({ tagManager: options.tagManager, frameAncestors, reportTo });
    // A preview's address is its link, a bearer credential: no tag manager may run there
    // (server/preview/preview-page.ts leaves it out; the policy refuses it too), and no
    // request from it names the address in a Referer.
    const makePreview = (reportTo: boolean) =>
      new DocumentPolicy({
        tagManager: false,
        frameAncestors: options.previewFrameAncestors ?? [],
        reportTo,
        referrerPolicy: "no-referrer",
      });
    const embedders = ["'self'", ...options.embedFrameAncestors];
    this.variants = {
      page: { api: make([], true), uri: make([], false) },
      embeddable: { api: make(embedders, true), uri: make(embedders, false) },
      preview: { api: makePreview(true), uri: makePreview(false) },
    };
  }

  /**
   * The variant for a request path. Chromium sends report-to reports only from https pages
   * and then ignores report-uri, so a page served over plain http names report-uri alone.
   */
  select(pathname: string, secure: boolean): DocumentPolicy {
    const framing = pathname.startsWith(PREVIEW_PATH_PREFIX)
      ? this.variants.preview
      : isEmbeddablePath(pathname)
        ? this.variants.embeddable
        : this.variants.page;
    return secure ? framing.api : framing.uri;
  }
}

/** The policy of a page without inline scripts, tag manager or framing, served over https. */
export const DEFAULT_CONTENT_SECURITY_POLICY = new DocumentPolicy({
  tagManager: false,
  frameAncestors: [],
  reportTo: true,
}).withoutHashes;
