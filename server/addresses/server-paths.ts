// The addresses the server answers itself, before the app: their one home is
// app/config/reserved-addresses.ts (the CMS's redirects are refused on them there too).
export {
  ASSETS_PATH_PREFIX,
  BUILDS_PATH_PREFIX,
  CSP_REPORT_PATH,
  HEALTH_PATH,
  MEDIA_PATH_PREFIX,
  PREVIEW_PATH_PREFIX,
  READINESS_PATH,
  SERVER_OWN_PATHS,
} from "../../app/config/reserved-addresses";
