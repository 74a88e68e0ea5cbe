// A page's address and its client-navigation data request, as the browser and the server both
// name them (React Router 8 with trailing-slash-aware data requests, checked on a real build):
//   the page      /        /about        /about/
//   its data      /_.data  /about.data   /about/_.data

const DATA_SUFFIX = ".data";
const ROOT_DATA_REQUEST = "/_.data";

/** React Router's query parameter naming the routes a `.data` request wants. */
export const DATA_ROUTES_PARAM = "_routes";

/** `/about/` and `/about//` are `/about`; the root stays `/`. */
export function withoutTrailingSlashes(path: string): string {
  if (path.length <= 1 || !path.endsWith("/")) return path;
  return path.replace(/\/+$/, "") || "/";
}

/** `/about.data` -> `/about`, `/_.data` -> `/`, `/about/_.data` -> `/about/`; else null. */
export function pagePathOfDataRequest(pathname: string): string | null {
  if (!pathname.endsWith(DATA_SUFFIX)) return null;
  if (pathname === ROOT_DATA_REQUEST) return "/";
  if (pathname.endsWith(ROOT_DATA_REQUEST)) return pathname.slice(0, -"_.data".length);
  return pathname.slice(0, -DATA_SUFFIX.length) || "/";
}

/** Whether a request path is a page's client-navigation data request. */
export function isDataRequest(pathname: string): boolean {
  return pagePathOfDataRequest(pathname) !== null;
}

/** `/about` -> `/about.data`, `/` -> `/_.data`. */
export function dataRequestOfPage(page: string): string {
  return page === "/" ? ROOT_DATA_REQUEST : `${page}${DATA_SUFFIX}`;
}
