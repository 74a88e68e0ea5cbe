// HTTP redirects, answered before anything else is looked at: the one redirect table
// (app/redirects/redirect-table.ts, including the news. host rule) with its real status
// codes, then trailing slashes (`/about/` -> `/about`, the canonical form every link uses).
import {
  matchRedirect,
  normalizePathname,
  REDIRECTS,
  type RedirectMatch,
  type RedirectRule,
} from "../../app/redirects/redirect-table";
import { pagePathOfDataRequest } from "../addresses/page-addresses";

export const TRAILING_SLASH_STATUS = 301;

/**
 * The redirect table indexed by the first path segment, so a request is tried against the
 * few rules that could match it (those with that literal first segment, plus the ones that
 * match any: host rules, a parameter or `*` first), in the table's own order, instead of
 * against every rule. The matching itself stays the table's (matchRedirect).
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

  match(url: URL, siteOrigin: string): RedirectMatch | null {
    const pathname = normalizePathname(url.pathname);
    const end = pathname.indexOf("/", 1);
    const first = pathname.slice(1, end === -1 ? undefined : end);
    const rules = this.byFirstSegment.get(first) ?? this.anyFirstSegment;
    return rules.length === 0 ? null : matchRedirect(url, { siteOrigin, rules });
  }
}

const SITE_REDIRECTS = new RedirectIndex(REDIRECTS);
const HOST_PREFIXES = REDIRECTS.flatMap((rule) =>
  rule.hostPrefix === undefined ? [] : [rule.hostPrefix.toLowerCase()],
);

/** Whether requests to `host` (a Host header) may be redirected whatever their path. */
export function hostHasOwnRedirects(host: string): boolean {
  if (HOST_PREFIXES.length === 0) return false;
  const lower = host.toLowerCase();
  return HOST_PREFIXES.some((prefix) => lower.startsWith(prefix));
}

/**
 * The redirect answer for `url`, or null. A client-navigation data request (`/product.data`)
 * whose page redirects gets React Router's single-fetch form (204 + X-Remix-Redirect), so
 * the browser follows it in-app instead of failing to decode a 301.
 */
export function redirectFor(url: URL, method: string, siteOrigin: string): Response | null {
  const dataPage = pagePathOfDataRequest(url.pathname);
  if (dataPage !== null) {
    const pageUrl = new URL(url);
    pageUrl.pathname = dataPage;
    pageUrl.searchParams.delete("_routes");
    const match = SITE_REDIRECTS.match(pageUrl, siteOrigin);
    if (!match) return null;
    const external = /^https?:\/\//i.test(match.location);
    return new Response(null, {
      status: 204,
      headers: {
        "X-Remix-Response": "yes",
        "X-Remix-Redirect": match.location,
        "X-Remix-Status": String(match.status),
        ...(external ? { "X-Remix-Reload-Document": "true" } : {}),
        "Cache-Control": "no-store",
      },
    });
  }
  const match = SITE_REDIRECTS.match(url, siteOrigin);
  if (match) return redirect(match.location, match.status);
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

function redirect(location: string, status: number): Response {
  const headers: Record<string, string> = { Location: location };
  // Browsers keep a 301 forever unless told otherwise; an hour lets the table change.
  if (status === 301) headers["Cache-Control"] = "public, max-age=3600";
  return new Response(null, { status, headers });
}
