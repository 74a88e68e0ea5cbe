// Graceful shutdown: stop accepting, let in-flight requests finish (up to the timeout),
// stop watching content.
import { rm } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { createSiteServer } from "../../server/site-server";
import { fakeBuild, startTestSite, testEnv, writeFakeBuildDir } from "../support/fake-site-build";
import { rawRequest } from "../support/raw-request";
import { recordingLogger } from "../support/webhook-receiver";

describe("graceful close", () => {
  it("finishes in-flight requests, refuses new ones, stops watching content", async () => {
    const t = await startTestSite();
    const slow = t.fake.hold("/news/");
    const inFlight = t.get("/news/slow");
    await t.fake.received("/news/slow");
    const closed = t.site.close();
    slow.release();
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(res.text).toContain("rendered /news/slow");
    await closed;
    await expect(rawRequest(t.port, "/about")).rejects.toThrow();
    expect(t.fake.stopped).toBe(true);
    await t.close();
  });

  it("cuts requests that outlast the shutdown timeout", async () => {
    const t = await startTestSite({ shutdownTimeoutMs: 100 });
    // Never answered while the server closes.
    const stuck = t.fake.hold("/news/");
    const inFlight = t.get("/news/stuck").then(
      () => "answered",
      () => "cut",
    );
    await t.fake.received("/news/stuck");
    const started = Date.now();
    await t.site.close();
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await inFlight).toBe("cut");
    expect(t.logs.lines.some((l) => l.message.startsWith("shutdown: cutting"))).toBe(true);
    stuck.release();
    await t.close();
  });

  it("close() is idempotent and works before listen", async () => {
    const t = await startTestSite();
    expect((await rawRequest(t.port, "/about")).status).toBe(200);
    // Two at once, then one more: each resolves, and the port is closed after.
    await expect(Promise.all([t.site.close(), t.site.close()])).resolves.toEqual([
      undefined,
      undefined,
    ]);
    await expect(t.site.close()).resolves.toBeUndefined();
    await expect(rawRequest(t.port, "/about")).rejects.toThrow();
    expect(t.fake.stopped).toBe(true);
    await t.close();

    const buildDir = await writeFakeBuildDir();
    const neverListened = await createSiteServer({
      buildDir,
      env: testEnv(),
      logger: recordingLogger(),
      build: fakeBuild().build,
      renderThread: false,
    });
    await expect(neverListened.close()).resolves.toBeUndefined();
    await rm(buildDir, { recursive: true, force: true });
  });
});

describe("bad requests", () => {
  it("answers 400 with a log line to a Host the URL parser refuses, and keeps serving", async () => {
    const t = await startTestSite();
    const bad = await rawRequest(t.port, "/news", { headers: { host: "news.127.0.0.1:3210" } });
    expect(bad.status).toBe(400);
    expect(t.logs.lines.some((l) => l.message.includes("unparsable Host"))).toBe(true);
    const good = await rawRequest(t.port, "/about");
    expect(good.status).toBe(200);
    await t.close();
  });
});
