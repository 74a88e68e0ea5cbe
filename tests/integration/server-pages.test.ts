// Prerendered pages vs server rendering, the render cache and live invalidation: after a
// content event prerendered files are no longer served and cached renderings go stale.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { PAGE_CACHE_CONTROL } from "../../server/rendering/render";
import { RENDER_CONCURRENCY } from "../../server/rendering/render-admission";
import { type RunningTestSite, startTestSite } from "../support/fake-site-build";
import { pagesRefreshed } from "../support/server-log";

let t: RunningTestSite;

/** Resolves once `condition` holds, checking after each turn of the event loop. */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}

beforeEach(async () => {
  t = await startTestSite();
});
afterEach(() => t.close());

describe("before any content event", () => {
  it("serves prerendered pages and their data without rendering", async () => {
    for (const [p, text] of [
      ["/", "prerendered home"],
      ["/about", "prerendered about"],
      ["/about.data", "prerendered about data"],
      ["/_.data", "prerendered home data"],
      ["/trust/privacy-policy", "prerendered privacy"],
    ] as const) {
      const res = await t.get(p);
      expect(res.status, p).toBe(200);
      expect(res.text, p).toContain(text);
      expect(res.headers["cache-control"], p).toBe(PAGE_CACHE_CONTROL);
    }
    expect((await t.get("/about.data")).headers["content-type"]).toBe("text/x-script");
    expect(t.fake.calls).toEqual([]);
  });

  it("ignores parameters the page does not read, and _routes on data requests", async () => {
    expect((await t.get("/about?utm_source=mail&gclid=1")).text).toContain("prerendered about");
    expect((await t.get("/about?r=8121&ref=x")).text).toContain("prerendered about");
    expect((await t.get("/?r=1")).text).toContain("prerendered home");
    expect((await t.get("/about.data?_routes=root,routes/about")).text).toContain(
      "prerendered about data",
    );
    expect(t.fake.calls).toEqual([]);
  });

  it("renders what was not prerendered, or whose query matters", async () => {
    const news = await t.get("/news/launch");
    expect(news.status).toBe(200);
    expect(news.text).toContain("rendered /news/launch v1");
    expect(news.headers["cache-control"]).toBe(PAGE_CACHE_CONTROL);
    expect((await t.get("/news/launch.data")).text).toContain("rendered /news/launch.data v1");
    expect((await t.get("/about?page=2")).text).toContain("rendered /about v1?page=2");
    expect(t.fake.calls).toEqual(["/news/launch", "/news/launch.data", "/about?page=2"]);
  });

  it("renders the app's 404 page with status 404", async () => {
    const res = await t.get("/no/such/page");
    expect(res.status).toBe(404);
    expect(res.text).toContain("Not found (app 404 page)");
  });

  it("passes resource routes through (binary, own cache policy)", async () => {
    const res = await t.get("/media/1/pixel.png");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("image/png");
    expect(res.headers["cache-control"]).toBe("public, max-age=86400");
    expect([...res.body]).toEqual([137, 80, 78, 71]);
  });

  it("compresses rendered text that is not cached", async () => {
    const res = await t.get("/feed.json", { headers: { "Accept-Encoding": "gzip" } });
    expect(res.headers["content-encoding"]).toBe("gzip");
  });

  it("caches renderings: the second request renders nothing", async () => {
    await t.get("/news/launch");
    const again = await t.get("/news/launch");
    expect(again.text).toContain("rendered /news/launch v1");
    expect(t.fake.calls).toEqual(["/news/launch"]);
    const revalidated = await t.get("/news/launch", {
      headers: { "If-None-Match": String(again.headers.etag) },
    });
    expect(revalidated.status).toBe(304);
  });

  it("does not cache renderings that set cookies, nor non-GET requests", async () => {
    await t.get("/cookie");
    await t.get("/cookie");
    expect(t.fake.calls.filter((c) => c === "/cookie")).toHaveLength(2);
  });

  it("shares one rendering among concurrent requests for a URL", async () => {
    t.fake.delays["/news/"] = 100;
    const all = await Promise.all(Array.from({ length: 5 }, () => t.get("/news/busy")));
    expect(all.every((r) => r.status === 200 && r.text.includes("v1"))).toBe(true);
    expect(t.fake.calls.filter((c) => c === "/news/busy")).toHaveLength(1);
  });

  it("renders a few pages at once; the others wait their turn and are all answered", async () => {
    const held = t.fake.hold("/news/queued-");
    const paths = Array.from({ length: RENDER_CONCURRENCY + 3 }, (_, i) => `/news/queued-${i}`);
    const answers = Promise.all(paths.map((p) => t.get(p)));
    await Promise.all(paths.slice(0, RENDER_CONCURRENCY).map((p) => t.fake.received(p)));
    await until(() => t.site.renderLoad().waiting === 3);
    expect(t.site.renderLoad().running).toBe(RENDER_CONCURRENCY);
    expect(t.fake.calls.filter((c) => c.startsWith("/news/queued-"))).toHaveLength(
      RENDER_CONCURRENCY,
    );
    held.release();
    const done = await answers;
    expect(done.map((r) => r.status)).toEqual(paths.map(() => 200));
    expect(done.map((r, i) => r.text.includes(`rendered ${paths[i]}`))).toEqual(
      paths.map(() => true),
    );
    expect(t.site.renderLoad()).toEqual({ running: 0, waiting: 0 });
  });

  it("lets media through while pages wait their turn (media waits on the CMS, not the CPU)", async () => {
    const held = t.fake.hold("/news/queued-");
    const paths = Array.from({ length: RENDER_CONCURRENCY }, (_, i) => `/news/queued-${i}`);
    const pages = Promise.all(paths.map((p) => t.get(p)));
    await Promise.all(paths.map((p) => t.fake.received(p)));
    expect(t.site.renderLoad().running).toBe(RENDER_CONCURRENCY);
    const media = await t.get("/media/1/pixel.png");
    expect(media.status).toBe(200);
    held.release();
    expect((await pages).map((r) => r.status)).toEqual(paths.map(() => 200));
  });
});

describe("after a content event", () => {
  it("subscribed to content changes at start", () => {
    expect(t.fake.watching).toBe(true);
  });

  it("renders prerendered pages again in the background and serves their new files", async () => {
    expect((await t.get("/about")).text).toContain("prerendered about");
    t.fake.version = 2;
    const about = t.fake.hold("/about");
    const since = t.logs.lines.length;
    t.fake.emit();
    await t.fake.received("/about");
    // While the new rendering is on its way, visitors get the old file, not a wait.
    expect((await t.get("/about")).text).toContain("prerendered about");
    about.release();
    await pagesRefreshed(t.logs, since);
    const fresh = await t.get("/about");
    expect(fresh.text).toContain("rendered /about v2");
    expect(fresh.headers["cache-control"]).toBe(PAGE_CACHE_CONTROL);
    expect((await t.get("/about.data")).text).toContain("rendered /about.data v2");
    expect((await t.get("/")).text).toContain("rendered / v2");
    // Rendered once, in the background: visitors get the written file.
    await t.get("/about");
    expect(t.fake.calls.filter((c) => c === "/about")).toHaveLength(1);
    expect(
      t.logs.lines.find((l) => l.message === "request" && l.fields?.path === "/about")?.fields
        ?.source,
    ).toBe("prerendered");
  });

  it("marks every cached rendering stale: the next request renders fresh", async () => {
    expect((await t.get("/news/a")).text).toContain("v1");
    expect((await t.get("/news/b")).text).toContain("v1");
    t.fake.version = 2;
    t.fake.emit({ name: "media", id: "m1" });
    expect((await t.get("/news/a")).text).toContain("v2");
    expect((await t.get("/news/b")).text).toContain("v2");
    expect((await t.get("/news/a")).text).toContain("v2");
    expect(t.fake.calls.filter((c) => c.startsWith("/news/"))).toEqual([
      "/news/a",
      "/news/b",
      "/news/a",
      "/news/b",
    ]);
    expect(t.logs.lines.some((l) => l.message === "content changed")).toBe(true);
  });

  it("does not keep as fresh a rendering that started before the event", async () => {
    const rendering = t.fake.hold("/news/");
    const slow = t.get("/news/race");
    await t.fake.received("/news/race");
    t.fake.version = 2;
    t.fake.emit();
    rendering.release();
    expect((await slow).text).toContain("v1");
    expect((await t.get("/news/race")).text).toContain("v2");
  });
});

describe("when the content changed since the build", () => {
  it("starts with prerendered files retired, and rewrites them in the background", async () => {
    const started = await startTestSite({ prerenderedFresh: false });
    try {
      expect((await started.get("/about")).text).toContain("rendered /about v1");
      await pagesRefreshed(started.logs, 0);
      const rendered = started.fake.calls.length;
      expect((await started.get("/about")).text).toContain("rendered /about v1");
      expect((await started.get("/about.data")).text).toContain("rendered /about.data v1");
      expect(started.fake.calls.length).toBe(rendered);
    } finally {
      await started.close();
    }
  });
});
