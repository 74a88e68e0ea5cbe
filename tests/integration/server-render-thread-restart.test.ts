// A render thread that dies is started again, and the server then looks for what changed
// while no thread watched the CMS, as at a start (server/refresh/content-change.ts): the real server
// on a fake build, with a stand-in render thread (tests/support/stand-in-render-worker.mjs)
// whose CMS says entry e1 was last updated when that thread started.
import { rm } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSiteServer, type SiteServer } from "../../server/site-server";
import { fakeBuild, testEnv, writeFakeBuildDir } from "../support/fake-site-build";
import { rawRequest } from "../support/raw-request";
import { caughtUp } from "../support/server-log";
import { type RecordingLogger, recordingLogger } from "../support/webhook-receiver";

const STAND_IN = new URL("../support/stand-in-render-worker.mjs", import.meta.url);

let site: SiteServer | undefined;
let buildDir: string | undefined;
let port = 0;
const logger: RecordingLogger = recordingLogger();

const catchUps = () => logger.lines.filter((line) => line.message === "content caught up");

beforeAll(async () => {
  buildDir = await writeFakeBuildDir();
  const fake = fakeBuild();
  // The serving thread's own build is never asked: the thread reads the versions.
  fake.build.readContentVersions = () => Promise.reject(new Error("read on the serving thread"));
  site = await createSiteServer({
    buildDir,
    env: testEnv(),
    logger,
    build: fake.build,
    renderThread: true,
    renderThreadWorker: STAND_IN,
  });
  ({ port } = await site.listen(0, "127.0.0.1"));
  await caughtUp(logger);
});

afterAll(async () => {
  await site?.close();
  if (buildDir) await rm(buildDir, { recursive: true, force: true });
});

describe("a render thread started again", () => {
  it("is followed by a catch-up with the CMS's versions as the new thread reads them", async () => {
    expect(catchUps()).toHaveLength(1);

    // A render of /exit ends the stand-in thread; the page falls back to the error answer.
    const crashed = await rawRequest(port, "/exit");
    expect(crashed.status).toBeGreaterThanOrEqual(400);
    await logger.waitFor(
      (lines) => lines.some((line) => line.message === "render thread stopped: starting it again"),
      10_000,
    );
    await logger.waitFor(() => catchUps().length === 2, 10_000);
    // The new thread's CMS says e1 changed since the versions the first catch-up recorded.
    expect(catchUps()[1]?.fields).toMatchObject({ updated: 1 });
    // And pages are rendered by the new thread.
    const after = await rawRequest(port, "/news/after-restart");
    expect(after.status).toBe(200);
    expect(after.text).toBe("rendered /news/after-restart");
  });
});
