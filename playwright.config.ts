import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, SYSTEM_CHROMIUM } from "./scripts/chromium";

// Debian's Chromium where it is installed (CI, this machine); Playwright's own browser elsewhere.
const useSystemChromium = existsSync(SYSTEM_CHROMIUM);
const port = Number(process.env.E2E_PORT ?? 3210);
const contentPort = Number(process.env.E2E_CONTENT_PORT ?? 3211);

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [["list"]],
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "off",
    launchOptions: useSystemChromium
      ? {
          executablePath: SYSTEM_CHROMIUM,
          args: CHROMIUM_ARGS,
        }
      : {},
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: {
    command: "npm start",
    url: `http://127.0.0.1:${port}/healthz`,
    timeout: 240_000,
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      CONTENT_PORT: String(contentPort),
      SITE_ORIGIN: "https://id5.io",
      LOG_LEVEL: "warn",
    },
  },
});
