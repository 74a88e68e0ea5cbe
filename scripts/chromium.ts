// Debian's Chromium and the flags it runs with here (no sandbox as root, no GPU, no
// background traffic), shared by the end-to-end tests and the site benchmark.
export const SYSTEM_CHROMIUM = "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
