// The addresses the site keeps for itself: the server's own answers, the client build's
// files and the routes that are not pages. One home, so the server's request order, the
// CSP, the log's redaction, the preview links and the CMS's redirects agree on them: no
// CMS redirect, old address of a renamed entry or page may ever answer for one
// (docs/cms-trust.md). Public: holds no secret.
import { ASSETS_DIR, BUILDS_DIR } from "./build-files";
import { MEDIA_ROUTE_BASE, SITE_ICON_PATH } from "./site";

export const HEALTH_PATH = "/healthz";
export const READINESS_PATH = "/readyz";
/** Where browsers send violation reports (server/security/csp-report.ts). */
export const CSP_REPORT_PATH = "/csp-report";
/** Previews (server/preview/): framed by the CMS only, their tokens never logged. */
export const PREVIEW_PATH_PREFIX = "/_preview/";
/** The client build's hashed files: a missing one is a plain 404, never a rendered page. */
export const ASSETS_PATH_PREFIX = `/${ASSETS_DIR}/`;
/** The media route (app/routes/media.ts): a proxy of the CMS's files, never prerendered. */
export const MEDIA_PATH_PREFIX = `${MEDIA_ROUTE_BASE}/`;
/** The build's own records the client reads (builds/latest.json, builds/meta/). */
export const BUILDS_PATH_PREFIX = `/${BUILDS_DIR}/`;

/** Paths the server answers itself whatever the app has (never an address it lacks). */
export const SERVER_OWN_PATHS: ReadonlySet<string> = new Set([
  HEALTH_PATH,
  READINESS_PATH,
  CSP_REPORT_PATH,
]);

/** Whole folders of the site's own: nothing of the CMS answers under them. */
export const RESERVED_PATH_PREFIXES: readonly string[] = [
  ASSETS_PATH_PREFIX,
  MEDIA_PATH_PREFIX,
  PREVIEW_PATH_PREFIX,
  BUILDS_PATH_PREFIX,
];

/** Single addresses of the site's own besides the server's: files crawlers and browsers ask for. */
export const RESERVED_PATHS: ReadonlySet<string> = new Set([
  ...SERVER_OWN_PATHS,
  "/robots.txt",
  "/sitemap.xml",
  SITE_ICON_PATH,
  "/favicon.ico",
]);

/**
 * Whether `path` (a decoded path, as a file or route would be looked up) is the site's own.
 * The folders without their slash count too (`/media` is the route's, not an editor's).
 */
export function isReservedAddress(path: string): boolean {
  if (RESERVED_PATHS.has(path)) return true;
  return RESERVED_PATH_PREFIXES.some(
    (prefix) => path.startsWith(prefix) || path === prefix.slice(0, -1),
  );
}
