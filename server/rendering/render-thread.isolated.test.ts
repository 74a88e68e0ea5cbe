// The serving thread's side of the render thread, with a stand-in worker that speaks the
// protocol (tests/support/stand-in-render-worker.mjs): answers, log lines, calls to the
// store, and a thread that exits: what it held fails, and it is started again.
// (tests/integration/render-thread.test.ts renders the real build on the real worker.)
import { afterEach, describe, expect, it } from "vitest";
import { parseEnv } from "../../app/config/env.server";
import type { PublishedVersionStore } from "../../app/content/last-public-versions";
import type { FormsService } from "../../app/forms/contract";
import { type RecordingLogger, recordingLogger } from "../../tests/support/webhook-receiver";
import { RenderThread } from "./render-thread";

const STAND_IN = new URL("../../tests/support/stand-in-render-worker.mjs", import.meta.url);

/** The settings a site starts with; the stand-in reads none of them. */
const testEnv = () =>
  parseEnv({
    BCMS_ORIGIN: "http://127.0.0.1:9",
    BCMS_ORG_ID: "org-test",
    BCMS_INSTANCE_ID: "instance-test",
    BCMS_API_KEY_ID: "key-test",
    BCMS_API_KEY_SECRET: "render-thread-test-secret",
    SITE_ORIGIN: "https://id5.io",
  });

let thread: RenderThread | undefined;
afterEach(async () => {
  await thread?.close();
  thread = undefined;
});

function start(logger: RecordingLogger, publishedVersions?: PublishedVersionStore) {
  return RenderThread.start({
    buildDir: "/no-build-needed",
    env: testEnv(),
    logger,
    publishedVersions,
    workerFile: STAND_IN,
    restartDelayMs: 10,
  });
}

const request = (path: string) => new Request(`http://localhost${path}`);

describe("the render thread", () => {
  it("answers renders, and its log lines reach the serving thread's logger", async () => {
    const logger = recordingLogger();
    thread = await start(logger);
    const answers = await Promise.all(["/a", "/b"].map((p) => thread?.render(request(p))));
    expect(await Promise.all(answers.map((r) => r?.text()))).toEqual([
      "rendered /a",
      "rendered /b",
    ]);
    expect(
      logger.lines.filter((l) => l.message === "stand-in rendered").map((l) => l.fields),
    ).toEqual([{ path: "/a" }, { path: "/b" }]);
  });

  it("watches content in the thread, and each thread says when it watches", async () => {
    const logger = recordingLogger();
    thread = await start(logger);
    const changes: string[] = [];
    let watching = 0;
    const stop = thread.watchContentChanges(
      (change) => changes.push(change.event.id ?? ""),
      () => watching++,
    );
    const versions = (await thread.readContentVersions()) as unknown as { startedAt: number };
    await thread.render(request("/change?id=e1"));
    expect(changes).toEqual(["e1"]);
    // The first thread says so once it watches: the start's catch-up begins then.
    expect(watching).toBe(1);

    await expect(thread.render(request("/exit"))).rejects.toThrow(/exited/);
    await thread.render(request("/change?id=e2"));
    expect(changes).toEqual(["e1", "e2"]);
    // One started again says so too: what changed while none watched is looked for.
    expect(watching).toBe(2);
    // The versions are the new thread's to read.
    const again = (await thread.readContentVersions()) as unknown as { startedAt: number };
    expect(again.startedAt).toBeGreaterThanOrEqual(versions.startedAt);

    stop();
    await thread.render(request("/change?id=e3"));
    expect(changes).toEqual(["e1", "e2"]);
  });

  it("reaches the serving thread's store, its errors included", async () => {
    const asked: unknown[][] = [];
    const store: PublishedVersionStore = {
      async listPublishedVersionKeys(...args) {
        asked.push(args);
        return [{ entryId: "e1", versionKey: "v1" }];
      },
      async getPublishedVersions() {
        throw new Error("the database is down");
      },
      async recordPublishedVersions() {},
      async removePublishedVersions() {},
      async listEntryAddresses() {
        return [];
      },
    };
    thread = await start(recordingLogger(), store);
    const listed = await thread.render(request("/call"));
    expect(JSON.parse(await listed.text())).toEqual([{ entryId: "e1", versionKey: "v1" }]);
    expect(asked).toEqual([["news"]]);
    const failed = await thread.render(request("/call?method=getPublishedVersions"));
    expect(JSON.parse(await failed.text())).toEqual({
      name: "Error",
      message: "the database is down",
    });
  });

  it("fails what it held when it exits, says so, and is started again", async () => {
    const logger = recordingLogger();
    thread = await start(logger);
    await expect(thread.render(request("/exit"))).rejects.toThrow(/exited/);
    await logger.waitFor((lines) =>
      lines.some((line) => line.message === "render thread stopped: starting it again"),
    );
    // The next render waits for the new thread.
    const answer = await thread.render(request("/after"));
    expect(await answer.text()).toBe("rendered /after");
  });

  it("says which setting to raise when the thread runs out of its heap", async () => {
    const logger = recordingLogger();
    thread = await RenderThread.start({
      buildDir: "/no-build-needed",
      env: { ...testEnv(), renderThreadHeapMb: 16 },
      logger,
      workerFile: STAND_IN,
      restartDelayMs: 10,
    });
    await expect(thread.render(request("/grow"))).rejects.toThrow(/exited/);
    const line = logger.lines.find((l) => l.message.includes("ran out of its heap"));
    expect(line?.message).toContain("RENDER_THREAD_HEAP_MB");
    expect(line?.fields).toEqual({ heapMb: 16 });
    const answer = await thread.render(request("/after"));
    expect(await answer.text()).toBe("rendered /after");
  });

  it("will not start with a forms service but not the key it signs with", async () => {
    const forms = { minSubmitSeconds: 3 } as unknown as FormsService;
    await expect(
      RenderThread.start({
        buildDir: "/no-build-needed",
        env: testEnv(),
        logger: recordingLogger(),
        forms,
        workerFile: STAND_IN,
      }),
    ).rejects.toThrow(/key it signs with/);
  });

  it("refuses renders once closed", async () => {
    thread = await start(recordingLogger());
    await thread.close();
    await expect(thread.render(request("/late"))).rejects.toThrow(/closed/);
  });
});
