// The settings baked into the one build every test shares (app/config/build-settings.ts's
// buildSettings): Vitest's ensureSiteBuild builds with them, and every site a test starts on
// that build (Playwright's web server, `npm start` children, instance projects) starts with
// them, so no start finds the build stale and builds again. The tag manager id is in them
// because the consent tests need a configured tag manager in the pages.
import { DEFAULT_SITE_ORIGIN } from "../../app/config/env.server";
export const TEST_BUILD_SETTINGS = {
  SITE_ORIGIN: DEFAULT_SITE_ORIGIN,
  GTM_ID: "GTM-E2ETEST",
} as const;

/** How long making that build may take: on a busy 2-core machine included. */
export const SITE_BUILD_TIMEOUT_MS = 10 * 60_000;
