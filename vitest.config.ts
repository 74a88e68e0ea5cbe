import "./scripts/require-project-node.mjs";
import { configDefaults, defineConfig } from "vitest/config";

/** The folders of unit tests (tests/integration has its own project). */
const UNIT_FOLDERS = [
  "app",
  "bcms",
  "content-server",
  "server",
  "scripts",
  "vite",
  "tests/support",
];

/**
 * A test file under the unit folders that needs a fresh process of its own says so in its
 * name, `*.isolated.test.ts(x)`, and runs in the project "integration": it starts servers,
 * child processes (PostgreSQL among them) or worker threads, or it tests the content layer,
 * whose module-level state (entries.server.ts's list caches, the one content client,
 * consent.server.ts's last report) outlives a file. A file with `vi.mock` of the content
 * client fails in a shared worker: a module under test that an earlier file imported keeps
 * that file's mock.
 */
const ISOLATED_UNIT_FILES = UNIT_FOLDERS.map((folder) => `${folder}/**/*.isolated.test.{ts,tsx}`);

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
          // other files import unmocked. Such a file is named `*.isolated.test.ts`.
          name: "unit",
          include: UNIT_FOLDERS.map((folder) => `${folder}/**/*.test.{ts,tsx}`),
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
