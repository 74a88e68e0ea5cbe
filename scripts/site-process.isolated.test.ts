import { cp, mkdtemp, readFile, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PROJECT_DIR } from "../server/running/build-stamp";
import { SITE_BUILD_TIMEOUT_MS, TEST_BUILD_SETTINGS } from "../tests/support/build-settings";
import { CURRENT_BUILD_START_MS, ensureSiteBuild } from "../tests/support/site-build";
import { SITE_START_ARGS, startSiteProcess } from "./site-process";

describe("the site as a child process", () => {
  it("runs what `npm start` runs, heap cap included", async () => {
    const pkg = JSON.parse(await readFile("package.json", "utf8")) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts.start).toBe(`node ${SITE_START_ARGS.join(" ")}`);
    expect(SITE_START_ARGS.some((arg) => arg.startsWith("--max-old-space-size="))).toBe(true);
  });
});

describe("a port taken before the child binds it", () => {
  it(
    "gets the child started again, and says so when every attempt found the port taken",
    async () => {
      await ensureSiteBuild();
      const work = await mkdtemp(path.join(tmpdir(), "site-process-port-"));
      const blocker = createServer();
      await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", () => resolve()));
      const taken = (blocker.address() as AddressInfo).port;
      const logFile = path.join(work, "site.log");
      // A copy: nothing here may change the repository's snapshot.
      await cp(path.join(PROJECT_DIR, "content"), path.join(work, "content"), { recursive: true });
      try {
        await expect(
          startSiteProcess({
            logFile,
            // The caller's own port stays taken, so every attempt meets it.
            port: taken,
            env: {
              ...TEST_BUILD_SETTINGS,
              CONTENT_DIR: path.join(work, "content"),
              CONTENT_CACHE_DIR: path.join(work, "media-cache"),
              DATA_DIR: path.join(work, "data"),
              LOG_LEVEL: "warn",
            },
            startTimeoutMs: CURRENT_BUILD_START_MS,
          }),
        ).rejects.toThrow(`PORT=${taken} is already in use`);
        const attempts = (await readFile(logFile, "utf8")).match(/is already in use/g) ?? [];
        expect(attempts).toHaveLength(3);
      } finally {
        blocker.close();
        await rm(work, { recursive: true, force: true });
      }
      // The build it may have to make, then three starts, each with its own deadline.
    },
    SITE_BUILD_TIMEOUT_MS + 3 * CURRENT_BUILD_START_MS,
  );
});
