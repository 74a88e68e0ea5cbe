// The addresses the server answers itself, before the app: one home for each, so the
// request order, the CSP, the log's redaction and the preview links agree on them.
import { ASSETS_DIR } from "../../app/config/build-files";
import { MEDIA_ROUTE_BASE } from "../../app/config/site";

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

/** Paths the server answers itself whatever the app has (never an address it lacks). */
export const SERVER_OWN_PATHS: ReadonlySet<string> = new Set([
  HEALTH_PATH,
  READINESS_PATH,
  CSP_REPORT_PATH,
]);
