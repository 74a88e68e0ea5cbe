// `npm run dev` has no production server in front of it, so the CMS's redirects and the old
// addresses of renamed entries are answered here, merged as the server merges them
// (cms-redirects.ts), read again on each request: the dev server serves one editor, and an
// edited redirect then answers at once.
import { getEnv } from "../config/env.server";
import { readRedirectSources } from "../content/cms-redirects.server";
import { withoutTrailingSlashes } from "../navigation/page-paths";
import { exactLocation, mergeRedirects } from "./cms-redirects";
import { REDIRECTS } from "./redirect-table";

/** The CMS's answer for `url` on the dev server, or null (then the code's table is asked). */
export async function devCmsRedirect(url: URL): Promise<Response | null> {
  const read = await readRedirectSources();
  const merged = mergeRedirects(
    { redirects: read.redirects, pages: new Map(read.pages), past: read.past },
    REDIRECTS,
    getEnv().siteOrigin,
  );
  const path = withoutTrailingSlashes(url.pathname);
  const exact = merged.cms.get(path) ?? merged.renamed.get(path);
  if (!exact) return null;
  return new Response(null, {
    status: exact.status,
    headers: { Location: exactLocation(exact, url.search) },
  });
}
