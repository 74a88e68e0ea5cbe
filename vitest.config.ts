import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  test: {
    include: [
      "app/**/*.test.{ts,tsx}",
      "bcms/**/*.test.ts",
      "content-server/**/*.test.ts",
      "server/**/*.test.ts",
      "scripts/**/*.test.ts",
      "vite/**/*.test.ts",
      "tests/integration/**/*.test.ts",
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Integration tests start real servers; two cores do not like many at once.
    maxWorkers: 2,
  },
});
