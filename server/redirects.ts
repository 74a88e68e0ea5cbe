// HTTP redirects, answered before anything else is looked at: the one redirect table
// (app/redirects/redirect-table.ts, including the news. host rule) with its real status
// codes, then trailing slashes (`/about/` -> `/about`, the canonical form every link uses).
import { matchRedirect } from "../app/redirects/redirect-table";
import { pagePathOfDataRequest } from "./request-path";

export const TRAILING_SLASH_STATUS = 301;

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
    const match = matchRedirect(pageUrl, { siteOrigin });
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
  const match = matchRedirect(url, { siteOrigin });
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
