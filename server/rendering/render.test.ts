// Renders shared between requests, within one content generation only. A render that fails,
// for pages the real site cannot show failing (tests/integration/
// server-outage.test.ts shows the rest on the real build): no content makes the app's render
// throw (its content layer guards what it reads), and every page of the seed has a
// prerendered file to fall back on. A render that throws gets a generic 500 page with nothing
// of the error in it (or the last good rendering, stale); the app's own 503 page of a page
// with no older version is passed on, never cached.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { pollUntil } from "../../tests/support/poll";
import { recordingLogger } from "../../tests/support/webhook-receiver";
import { PrerenderedPages } from "../serving/prerendered";
import { ClientFiles } from "../serving/static-files";
import { PageRenderer, STALE_HEADER } from "./render";
import { RenderCache } from "./render-cache";

const SECRET = "render-test-secret-4b1d";

let dir = "";
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "render-test-"));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

async function renderer(handler: () => Promise<Response>) {
  const files = await ClientFiles.scan(dir);
  const cache = new RenderCache();
  const logger = recordingLogger();
  const pages = new PageRenderer({
    handler,
    cache,
    prerendered: new PrerenderedPages(files, []),
    files,
    logger,
  });
  const get = (pathname: string) => {
    const url = new URL(`http://localhost${pathname}`);
    return pages.answer(new Request(url), url, pathname);
  };
  return { get, cache, logger };
}

describe("a render that fails", () => {
  it("answers 500 with a generic page: no message, no stack, no secret", async () => {
    const { get, logger } = await renderer(() =>
      Promise.reject(new Error(`kaboom: the key was ${SECRET}`)),
    );
    const { response, source } = await get("/news/a");
    expect(source).toBe("error");
    expect(response.status).toBe(500);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    const text = await response.text();
    expect(text).toContain("Something went wrong");
    expect(text).not.toMatch(/kaboom|at .*\.ts:\d+|Error:/);
    expect(text).not.toContain(SECRET);
    expect(logger.lines.find((line) => line.message === "rendering failed")?.level).toBe("error");
  });

  it("passes on the app's own 503 page, not cached, when there is no older version", async () => {
    const { get } = await renderer(
      async () =>
        new Response("<!doctype html><h1>app 503 page</h1>", {
          status: 503,
          headers: { "Content-Type": "text/html; charset=utf-8" },
        }),
    );
    const { response, source } = await get("/news/never-seen");
    expect(source).toBe("error");
    expect(response.status).toBe(503);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get(STALE_HEADER)).toBeNull();
    expect(await response.text()).toContain("app 503 page");
  });

  it("serves the last good rendering, stale, rather than a 500", async () => {
    let crash = false;
    const { get, cache } = await renderer(async () => {
      if (crash) throw new Error("render crashed");
      return new Response("<!doctype html><h1>good</h1>", {
        headers: { "Content-Type": "text/html; charset=utf-8" },
      });
    });
    expect((await get("/news/x")).source).toBe("render");
    cache.markAllStale();
    crash = true;
    const { response, source } = await get("/news/x");
    expect(source).toBe("stale");
    expect(response.status).toBe(200);
    expect(response.headers.get(STALE_HEADER)).toBe("1");
    expect(await response.text()).toContain("good");
  });
});

describe("a render shared by requests", () => {
  const page = (text: string) =>
    new Response(`<!doctype html><h1>${text}</h1>`, {
      headers: { "Content-Type": "text/html; charset=utf-8" },
    });
  const started = (what: string, done: () => boolean) =>
    pollUntil(what, done, { timeoutMs: 10_000, intervalMs: 5 });

  it("is shared by a request made while it runs", async () => {
    let renders = 0;
    let finish = () => {};
    const { get } = await renderer(async () => {
      renders++;
      await new Promise<void>((resolve) => {
        finish = resolve;
      });
      return page("shared");
    });
    const first = get("/news");
    await started("the render", () => renders === 1);
    const second = get("/news");
    finish();
    expect(await (await first).response.text()).toContain("shared");
    expect(await (await second).response.text()).toContain("shared");
    expect(renders).toBe(1);
  });

  it("is not joined by a request made after a content change: that one renders anew", async () => {
    const versions = ["before the change", "after the change"];
    const held: (() => void)[] = [];
    let renders = 0;
    const { get, cache } = await renderer(async () => {
      const text = versions[renders++] ?? "later";
      // The render begun before the change is held until the other one is answered.
      if (text === versions[0]) await new Promise<void>((resolve) => held.push(resolve));
      return page(text);
    });
    const before = get("/news");
    await started("the first render", () => held.length === 1);
    cache.markAllStale();
    const after = get("/news");
    try {
      await started("a render of its own for the request after the change", () => renders === 2);
      expect(await (await after).response.text()).toContain("after the change");
    } finally {
      for (const release of held) release();
    }
    expect(await (await before).response.text()).toContain("before the change");
    expect(renders).toBe(2);
  });
});
