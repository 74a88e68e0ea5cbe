// The server's redirect lookup, by the first-segment index (server/serving/redirects.ts) against the
// table's scan of every rule, and the site's whole lookup with CMS redirects and renamed
// addresses merged in (SiteRedirects: CMS_REDIRECTS of each, as a busy CMS might hold), on
// the same paths in the same run: microseconds per lookup. Paths: pages that match no rule
// (most requests) and one that redirects.

import { DEFAULT_SITE_ORIGIN } from "../../app/config/env.server";
import { mergeRedirects } from "../../app/redirects/cms-redirects";
import { matchRedirect, REDIRECTS } from "../../app/redirects/redirect-table";
import { RedirectIndex, SiteRedirects } from "../../server/serving/redirects";

const SITE_ORIGIN = DEFAULT_SITE_ORIGIN;
const PATHS = ["/", "/about", "/news/a-long-article-slug", "/solutions", "/product"];
const LOOKUPS = 200_000;
const ROUNDS = 3;
const CMS_REDIRECTS = 500;

/** CMS_REDIRECTS short links and as many renamed articles' old addresses, merged. */
function siteRedirects(): SiteRedirects {
  const redirects = Array.from({ length: CMS_REDIRECTS }, (_, i) => ({
    entryId: `r${i}`,
    from: `/campaign-${i}`,
    to: `/news/article-${i}`,
    status: i % 2 ? "302" : undefined,
  }));
  const pages = new Map(
    Array.from({ length: CMS_REDIRECTS }, (_, i) => [`/news/article-${i}-now`, `e${i}`]),
  );
  const past = Array.from({ length: CMS_REDIRECTS }, (_, i) => ({
    entryId: `e${i}`,
    path: `/news/article-${i}`,
    lastPublicAt: 1,
  }));
  const site = new SiteRedirects();
  site.replace(mergeRedirects({ redirects, pages, past }, REDIRECTS, SITE_ORIGIN));
  return site;
}

function microsPerLookup(lookup: (url: URL) => unknown, urls: URL[]): number {
  const started = performance.now();
  for (let i = 0; i < LOOKUPS; i++) lookup(urls[i % urls.length] as URL);
  return Math.round(((performance.now() - started) * 1000 * 100) / LOOKUPS) / 100;
}

export async function runRedirectBench() {
  const urls = PATHS.map((p) => new URL(`${SITE_ORIGIN}${p}`));
  const index = new RedirectIndex(REDIRECTS);
  const merged = siteRedirects();
  const mergedUrls = [
    ...urls,
    new URL(`${SITE_ORIGIN}/campaign-7`),
    new URL(`${SITE_ORIGIN}/news/article-7`),
  ];
  const rounds: { scanMicros: number; indexMicros: number; siteMicros: number }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    rounds.push({
      scanMicros: microsPerLookup((url) => matchRedirect(url, { siteOrigin: SITE_ORIGIN }), urls),
      indexMicros: microsPerLookup((url) => index.match(url, SITE_ORIGIN), urls),
      siteMicros: microsPerLookup((url) => merged.match(url, SITE_ORIGIN), urls),
    });
  }
  // The last round: all warmed up by the JIT.
  const last = rounds.at(-1) as (typeof rounds)[number];
  const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;
  return {
    rules: REDIRECTS.length,
    cmsRedirects: CMS_REDIRECTS,
    renamedAddresses: CMS_REDIRECTS,
    paths: PATHS,
    lookupsPerRound: LOOKUPS,
    rounds,
    scanOverIndex: ratio(last.scanMicros, last.indexMicros),
    siteOverIndex: ratio(last.siteMicros, last.indexMicros),
    // The merged lookup answers the CMS's and renamed addresses too.
    answersCheck: mergedUrls.map((url) => merged.match(url, SITE_ORIGIN)?.location ?? null),
  };
}
