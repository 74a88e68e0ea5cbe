import "./scripts/require-project-node.mjs";
import { cpSync, existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { PLAYWRIGHT_CHROMIUM_ARGS, SYSTEM_CHROMIUM } from "./scripts/chromium";
import { REJECTED_STATE } from "./tests/e2e/support/consent";
import { SITE_BUILD_TIMEOUT_MS, TEST_BUILD_SETTINGS } from "./tests/support/build-settings";

// Debian's Chromium where it is installed (CI, this machine); Playwright's own browser elsewhere.
const useSystemChromium = existsSync(SYSTEM_CHROMIUM);
const port = Number(process.env.E2E_PORT ?? 3210);
const contentPort = Number(process.env.E2E_CONTENT_PORT ?? 3211);

// The site under test serves a copy of the snapshot and stores submissions in a folder of
// its own: no test can change the repository's data. Made once (the workers inherit the
// variables).
process.env.E2E_WORK_DIR ??= mkdtempSync(path.join(tmpdir(), "id5-e2e-"));
const workDir = process.env.E2E_WORK_DIR;
/** The snapshot the e2e site serves (and writes): a copy, never the repository's content/. */
export const E2E_CONTENT_DIR = path.join(workDir, "content");
export const E2E_DATA_DIR = path.join(workDir, "data");
if (!existsSync(E2E_CONTENT_DIR)) {
  cpSync("content", E2E_CONTENT_DIR, { recursive: true, preserveTimestamps: true });
}

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [["list"]],
  // Generous: a test of several page loads on a busy 2-core machine fails with its own
  // expectation's message rather than a bare timeout.
  timeout: 60_000,
  // An in-app navigation loads its route module and data first: on a busy 2-core machine it
  // took over the default 5 s (seven tests failed so in one run beside other suites). A
  // passing expectation still returns as soon as it holds.
  expect: { timeout: 15_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A returning visitor who rejected everything; tests/e2e/consent.spec.ts starts fresh.
    storageState: REJECTED_STATE,
    // Visitors who ask for reduced motion, unless a test is about the motion: the hero's
    // endless background animation once kept Chromium's software compositor at 0.6-0.7
    // of a core for every open page (decision 0026); since decision 0033 it costs about
    // 0.06, and tests that do not look at motion still need none.
    reducedMotion: "reduce",
    trace: "off",
    launchOptions: useSystemChromium
      ? {
          executablePath: SYSTEM_CHROMIUM,
          args: PLAYWRIGHT_CHROMIUM_ARGS,
        }
      : {},
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: {
    command: "npm start",
    url: `http://127.0.0.1:${port}/healthz`,
    // Run alone (npm run test:e2e), its start makes the build when it is stale.
    timeout: SITE_BUILD_TIMEOUT_MS,
    reuseExistingServer: false,
    env: {
      // The shared build's settings (Vitest builds with them too): one build per run. Its
      // tag manager is configured; tests answer its script with a stand-in.
      ...TEST_BUILD_SETTINGS,
      PORT: String(port),
      CONTENT_PORT: String(contentPort),
      // No metrics listener: its fixed default port may be another run's.
      METRICS_PORT: "0",
      LOG_LEVEL: "warn",
      CONTENT_DIR: E2E_CONTENT_DIR,
      DATA_DIR: E2E_DATA_DIR,
      // Tests name their own client address (X-Forwarded-For) so rate limits stay per test.
      TRUST_PROXY: "1",
      FORMS_RATE_LIMIT: "5",
      FORMS_MIN_SUBMIT_SECONDS: "1",
    },
  },
});
