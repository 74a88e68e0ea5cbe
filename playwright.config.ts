import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

// Debian's Chromium where it is installed (CI, this machine); Playwright's own browser elsewhere.
const systemChromium = "/usr/bin/chromium";
const useSystemChromium = existsSync(systemChromium);
const port = Number(process.env.E2E_PORT ?? 3210);
const contentPort = Number(process.env.E2E_CONTENT_PORT ?? 3211);

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "off",
    launchOptions: useSystemChromium
      ? {
          executablePath: systemChromium,
          args: [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
          ],
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
