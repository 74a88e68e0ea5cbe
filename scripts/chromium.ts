// Debian's Chromium and the flags it runs with here (no sandbox as root, no GPU, no
// background traffic), shared by the end-to-end tests and the site benchmark.
export const SYSTEM_CHROMIUM = "/usr/bin/chromium";

/** Flags for every Chromium started here: Playwright's launches and Lighthouse's. */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * The features Playwright starts Chromium without (its own `--disable-features`, as
 * playwright-core 1.65 passes it). Chromium keeps only the last `--disable-features` switch,
 * so ours repeats these; tests/e2e/browser.spec.ts fails when Playwright's list has one this
 * one lacks.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  "AvoidUnnecessaryBeforeUnloadCheckSync",
  "DestroyProfileOnBrowserClose",
  "HttpsUpgrades",
  "HttpsFirstBalancedModeAutoEnable",
  "LensOverlay",
  "MediaRouter",
  "PaintHolding",
  "ThirdPartyStoragePartitioning",
  "AvoidCorsURLLoaderRestartOnRedirect",
  "TcpPortRandomizationWin",
  "OptimizationHints",
  "NetworkTimeServiceQuerying",
  "AimEnabled",
  "PreconnectToSearch",
  "msForceBrowserSignIn",
  "msEdgeUpdateLaunchServicesPreferredVersion",
];

/**
 * Every new window (each test's page) preloads two WebUI documents for the address bar's
 * popup, which a headless browser never shows: about 0.7 s of CPU per page opened, near half
 * of what opening one cost (decision 0027).
 */
export const ADDRESS_BAR_POPUP_FEATURES = ["WebUIOmniboxPopup", "WebUIOmniboxAimPopup"];

/** The flags of a Chromium that Playwright launches: the end-to-end tests and the benches. */
export const PLAYWRIGHT_CHROMIUM_ARGS = [
  ...CHROMIUM_ARGS,
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...ADDRESS_BAR_POPUP_FEATURES].join(",")}`,
];
