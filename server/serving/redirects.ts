// HTTP redirects, answered before anything else is looked at: the CMS's redirects, the one
// redirect table of the code (app/redirects/redirect-table.ts, including the news. host
// rule), the old addresses of renamed entries (app/redirects/cms-redirects.ts merges the
// three once per change), then trailing slashes (`/about/` -> `/about`, the canonical form
// every link uses).

import { HOUR_CACHE_CONTROL, NO_STORE } from "../../app/config/cache-control";
import { isRefused } from "../../app/content/cms-values/checked";
import { checkRedirectLocation } from "../../app/content/cms-values/paths";
import {
  CACHE_TAG_HEADER,
  contentTag,
  SURROGATE_KEY_HEADER,
} from "../../app/content/content-tags.server";
import {
  DATA_ROUTES_PARAM,
  pagePathOfDataRequest,
  withoutTrailingSlashes,
} from "../../app/navigation/page-paths";
import {
  EMPTY_MERGED_REDIRECTS,
  type ExactRedirect,
  exactLocation,
  type MergedRedirects,
  REDIRECT_TEMPLATE,
} from "../../app/redirects/cms-redirects";
import {
  matchRedirect,
  REDIRECTS,
  type RedirectMatch,
  type RedirectRule,
} from "../../app/redirects/redirect-table";

export const TRAILING_SLASH_STATUS = 301;

/**
 * The redirect table indexed by the first path segment, so a request is tried against the few
 * rules that could match it, in the table's own order; the matching stays matchRedirect's.
 */
export class RedirectIndex {
  private readonly byFirstSegment = new Map<string, RedirectRule[]>();
  private readonly anyFirstSegment: RedirectRule[];

  constructor(rules: readonly RedirectRule[]) {
    const literal = new Map<string, number[]>();
    const any: number[] = [];
    rules.forEach((rule, index) => {
      const first = rule.pattern.split("/")[1] ?? "";
      if (rule.hostPrefix !== undefined || first.startsWith(":") || first === "*") any.push(index);
      else literal.set(first, [...(literal.get(first) ?? []), index]);
    });
    this.anyFirstSegment = any.map((i) => rules[i] as RedirectRule);
    for (const [segment, indexes] of literal) {
      const merged = [...indexes, ...any].sort((a, b) => a - b);
      this.byFirstSegment.set(
        segment,
        merged.map((i) => rules[i] as RedirectRule),
      );
    }
  }

  match(url: URL, siteOrigin: string): SiteRedirectMatch | null {
    const pathname = withoutTrailingSlashes(url.pathname);
    const end = pathname.indexOf("/", 1);
    const first = pathname.slice(1, end === -1 ? undefined : end);
    const rules = this.byFirstSegment.get(first) ?? this.anyFirstSegment;
    return rules.length === 0 ? null : matchRedirect(url, { siteOrigin, rules });
  }
}

const CODE_REDIRECTS = new RedirectIndex(REDIRECTS);
const HOST_PREFIXES = REDIRECTS.flatMap((rule) =>
  rule.hostPrefix === undefined ? [] : [rule.hostPrefix.toLowerCase()],
);

/** Whether requests to `host` (a Host header) may be redirected whatever their path. */
export function hostHasOwnRedirects(host: string): boolean {
  if (HOST_PREFIXES.length === 0) return false;
  const lower = host.toLowerCase();
  return HOST_PREFIXES.some((prefix) => lower.startsWith(prefix));
}

/** The code's table with the CMS's part as merged at the last content change (`replace`). */
export class SiteRedirects {
  private merged: MergedRedirects = EMPTY_MERGED_REDIRECTS;

  replace(merged: MergedRedirects): void {
    this.merged = merged;
  }

  /** The exact addresses the CMS's part answers now (for the fast path to forget). */
  exactSources(): string[] {
    return [...this.merged.cms.keys(), ...this.merged.renamed.keys()];
  }

  match(url: URL, siteOrigin: string): SiteRedirectMatch | null {
    const match = this.matchAny(url, siteOrigin);
    // Every Location is checked in its final form, whichever part made it: one that reads
    // as another host or carries a control character is never sent (the address answers
    // as if it had no redirect).
    return match && !isRefused(checkRedirectLocation(match.location)) ? match : null;
  }

  private matchAny(url: URL, siteOrigin: string): SiteRedirectMatch | null {
    const { cms, renamed } = this.merged;
    if (cms.size > 0 || renamed.size > 0) {
      // Most paths have no trailing slash: they are their own normal form.
      const raw = url.pathname;
      const path = raw.length > 1 && raw.endsWith("/") ? withoutTrailingSlashes(raw) : raw;
      const exact = cms.get(path);
      if (exact) return exactMatch(exact, url);
      const code = CODE_REDIRECTS.match(url, siteOrigin);
      if (code) return this.onwards(code);
      const old = renamed.get(path);
      return old ? exactMatch(old, url) : null;
    }
    return CODE_REDIRECTS.match(url, siteOrigin);
  }

  /**
   * A code rule's answer, taken on to the end when its target is an address the CMS's part
   * redirects (those are followed to their end already): one hop for the visitor.
   */
  private onwards(code: SiteRedirectMatch): SiteRedirectMatch {
    if (!code.location.startsWith("/") || code.location.startsWith("//")) return code;
    const target = new URL(code.location, "http://site.invalid");
    const path = withoutTrailingSlashes(target.pathname);
    const next = this.merged.cms.get(path) ?? this.merged.renamed.get(path);
    if (!next) return code;
    const permanent = PERMANENT_STATUSES.has(code.status) && PERMANENT_STATUSES.has(next.status);
    const keepsMethod = code.status === 307 || code.status === 308;
    const status = permanent ? (keepsMethod ? 308 : 301) : keepsMethod ? 307 : 302;
    return { ...exactMatch(next, target), status };
  }

  /**
   * The redirect answer for `url`, or null. A client-navigation data request (`/product.data`)
   * whose page redirects gets React Router's single-fetch form (204 + X-Remix-Redirect), so
   * the browser follows it in-app instead of failing to decode a 301.
   */
  redirectFor(url: URL, method: string, siteOrigin: string): Response | null {
    const dataPage = pagePathOfDataRequest(url.pathname);
    if (dataPage !== null) {
      const pageUrl = new URL(url);
      pageUrl.pathname = dataPage;
      pageUrl.searchParams.delete(DATA_ROUTES_PARAM);
      const match = this.match(pageUrl, siteOrigin);
      if (!match) return null;
      const external = /^https?:\/\//i.test(match.location);
      return new Response(null, {
        status: 204,
        headers: {
          "X-Remix-Response": "yes",
          "X-Remix-Redirect": match.location,
          "X-Remix-Status": String(match.status),
          ...(external ? { "X-Remix-Reload-Document": "true" } : {}),
          "Cache-Control": NO_STORE,
        },
      });
    }
    const match = this.match(url, siteOrigin);
    if (match) return redirect(match.location, match.status, match.tags);
    if (
      (method === "GET" || method === "HEAD") &&
      url.pathname.length > 1 &&
      url.pathname.endsWith("/")
    ) {
      // Collapse leading slashes too: `//evil.example/` must not become a protocol-relative URL.
      const path = `/${url.pathname.replace(/^\/+/, "").replace(/\/+$/, "")}`;
      return redirect(`${path}${url.search}`, TRAILING_SLASH_STATUS);
    }
    return null;
  }
}

/** A redirect with the content tags its answer carries (a CMS's or renamed entry's). */
type SiteRedirectMatch = RedirectMatch & { tags?: readonly string[] };

function exactMatch(exact: ExactRedirect, url: URL): SiteRedirectMatch {
  // Tagged like the pages made from the same entry, so a CDN that keeps a permanent one
  // drops it when the entry changes (the change's purge carries these tags).
  const tags =
    exact.source === "cms"
      ? [contentTag.entry(exact.entryId), contentTag.template(REDIRECT_TEMPLATE)]
      : [contentTag.entry(exact.entryId), contentTag.path(exact.entryId)];
  return { location: exactLocation(exact, url.search), status: exact.status, tags };
}

/** The code's table alone (what answers before the CMS's redirects are read). */
const CODE_ONLY = new SiteRedirects();

export function redirectFor(url: URL, method: string, siteOrigin: string): Response | null {
  return CODE_ONLY.redirectFor(url, method, siteOrigin);
}

const PERMANENT_STATUSES = new Set([301, 308]);

function redirect(location: string, status: number, tags?: readonly string[]): Response {
  const headers: Record<string, string> = { Location: location };
  if (tags) {
    headers[CACHE_TAG_HEADER] = tags.join(",");
    headers[SURROGATE_KEY_HEADER] = tags.join(" ");
  }
  // Browsers keep a permanent redirect forever unless told otherwise; an hour lets the
  // table (and the CMS's redirects) change.
  if (PERMANENT_STATUSES.has(status)) headers["Cache-Control"] = HOUR_CACHE_CONTROL;
  return new Response(null, { status, headers });
}
