// A CMS outage is not a site outage: stale renderings (or the prerendered file) are served
// with `x-content-stale: 1`; a page never seen gets the app's 503 page; a handler that
// throws gets a generic 500 page with nothing of the error in it.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { STALE_CACHE_CONTROL } from "../../server/rendering/render";
import { type RunningTestSite, startTestSite, TEST_SECRET } from "../support/fake-site-build";
import { pagesRefreshed } from "../support/server-log";

let t: RunningTestSite;
beforeEach(async () => {
  t = await startTestSite();
});
afterEach(() => t.close());

describe("CMS outage", () => {
  it("serves the last good rendering, stale, when a fresh render answers 503", async () => {
    expect((await t.get("/news/a")).text).toContain("v1");
    const since = t.logs.lines.length;
    t.fake.emit();
    t.fake.cmsDown = true;
    // The background refresh meets the outage too: the page is retired, not rewritten.
    await pagesRefreshed(t.logs, since);
    const res = await t.get("/news/a");
    expect(res.status).toBe(200);
    expect(res.headers["x-content-stale"]).toBe("1");
    expect(res.headers["cache-control"]).toBe(STALE_CACHE_CONTROL);
    expect(res.text).toContain("rendered /news/a v1");
    expect(
      t.logs.lines.some((l) => l.level === "warn" && l.message === "serving stale content"),
    ).toBe(true);
    // Recovers by itself.
    t.fake.cmsDown = false;
    t.fake.version = 2;
    const back = await t.get("/news/a");
    expect(back.headers["x-content-stale"]).toBeUndefined();
    expect(back.text).toContain("v2");
  });

  it("falls back to the prerendered file of a page never rendered", async () => {
    const since = t.logs.lines.length;
    t.fake.emit();
    t.fake.cmsDown = true;
    // The background refresh meets the outage too: the page is retired, not rewritten.
    await pagesRefreshed(t.logs, since);
    const res = await t.get("/about");
    expect(res.status).toBe(200);
    expect(res.headers["x-content-stale"]).toBe("1");
    expect(res.text).toContain("prerendered about");
    const data = await t.get("/about.data");
    expect(data.status).toBe(200);
    expect(data.text).toContain("prerendered about data");
  });

  it("answers a page never seen with the app's 503 page, not cached", async () => {
    t.fake.cmsDown = true;
    const res = await t.get("/news/never-seen");
    expect(res.status).toBe(503);
    expect(res.text).toContain("Service unavailable (app error page)");
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.headers["x-content-stale"]).toBeUndefined();
  });
});

describe("handler exceptions", () => {
  it("answers 500 with a generic page: no message, no stack, no secret", async () => {
    const res = await t.get("/boom");
    expect(res.status).toBe(500);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.text).toContain("Something went wrong");
    expect(res.text).not.toMatch(/kaboom|at .*\.ts:\d+|Error:/);
    expect(res.text).not.toContain(TEST_SECRET);
    const logged = t.logs.lines.find((l) => l.message === "rendering failed");
    expect(logged?.level).toBe("error");
    // The server keeps serving.
    expect((await t.get("/about")).status).toBe(200);
  });

  it("serves a stale rendering rather than a 500 when it has one", async () => {
    await t.get("/news/x");
    t.fake.emit();
    t.fake.crash = true;
    const res = await t.get("/news/x");
    expect(res.status).toBe(200);
    expect(res.headers["x-content-stale"]).toBe("1");
    expect(res.text).toContain("rendered /news/x v1");
  });
});
