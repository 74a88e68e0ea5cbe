// Redirects editors keep in the CMS (the `redirect` template) and the old addresses of
// renamed entries, merged with the code's table (redirect-table.ts) into one set of exact
// addresses. Everything that needs a decision (validity, a page at the address, chains,
// loops, which of two claims on an address wins) is decided here, once per content change,
// so a request costs one map lookup. Pure: the server, `content:check` and the tests use it.
//
// Precedence on one address (docs/decisions/0024-cms-redirects.md):
//   a page the CMS publishes there > a CMS redirect > the code's table > an old address
//   (the entry that held it last, when several did).

import { isRefused } from "../content/cms-values/checked";
import {
  checkOwnableAddress,
  checkRedirectLocation,
  hasUnsafePathCharacter,
} from "../content/cms-values/paths";
import { CODE_PAGE_PATHS, contentPathFor, partnerSignUpPagePath } from "../content/urls";
import { withoutTrailingSlashes } from "../navigation/page-paths";
import { DEFAULT_REDIRECT_STATUS, matchRedirect, type RedirectRule } from "./redirect-table";

/** The template editors keep redirects in. */
export const REDIRECT_TEMPLATE = "redirect";

/** The statuses an editor may choose (ENUMERATION items of the template's `status`). */
export const CMS_REDIRECT_STATUSES = [301, 302, 307, 308] as const;
export type CmsRedirectStatus = (typeof CMS_REDIRECT_STATUSES)[number];

/** An automatic redirect from an entry's old address is permanent. */
export const RENAMED_ADDRESS_STATUS = 301 satisfies CmsRedirectStatus;

/** A `redirect` entry as the CMS holds it: its props as written, not yet checked. */
export interface CmsRedirectEntry {
  entryId: string;
  from: string | undefined;
  to: string | undefined;
  status: string | undefined;
  note?: string;
}

/** An address a public entry had (the store keeps every one, content/last-public-versions). */
export interface PastAddress {
  entryId: string;
  path: string;
  /** When the entry was last recorded public at this address (ms). */
  lastPublicAt: number;
}

export interface RedirectSources {
  redirects: readonly CmsRedirectEntry[];
  /** The addresses of the pages the CMS publishes now, with their entry. */
  pages: ReadonlyMap<string, string>;
  past: readonly PastAddress[];
  /** Whether a path is a file of the build: the site's own, never a redirect's (server only). */
  isBuildFile?: (path: string) => boolean;
}

/** One exact address's answer: where to, with what status, and who asked for it. */
export interface ExactRedirect {
  /** A path (the request's query is added when it has none) or an https URL. */
  target: string;
  status: CmsRedirectStatus;
  /** The `redirect` entry, or the renamed entry whose old address this is. */
  entryId: string;
  source: "cms" | "renamed";
}

/** Something left out of the merged table, with why: each is one log line. */
export interface RedirectNotice {
  entryId: string;
  from?: string;
  problem: string;
  /** "refused": the entry is invalid; "hidden": a page or another claim holds its address. */
  kind: "refused" | "hidden";
}

export interface MergedRedirects {
  /** CMS redirects: asked before the code's table. */
  cms: ReadonlyMap<string, ExactRedirect>;
  /** Old addresses of renamed entries: asked after it. */
  renamed: ReadonlyMap<string, ExactRedirect>;
  notices: readonly RedirectNotice[];
}

export const EMPTY_MERGED_REDIRECTS: MergedRedirects = {
  cms: new Map(),
  renamed: new Map(),
  notices: [],
};

const CODE_PAGES: ReadonlySet<string> = new Set(CODE_PAGE_PATHS);

/** Who holds a page at `path`: the CMS entry published there, or the code's own route. */
function pageAt(sources: RedirectSources, path: string): string | undefined {
  const entry = sources.pages.get(path);
  if (entry !== undefined) return `entry ${entry} is published`;
  return CODE_PAGES.has(path) ? "the site's own page is" : undefined;
}

/** Most steps a chain is followed before it is called a loop. */
const MAX_CHAIN = 32;

/**
 * The address a `from` names, in the form requests arrive in (percent-encoded, no trailing
 * slash), or a problem: it must be a path of this site, with no query, fragment or dot
 * segments.
 */
export function redirectSourcePath(
  from: string,
  isBuildFile?: (path: string) => boolean,
): { path: string } | { problem: string } {
  const value = from.trim();
  if (!value.startsWith("/") || value.startsWith("//")) {
    return { problem: `"from" is not a path of the site: ${JSON.stringify(from)}` };
  }
  if (hasUnsafePathCharacter(value) || /[?#]/.test(value)) {
    return { problem: `"from" must be a bare path (no query, fragment or spaces): ${from}` };
  }
  if (value.split("/").some((segment) => segment === "." || segment === "..")) {
    return { problem: `"from" has a dot segment: ${from}` };
  }
  const path = withoutTrailingSlashes(new URL(value, "http://site.invalid").pathname);
  const ownable = checkOwnableAddress(path, isBuildFile);
  if (isRefused(ownable)) return { problem: `"from" ${ownable.problem}` };
  return { path };
}

/**
 * The target a `to` names: a path of this site (a query allowed) or an https URL; anything
 * else (`javascript:`, `data:`, plain http, a protocol-relative `//host`) is a problem.
 */
export function redirectTarget(to: string): { target: string } | { problem: string } {
  const value = to.trim();
  if (value.startsWith("/") && !value.startsWith("//") && !value.startsWith("/\\")) {
    if (hasUnsafePathCharacter(value)) {
      return { problem: `"to" has characters a path may not: ${JSON.stringify(to)}` };
    }
    const url = new URL(value, "http://site.invalid");
    // Checked as normalised: `/.//evil.example` becomes `//evil.example`, another host.
    const target = `${withoutTrailingSlashes(url.pathname)}${url.search}${url.hash}`;
    const location = checkRedirectLocation(target);
    if (isRefused(location)) return { problem: `"to" ${location.problem}` };
    return { target };
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { problem: `"to" is neither a path nor an https URL: ${JSON.stringify(to)}` };
  }
  if (url.protocol !== "https:" || url.username || url.password) {
    return { problem: `"to" is neither a path nor an https URL: ${JSON.stringify(to)}` };
  }
  return { target: url.href };
}

/** The status an editor chose, 301 when unset; a problem for anything else. */
export function redirectStatus(
  status: string | undefined,
): CmsRedirectStatus | { problem: string } {
  if (status === undefined || status.trim() === "") return DEFAULT_REDIRECT_STATUS;
  const number = Number(status.trim());
  return (CMS_REDIRECT_STATUSES as readonly number[]).includes(number)
    ? (number as CmsRedirectStatus)
    : { problem: `"status" must be one of ${CMS_REDIRECT_STATUSES.join(", ")}: ${status}` };
}

interface CheckedRedirect {
  entryId: string;
  from: string;
  target: string;
  status: CmsRedirectStatus;
}

/** Checks one entry's props: the redirect it asks for, or the problem with it. */
export function checkCmsRedirect(
  entry: CmsRedirectEntry,
  isBuildFile?: (path: string) => boolean,
): { redirect: CheckedRedirect } | { problem: string } {
  if (!entry.from) return { problem: `"from" is missing` };
  if (!entry.to) return { problem: `"to" is missing` };
  const from = redirectSourcePath(entry.from, isBuildFile);
  if ("problem" in from) return from;
  const to = redirectTarget(entry.to);
  if ("problem" in to) return to;
  const status = redirectStatus(entry.status);
  if (typeof status !== "number") return status;
  return { redirect: { entryId: entry.entryId, from: from.path, target: to.target, status } };
}

const isPath = (target: string) => target.startsWith("/");

/** The path part of an internal target, as a request for it would be matched. */
function pathOf(target: string): string {
  return withoutTrailingSlashes(new URL(target, "http://site.invalid").pathname);
}

/** A chain answers with the first step's method rule, and is permanent only if every step is. */
function combinedStatus(first: CmsRedirectStatus, permanent: boolean): CmsRedirectStatus {
  const keepsMethod = first === 307 || first === 308;
  if (permanent) return keepsMethod ? 308 : 301;
  return keepsMethod ? 307 : 302;
}

const isPermanent = (status: number) => status === 301 || status === 308;

/**
 * Merges the CMS's redirects and the old addresses with the code's table (`codeRules`):
 * exact addresses with their final target (chains followed to the end, so a visitor makes
 * one hop), and a notice for each redirect left out.
 */
export function mergeRedirects(
  sources: RedirectSources,
  codeRules: readonly RedirectRule[],
  siteOrigin: string,
): MergedRedirects {
  const notices: RedirectNotice[] = [];
  const cms = new Map<string, ExactRedirect>();
  for (const entry of sources.redirects) {
    const checked = checkCmsRedirect(entry, sources.isBuildFile);
    if ("problem" in checked) {
      notices.push({
        entryId: entry.entryId,
        from: entry.from,
        problem: checked.problem,
        kind: "refused",
      });
      continue;
    }
    const { redirect } = checked;
    const page = pageAt(sources, redirect.from);
    if (page !== undefined) {
      notices.push({
        entryId: redirect.entryId,
        from: redirect.from,
        problem: `${page} at ${redirect.from}: the page wins`,
        kind: "hidden",
      });
      continue;
    }
    const held = cms.get(redirect.from);
    if (held) {
      notices.push({
        entryId: redirect.entryId,
        from: redirect.from,
        problem: `redirect ${held.entryId} has the same "from"`,
        kind: "hidden",
      });
      continue;
    }
    cms.set(redirect.from, { ...redirect, source: "cms" });
  }
  const renamed = oldAddressRedirects(sources, cms, notices);
  const followed = followChains(cms, renamed, codeRules, siteOrigin);
  return {
    cms: followed.cms,
    renamed: followed.renamed,
    notices: [...notices, ...followed.notices],
  };
}

/**
 * Each old address of an entry that has an address now, to that address: unless a page is
 * there now or a CMS redirect claims it; of several entries that held it, the latest.
 */
function oldAddressRedirects(
  sources: RedirectSources,
  cms: ReadonlyMap<string, ExactRedirect>,
  notices: RedirectNotice[],
): Map<string, ExactRedirect> {
  const current = new Map<string, string>();
  for (const [path, entryId] of sources.pages) current.set(entryId, path);
  const latest = new Map<string, PastAddress>();
  for (const past of sources.past) {
    const path = withoutTrailingSlashes(past.path);
    const held = latest.get(path);
    if (!held || past.lastPublicAt > held.lastPublicAt) latest.set(path, { ...past, path });
  }
  const renamed = new Map<string, ExactRedirect>();
  // An entry's address now is one value: refused once, however many old addresses lead to it.
  const refusedEntries = new Set<string>();
  for (const [path, past] of latest) {
    const now = current.get(past.entryId);
    // The same address spelt with a trailing slash is no rename (a redirect to itself).
    const same = now !== undefined && withoutTrailingSlashes(now) === path;
    if (now === undefined || same || pageAt(sources, path) || cms.has(path)) continue;
    const problem = oldAddressProblem(path, now, sources.isBuildFile);
    if (problem) {
      const told = problem.startsWith("the entry's") && refusedEntries.has(past.entryId);
      if (!told) notices.push({ entryId: past.entryId, from: path, problem, kind: "refused" });
      if (problem.startsWith("the entry's")) refusedEntries.add(past.entryId);
      continue;
    }
    const redirect = {
      target: now,
      status: RENAMED_ADDRESS_STATUS,
      entryId: past.entryId,
      source: "renamed",
    } as const;
    renamed.set(path, redirect);
    const partner = partnerAddresses(path, now);
    if (partner && !pageAt(sources, partner.from) && !cms.has(partner.from)) {
      renamed.set(partner.from, { ...redirect, target: partner.to });
    }
  }
  return renamed;
}

/**
 * A universal-id page is served under `/partner-sign-up/` too: its old address there goes to
 * its address there now (undefined for any other page).
 */
function partnerAddresses(oldPath: string, now: string): { from: string; to: string } | undefined {
  const prefix = "/universal-id/";
  if (!oldPath.startsWith(prefix) || !now.startsWith(prefix)) return undefined;
  const from = partnerSignUpPagePath(oldPath.slice(prefix.length));
  const to = partnerSignUpPagePath(now.slice(prefix.length));
  // Only where the partner address shows the universal-id entry (urls.ts contentPathFor).
  return contentPathFor(from) === oldPath ? { from, to } : undefined;
}

/** Why an old address may not send visitors to the entry's address now, if it may not. */
function oldAddressProblem(
  path: string,
  now: string,
  isBuildFile?: (path: string) => boolean,
): string | undefined {
  const ownable = checkOwnableAddress(path, isBuildFile);
  if (isRefused(ownable)) return `the old address ${ownable.problem}`;
  const location = checkRedirectLocation(now);
  if (isRefused(location) || hasUnsafePathCharacter(now)) {
    const problem = isRefused(location) ? location.problem : "has characters a path may not";
    return `the entry's address now ${problem}: ${JSON.stringify(now)}`;
  }
  return undefined;
}

/** What one step from an internal path leads to: an exact redirect, a code rule, or nothing. */
function nextStep(
  path: string,
  cms: ReadonlyMap<string, ExactRedirect>,
  renamed: ReadonlyMap<string, ExactRedirect>,
  codeRules: readonly RedirectRule[],
  siteOrigin: string,
): { target: string; status: number } | undefined {
  const exact = cms.get(path);
  if (exact) return exact;
  const code = matchRedirect(new URL(path, "http://site.invalid"), {
    siteOrigin,
    rules: codeRules,
  });
  if (code) return { target: code.location, status: code.status };
  return renamed.get(path);
}

/** Follows every chain to its end; a redirect whose chain comes back on itself is refused. */
function followChains(
  cms: ReadonlyMap<string, ExactRedirect>,
  renamed: ReadonlyMap<string, ExactRedirect>,
  codeRules: readonly RedirectRule[],
  siteOrigin: string,
): {
  cms: Map<string, ExactRedirect>;
  renamed: Map<string, ExactRedirect>;
  notices: RedirectNotice[];
} {
  const notices: RedirectNotice[] = [];
  const resolve = (from: string, first: ExactRedirect): ExactRedirect | undefined => {
    const seen = new Set([from]);
    let target = first.target;
    let permanent = isPermanent(first.status);
    for (let step = 0; isPath(target); step++) {
      const path = pathOf(target);
      if (seen.has(path) || step === MAX_CHAIN) return undefined;
      seen.add(path);
      const next = nextStep(path, cms, renamed, codeRules, siteOrigin);
      if (!next) break;
      target = next.target;
      permanent &&= isPermanent(next.status);
    }
    return { ...first, target, status: combinedStatus(first.status, permanent) };
  };
  const resolveAll = (exact: ReadonlyMap<string, ExactRedirect>) => {
    const resolved = new Map<string, ExactRedirect>();
    for (const [from, redirect] of exact) {
      const final = resolve(from, redirect);
      if (final) resolved.set(from, final);
      else {
        notices.push({
          entryId: redirect.entryId,
          from,
          problem: `the redirect from ${from} ends in a loop`,
          kind: "refused",
        });
      }
    }
    return resolved;
  };
  return { cms: resolveAll(cms), renamed: resolveAll(renamed), notices };
}

/**
 * The answer of an exact redirect to a request with `search` (its query kept on a path):
 * the query goes before the target's fragment, as a URL has them.
 */
export function exactLocation(redirect: ExactRedirect, search: string): string {
  if (!isPath(redirect.target) || redirect.target.includes("?") || search === "") {
    return redirect.target;
  }
  const hash = redirect.target.indexOf("#");
  if (hash === -1) return `${redirect.target}${search}`;
  return `${redirect.target.slice(0, hash)}${search}${redirect.target.slice(hash)}`;
}
