// The server's redirect lookup, by the first-segment index (server/serving/redirects.ts) against the
// table's scan of every rule, on the same paths in the same run: microseconds per lookup.
// Paths: pages that match no rule (most requests) and one that redirects.
import { matchRedirect, REDIRECTS } from "../../app/redirects/redirect-table";
import { RedirectIndex } from "../../server/serving/redirects";

const SITE_ORIGIN = "https://id5.io";
const PATHS = ["/", "/about", "/news/a-long-article-slug", "/solutions", "/product"];
const LOOKUPS = 200_000;
const ROUNDS = 3;

function microsPerLookup(lookup: (url: URL) => unknown, urls: URL[]): number {
  const started = performance.now();
  for (let i = 0; i < LOOKUPS; i++) lookup(urls[i % urls.length] as URL);
  return Math.round(((performance.now() - started) * 1000 * 100) / LOOKUPS) / 100;
}

export async function runRedirectBench() {
  const urls = PATHS.map((p) => new URL(`${SITE_ORIGIN}${p}`));
  const index = new RedirectIndex(REDIRECTS);
  const rounds: { scanMicros: number; indexMicros: number }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    rounds.push({
      scanMicros: microsPerLookup((url) => matchRedirect(url, { siteOrigin: SITE_ORIGIN }), urls),
      indexMicros: microsPerLookup((url) => index.match(url, SITE_ORIGIN), urls),
    });
  }
  // The last round: both warmed up by the JIT.
  const last = rounds.at(-1) as { scanMicros: number; indexMicros: number };
  return {
    rules: REDIRECTS.length,
    paths: PATHS,
    lookupsPerRound: LOOKUPS,
    rounds,
    scanOverIndex: Math.round((last.scanMicros / last.indexMicros) * 10) / 10,
  };
}
