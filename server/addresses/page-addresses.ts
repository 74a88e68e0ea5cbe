// One page, three names, and this module the one place that turns one into another:
//   the page (what visitors ask for)   /          /about             /news/feed.xml
//   its client-navigation data request /_.data    /about.data        (a resource has none)
//   the files prerendering writes      index.html about/index.html   news/feed.xml
//                                      _.data     about.data
// (React Router 7.18 with v8_trailingSlashAwareDataRequests, checked on a real build.)

export const INDEX_HTML = "index.html";
const DATA_SUFFIX = ".data";
const ROOT_DATA_REQUEST = "/_.data";

/** `/about.data` -> `/about`, `/_.data` -> `/`, `/about/_.data` -> `/about/`; else null. */
export function pagePathOfDataRequest(pathname: string): string | null {
  if (!pathname.endsWith(DATA_SUFFIX)) return null;
  if (pathname === ROOT_DATA_REQUEST) return "/";
  if (pathname.endsWith(ROOT_DATA_REQUEST)) return pathname.slice(0, -"_.data".length);
  return pathname.slice(0, -DATA_SUFFIX.length) || "/";
}

/** `/about` -> `/about.data`, `/` -> `/_.data`. */
export function dataRequestOfPage(page: string): string {
  return page === "/" ? ROOT_DATA_REQUEST : `${page}${DATA_SUFFIX}`;
}

/** The page a request path belongs to: `/about.data`, `/about/` and `/about` are one page. */
export function pageOfRequestPath(pathname: string): string {
  const page = pagePathOfDataRequest(pathname) ?? pathname;
  return withoutTrailingSlash(page);
}

/** `/about/` -> `/about`; `/` stays. */
export function withoutTrailingSlash(path: string): string {
  return path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path;
}

/** Where a page's HTML and its client-navigation data are written. */
export function filesOfPage(page: string): { html: string; data: string } {
  return {
    html: page === "/" ? INDEX_HTML : `${page.slice(1)}/${INDEX_HTML}`,
    data: dataRequestOfPage(page).slice(1),
  };
}

/** Whether a file of the client build is a page's HTML. */
export function isPageHtmlFile(relPath: string): boolean {
  return relPath === INDEX_HTML || relPath.endsWith(`/${INDEX_HTML}`);
}

/** Whether a file of the client build is a page's client-navigation data. */
export function isPageDataFile(relPath: string): boolean {
  return relPath.endsWith(DATA_SUFFIX);
}

/** The request a written file answers: `about/index.html` -> `/about`, `about.data` -> `/about.data`. */
export function requestPathOfFile(relPath: string): string {
  if (!isPageHtmlFile(relPath)) return `/${relPath}`;
  return withoutTrailingSlash(`/${relPath.slice(0, -INDEX_HTML.length)}`);
}

/**
 * The file a request path names, if prerendering wrote one for it: `/about` ->
 * about/index.html; `/about.data`, `/news/feed.xml` -> themselves. A path with a trailing
 * slash or naming an index.html itself is no page's.
 */
export function filesAnsweringRequest(pathname: string): { html?: string; other?: string } {
  if (pathname !== "/" && pathname.endsWith("/")) return {};
  const rel = pathname.slice(1);
  return {
    html: filesOfPage(pathname).html,
    other: isPageHtmlFile(rel) ? undefined : rel,
  };
}
