import "./scripts/require-project-node.mjs";
import { configDefaults, defineConfig } from "vitest/config";

/**
 * Test files under the unit folders that still get a fresh process each (project
 * "integration"): they start servers, child processes (PostgreSQL among them) or worker
 * threads, or they test the content layer, whose module-level state (entries.server.ts's list
 * caches, the one content client, consent.server.ts's last report) outlives a file. Those with
 * `vi.mock` of the content client fail in a shared worker: a module under test that an earlier
 * file imported keeps that file's mock.
 */
const ISOLATED_UNIT_FILES = [
  // The content layer against a mocked content client (module-level caches, see above).
  "app/content/entries.server.test.ts",
  "app/content/media.server.test.ts",
  "app/content/templates/*.server.test.ts",
  // The content layer against a running content service.
  "app/content/consent.server.test.ts",
  // Child processes or worker threads.
  "app/logging/logger.server.test.ts",
  "scripts/build-records.test.ts",
  "scripts/preview-link.test.ts",
  "scripts/schedule.test.ts",
  "scripts/site-process.test.ts",
  "server/rendering/render-thread.test.ts",
  // A PostgreSQL server of their own (tests/support/store-engines.ts), besides SQLite.
  "server/preview/preview-service.test.ts",
  "server/store/store.test.ts",
  // Servers: stand-ins of the CMS, webhooks or the CDN, or the site's own listener.
  "bcms/client.test.ts",
  "bcms/http.test.ts",
  "bcms/live-invalidation.test.ts",
  "bcms/socket.test.ts",
  "server/forms/outbox-claims.test.ts",
  "server/forms/service.test.ts",
  "server/refresh/purge.test.ts",
  "server/running/health.test.ts",
  "server/running/lifecycle.test.ts",
];

export default defineConfig({
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Integration tests start real servers; two cores do not like many at once. The limit holds
    // for both projects together: they share one pool of two workers.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          // In-process unit tests share their worker: each of the two workers starts and imports
          // Vitest and the modules under test once, not once per file. Measured on two cores,
          // these 135 files took about 94 s of CPU with a fresh process per file and 15-20 s
          // without (threads instead of forks: no better).
          // A file here must leave nothing behind for the next file of its worker: no server,
          // child process or thread; fake timers, stubbed globals, spies and process.env put back
          // (in afterEach, so a failing test restores them too); and no reliance on module-level
          // state of the code under test (caches, singletons) or on `vi.mock` of a module that
          // other files import unmocked. Such a file goes in ISOLATED_UNIT_FILES.
          name: "unit",
          include: [
            "app/**/*.test.{ts,tsx}",
            "bcms/**/*.test.ts",
            "content-server/**/*.test.ts",
            "server/**/*.test.ts",
            "scripts/**/*.test.ts",
            "vite/**/*.test.ts",
            "tests/support/**/*.test.ts",
          ],
          exclude: [...configDefaults.exclude, ...ISOLATED_UNIT_FILES],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          // A fresh process per file (Vitest's default).
          name: "integration",
          include: ["tests/integration/**/*.test.ts", ...ISOLATED_UNIT_FILES],
        },
      },
    ],
  },
});
