// What PageRenderer keeps and shares, with a handler the test counts and holds: a rendering
// is cached (a content event makes it stale), shared by requests for the same URL at once,
// never kept when it sets a cookie or answers another method, compressed when not kept;
// renders run a few at a time while the rest wait their turn, and media take no turn.
// (tests/integration/server-pages.test.ts shows the same on the real site over HTTP.)
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { PAGE_CACHE_CONTROL } from "../../app/config/cache-control";
import { requestGates } from "../../tests/support/request-gates";
import { recordingLogger } from "../../tests/support/webhook-receiver";
import { PrerenderedPages } from "../serving/prerendered";
import { ClientFiles } from "../serving/static-files";
import { PageRenderer } from "./render";
import { DEFAULT_ADMISSION, RENDER_CONCURRENCY, RenderAdmission } from "./render-admission";
import { RenderCache } from "./render-cache";

let dir = "";
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "render-sharing-"));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const page = (title: string) =>
  `<!doctype html><html><body><h1>${title}</h1>${"<p>filler text</p>".repeat(80)}</body></html>`;

/** A renderer whose handler counts the paths it renders and waits at the test's gates. */
async function renderer() {
  const files = await ClientFiles.scan(dir);
  const cache = new RenderCache();
  const gates = requestGates();
  const calls: string[] = [];
  let version = 1;
  const pages = new PageRenderer({
    async handler(request) {
      const url = new URL(request.url);
      const asked = `${url.pathname}${url.search}`;
      calls.push(asked);
      const seen = version;
      await gates.pass(asked);
      if (url.pathname.startsWith("/media/")) {
        return new Response(new Uint8Array([137, 80, 78, 71]), {
          headers: { "Content-Type": "image/png", "Cache-Control": "public, max-age=86400" },
        });
      }
      if (url.pathname === "/feed.json") {
        return Response.json({ items: Array.from({ length: 300 }, (_, i) => `item ${i}`) });
      }
      const headers: Record<string, string> = { "Content-Type": "text/html; charset=utf-8" };
      if (url.pathname === "/cookie") headers["Set-Cookie"] = "a=1";
      return new Response(page(`rendered ${asked} v${seen}`), { headers });
    },
    cache,
    prerendered: new PrerenderedPages(files, []),
    files,
    logger: recordingLogger(),
    admission: new RenderAdmission(DEFAULT_ADMISSION),
  });
  const get = async (pathWithQuery: string, init: RequestInit = {}) => {
    const url = new URL(`http://localhost${pathWithQuery}`);
    const { response, source } = await pages.answer(new Request(url, init), url, url.pathname);
    return { response, source, text: await response.text() };
  };
  return {
    get,
    pages,
    cache,
    gates,
    calls,
    setVersion(next: number) {
      version = next;
    },
  };
}

describe("the render cache", () => {
  it("answers a second request from the cache, and 304 to its validator", async () => {
    const { get, calls } = await renderer();
    const first = await get("/news/launch");
    expect(first.source).toBe("render");
    expect(first.response.headers.get("cache-control")).toBe(PAGE_CACHE_CONTROL);
    const again = await get("/news/launch");
    expect(again.source).toBe("cache");
    expect(again.text).toContain("rendered /news/launch v1");
    const etag = String(again.response.headers.get("etag"));
    const revalidated = await get("/news/launch", { headers: { "If-None-Match": etag } });
    expect(revalidated.response.status).toBe(304);
    expect(calls).toEqual(["/news/launch"]);
  });

  it("renders afresh what a content event made stale", async () => {
    const { get, cache, calls, setVersion } = await renderer();
    await get("/news/a");
    await get("/news/b");
    setVersion(2);
    cache.markAllStale();
    expect((await get("/news/a")).text).toContain("v2");
    expect((await get("/news/b")).text).toContain("v2");
    expect((await get("/news/a")).source).toBe("cache");
    expect(calls).toEqual(["/news/a", "/news/b", "/news/a", "/news/b"]);
  });

  it("keeps no rendering that sets a cookie, nor an answer to another method", async () => {
    const { get, calls } = await renderer();
    await get("/cookie");
    expect((await get("/cookie")).source).toBe("render");
    await get("/news/posted", { method: "POST" });
    await get("/news/posted", { method: "POST" });
    expect(calls).toEqual(["/cookie", "/cookie", "/news/posted", "/news/posted"]);
  });

  it("compresses rendered text it does not keep, as the request accepts", async () => {
    const { get, calls } = await renderer();
    const gzip = await get("/feed.json", { headers: { "Accept-Encoding": "gzip" } });
    expect(gzip.response.headers.get("content-encoding")).toBe("gzip");
    const plain = await get("/feed.json");
    expect(plain.response.headers.get("content-encoding")).toBeNull();
    expect(JSON.parse(plain.text).items).toHaveLength(300);
    expect(calls).toEqual(["/feed.json", "/feed.json"]);
  });
});

describe("renders in flight", () => {
  it("shares one rendering among requests for a URL at once", async () => {
    const { get, gates, calls } = await renderer();
    const held = gates.hold("/news/busy");
    const all = Promise.all(Array.from({ length: 5 }, () => get("/news/busy")));
    await gates.received("/news/busy");
    held.release();
    const answers = await all;
    expect(answers.map((answer) => answer.text.includes("rendered /news/busy v1"))).toEqual(
      answers.map(() => true),
    );
    expect(calls).toEqual(["/news/busy"]);
  });

  it("runs a few at once; the others wait their turn and are all answered", async () => {
    const { get, pages, gates, calls } = await renderer();
    const held = gates.hold("/news/queued-");
    const paths = Array.from({ length: RENDER_CONCURRENCY + 3 }, (_, i) => `/news/queued-${i}`);
    const answers = Promise.all(paths.map((p) => get(p)));
    await Promise.all(paths.slice(0, RENDER_CONCURRENCY).map((p) => gates.received(p)));
    await until(() => pages.load.waiting === 3);
    expect(pages.load.running).toBe(RENDER_CONCURRENCY);
    expect(calls).toHaveLength(RENDER_CONCURRENCY);
    held.release();
    const done = await answers;
    expect(done.map((answer, i) => answer.text.includes(`rendered ${paths[i]} v1`))).toEqual(
      paths.map(() => true),
    );
    expect(pages.load).toEqual({ running: 0, waiting: 0 });
  });

  it("lets media through while pages wait their turn (media wait on the CMS, not a thread)", async () => {
    const { get, pages, gates } = await renderer();
    const held = gates.hold("/news/queued-");
    const paths = Array.from({ length: RENDER_CONCURRENCY + 1 }, (_, i) => `/news/queued-${i}`);
    const answers = Promise.all(paths.map((p) => get(p)));
    await until(() => pages.load.waiting === 1);
    const media = await get("/media/1/pixel.png");
    expect(media.response.status).toBe(200);
    expect(media.response.headers.get("content-type")).toBe("image/png");
    expect(pages.load).toEqual({ running: RENDER_CONCURRENCY, waiting: 1 });
    held.release();
    expect((await answers).map((answer) => answer.response.status)).toEqual(paths.map(() => 200));
  });
});

/** Resolves once `condition` holds, checking after each turn of the event loop. */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}
