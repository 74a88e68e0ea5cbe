// One page, three names; this module turns a page into the files prerendering writes and back:
//   the page (what visitors ask for)   /          /about             /news/feed.xml
//   its client-navigation data request /_.data    /about.data        (a resource has none)
//   the files prerendering writes      index.html about/index.html   news/feed.xml
//                                      _.data     about.data
// (the data request rule is app/navigation/page-paths.ts, shared with the browser).

import {
  dataRequestOfPage,
  isDataRequest,
  pagePathOfDataRequest,
  withoutTrailingSlashes,
} from "../../app/navigation/page-paths";

export const INDEX_HTML = "index.html";

/** The page a request path belongs to: `/about.data`, `/about/` and `/about` are one page. */
export function pageOfRequestPath(pathname: string): string {
  const page = pagePathOfDataRequest(pathname) ?? pathname;
  return withoutTrailingSlashes(page);
}

export function filesOfPage(page: string): { html: string; data: string } {
  return {
    html: page === "/" ? INDEX_HTML : `${page.slice(1)}/${INDEX_HTML}`,
    data: dataRequestOfPage(page).slice(1),
  };
}

export function isPageHtmlFile(relPath: string): boolean {
  return relPath === INDEX_HTML || relPath.endsWith(`/${INDEX_HTML}`);
}

export function isPageDataFile(relPath: string): boolean {
  return isDataRequest(relPath);
}

/** The request a written file answers: `about/index.html` -> `/about`, `about.data` -> `/about.data`. */
export function requestPathOfFile(relPath: string): string {
  if (!isPageHtmlFile(relPath)) return `/${relPath}`;
  return withoutTrailingSlashes(`/${relPath.slice(0, -INDEX_HTML.length)}`);
}

/** `/about` -> about/index.html; a trailing slash or an index.html itself is no page's. */
export function filesAnsweringRequest(pathname: string): { html?: string; other?: string } {
  if (pathname !== "/" && pathname.endsWith("/")) return {};
  const rel = pathname.slice(1);
  return {
    html: filesOfPage(pathname).html,
    other: isPageHtmlFile(rel) ? undefined : rel,
  };
}
