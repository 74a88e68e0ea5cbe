// The one redirect table of the code and its matcher. It drives the server's HTTP redirects,
// the client's in-app redirects (via the route-rules manifest) and the build's manifest, so
// the three can never disagree. Patterns (deliberately small, no dependency): literal segments
// match exactly and case-sensitively, `:name` one non-empty segment, `:name(regex)` one segment
// against the anchored regex, a final `*` any rest of the path, none included. A target is an
// internal path, which may reuse the `:name` params and keeps the request's query and hash, or
// an absolute http(s) URL. Trailing slashes on the request path are ignored.

import { withoutTrailingSlashes } from "../navigation/page-paths";

export type RedirectStatus = 301 | 302;

/** Redirects are permanent unless a row says 302. */
export const DEFAULT_REDIRECT_STATUS = 301 satisfies RedirectStatus;
export const TEMPORARY_REDIRECT_STATUS = 302 satisfies RedirectStatus;

export interface RedirectRule {
  /** Path pattern, see the syntax at the top of this file. */
  pattern: string;
  /** Internal path (may use `:name` params of the pattern) or an absolute external URL. */
  target: string;
  status: RedirectStatus;
  /**
   * Host rule: applies only when the request's host name starts with this label
   * (e.g. `news.`); the target is then resolved against the canonical site origin.
   */
  hostPrefix?: string;
}

/** The statuses a redirect may answer with: the code's two, and 307/308 the CMS may choose. */
export type AnsweredRedirectStatus = RedirectStatus | 307 | 308;

export interface RedirectMatch {
  /** Relative path (internal), or absolute URL (external target or host rule). */
  location: string;
  status: AnsweredRedirectStatus;
}

export interface MatchRedirectOptions {
  /** Canonical site origin (SITE_ORIGIN), used by host rules. */
  siteOrigin: string;
  /** Rules to match against; defaults to REDIRECTS (the manifest passes its own copy). */
  rules?: readonly RedirectRule[];
}

const permanent = (pattern: string, target: string): RedirectRule => ({
  pattern,
  target,
  status: DEFAULT_REDIRECT_STATUS,
});
const temporary = (pattern: string, target: string): RedirectRule => ({
  pattern,
  target,
  status: TEMPORARY_REDIRECT_STATUS,
});

/** The news sub-host: any path on `news.{domain}` goes to `{siteOrigin}/news`. */
export const NEWS_HOST_PREFIX = "news.";

/** Every redirect of the code, in match order (host rules first). Names: docs/content-model.md. */
export const REDIRECTS: readonly RedirectRule[] = [
  { ...permanent("/*", "/news"), hostPrefix: NEWS_HOST_PREFIX },

  permanent("/publishers/sign-up", "/universal-id/media-owners"),
  permanent("/product", "/technology"),
  permanent("/connect", "/solutions"),
  permanent("/partner", "/solutions"),
  permanent("/partner-sign-up", "/solutions"),
  permanent("/universal-id", "/solutions"),

  permanent("/universal-id/esp", "/universal-id/email-service-providers"),
  temporary("/universal-id/adobe-experience-platform", "/partner-sign-up/adobe-experience-cloud"),
  temporary(
    "/partner-sign-up/adobe-experience-platform",
    "/partner-sign-up/adobe-experience-cloud",
  ),
  permanent("/partner-sign-up/adobeadvertising", "/partner-sign-up/adobe-advertising"),

  temporary("/universal-id/terms-and-conditions", "/universal-id/site-agreement.pdf"),
  temporary("/universal-id/terms-and-conditions-c2s", "/universal-id/site-agreement.pdf"),
  temporary("/partner-sign-up/terms-and-conditions", "/partner-sign-up/site-agreement.pdf"),
  temporary("/partner-sign-up/terms-and-conditions-c2s", "/partner-sign-up/site-agreement.pdf"),

  permanent("/privacy", "https://id5-sync.com/privacy"),
  temporary("/privacy-policy", "/trust/privacy-policy"),
  temporary("/cookie-policy", "/trust/cookie-policy"),
  temporary("/platform-privacy-policy", "/trust/platform-privacy-policy"),
  temporary("/id5-privacy-policy", "/trust/privacy-policy"),
  temporary("/cookie-disclosure/current", "/trust/cookie-disclosure"),

  permanent("/events", "/"),

  permanent("/resources/publisher-case-study", "/resources/case-study-publisher-addressability"),
  permanent("/resources/identity-report-2025", "/resources/state-of-identity-2026"),

  permanent("/news/:yyyy(\\d{4})/:mm(\\d{1,2})/:dd(\\d{1,2})/:slug", "/news/:slug"),
];

interface CompiledPattern {
  regex: RegExp;
  params: string[];
}

const PARAM_SEGMENT = /^:([A-Za-z_][A-Za-z0-9_]*)(?:\((.+)\))?$/;
const REGEX_SPECIALS = /[.*+?^${}()|[\]\\]/g;
const compiled = new Map<string, CompiledPattern>();

/** Compiles a pattern of the syntax above into an anchored RegExp (cached by pattern text). */
export function compilePattern(pattern: string): CompiledPattern {
  const cached = compiled.get(pattern);
  if (cached) return cached;
  if (!pattern.startsWith("/")) throw new Error(`Redirect pattern must start with "/": ${pattern}`);
  const params: string[] = [];
  const segments = pattern === "/" ? [] : pattern.slice(1).split("/");
  let source = "";
  segments.forEach((segment, index) => {
    if (segment === "*") {
      if (index !== segments.length - 1) throw new Error(`"*" must be last: ${pattern}`);
      source += "(?:/.*)?";
      return;
    }
    const param = PARAM_SEGMENT.exec(segment);
    if (param) {
      const [, name = "", constraint] = param;
      params.push(name);
      source += `/(${constraint ? `(?:${constraint})` : "[^/]+"})`;
    } else {
      source += `/${segment.replace(REGEX_SPECIALS, "\\$&")}`;
    }
  });
  const result = { regex: new RegExp(`^${source || "/"}$`), params };
  compiled.set(pattern, result);
  return result;
}

/** Params of `pattern` captured from `pathname`, or null when it does not match. */
export function matchPattern(pattern: string, pathname: string): Record<string, string> | null {
  const { regex, params } = compilePattern(pattern);
  const match = regex.exec(withoutTrailingSlashes(pathname));
  if (!match) return null;
  const values: Record<string, string> = {};
  params.forEach((name, i) => {
    values[name] = match[i + 1] ?? "";
  });
  return values;
}

export function isExternalTarget(target: string): boolean {
  return /^https?:\/\//i.test(target);
}

function fillParams(target: string, params: Record<string, string>): string {
  return target.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (whole, name: string) =>
    name in params ? (params[name] ?? "") : whole,
  );
}

/**
 * The redirect for `url`, or null. Host rules come first; internal targets are
 * returned as paths with the request's query and hash; external targets as is.
 */
export function matchRedirect(url: URL, opts: MatchRedirectOptions): RedirectMatch | null {
  const rules = opts.rules ?? REDIRECTS;
  const hostname = url.hostname.toLowerCase();
  for (const rule of rules) {
    if (rule.hostPrefix !== undefined && !hostname.startsWith(rule.hostPrefix.toLowerCase())) {
      continue;
    }
    const params = matchPattern(rule.pattern, url.pathname);
    if (!params) continue;
    if (isExternalTarget(rule.target)) return { location: rule.target, status: rule.status };
    const path = `${fillParams(rule.target, params)}${url.search}${url.hash}`;
    const location =
      rule.hostPrefix !== undefined ? `${opts.siteOrigin.replace(/\/+$/, "")}${path}` : path;
    return { location, status: rule.status };
  }
  return null;
}

/**
 * A redirect Response for `url` (e.g. thrown from a root middleware with the
 * normalised `args.url`), or null when no rule matches.
 */
export function redirectResponse(url: URL, opts: MatchRedirectOptions): Response | null {
  const match = matchRedirect(url, opts);
  if (!match) return null;
  return new Response(null, { status: match.status, headers: { Location: match.location } });
}

/** The exact source paths of the table (no params, no host rules): for tests and docs. */
export function listRedirectSourcePaths(rules: readonly RedirectRule[] = REDIRECTS): string[] {
  return rules
    .filter(
      (r) => r.hostPrefix === undefined && !r.pattern.includes(":") && !r.pattern.includes("*"),
    )
    .map((r) => r.pattern);
}
