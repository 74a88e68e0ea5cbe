import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { SiteLogger } from "../../app/logging/logger.server";
import { recordingLogger } from "../../tests/support/webhook-receiver";
import type { Pacing } from "../rendering/visitor-traffic";
import { PrerenderedPages } from "../serving/prerendered";
import { ClientFiles } from "../serving/static-files";
import { ContentDependencies } from "./content-dependencies";
import { PageRefresher } from "./page-refresh";

const PAGES = ["/a", "/b", "/c", "/d"];
let dir: string;
let rendered: string[];

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "page-refresh-"));
  rendered = [];
  for (const page of PAGES) {
    for (const rel of [`${page.slice(1)}/index.html`, `${page.slice(1)}.data`]) {
      await mkdir(path.dirname(path.join(dir, rel)), { recursive: true });
      await writeFile(path.join(dir, rel), "old");
    }
  }
});
afterEach(() => rm(dir, { recursive: true, force: true }));

async function refresherOver(
  options: {
    pacing?: Pacing;
    renderMs?: number;
    onIdle?: (clean: boolean) => void;
    /** Pages that answer 503 (the CMS down for them). */
    failing?: string[];
    /** Every address the refresher says it changed, in order. */
    changed?: string[];
    /** Pages whose render throws once the promise resolves (the render thread closed). */
    throwing?: Record<string, Promise<void>>;
    logger?: SiteLogger;
  } = {},
) {
  const files = await ClientFiles.scan(dir);
  const prerendered = new PrerenderedPages(
    files,
    files.list().map((file) => file.relPath),
  );
  let running = 0;
  let mostAtOnce = 0;
  const refresher = new PageRefresher({
    handler: async (request) => {
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      await new Promise((resolve) => setTimeout(resolve, options.renderMs ?? 1));
      running -= 1;
      const { pathname } = new URL(request.url);
      const thrown = options.throwing?.[pathname.replace(/\.data$/, "")];
      if (thrown) {
        await thrown;
        throw new Error("the render thread was closed");
      }
      if (options.failing?.includes(pathname)) return new Response("down", { status: 503 });
      if (!pathname.endsWith(".data")) rendered.push(pathname);
      return new Response(`new ${pathname}`, { headers: { "cache-tag": "entry:x" } });
    },
    files,
    prerendered,
    dependencies: new ContentDependencies(),
    logger: options.logger ?? { info() {}, warn() {}, error() {} },
    onChanged: (paths) => options.changed?.push(...paths),
    pacing: options.pacing,
    onIdle: options.onIdle,
  });
  return { refresher, mostAtOnce: () => mostAtOnce };
}

describe("PageRefresher", () => {
  it("writes a page's data before its HTML, so new HTML never navigates with old data", async () => {
    const changed: string[] = [];
    const { refresher } = await refresherOver({ changed });
    refresher.enqueue(["/a"]);
    await refresher.settled();
    expect(changed).toEqual(["/a.data", "/a"]);
    expect(await readFile(path.join(dir, "a.data"), "utf8")).toBe("new /a.data");
    expect(await readFile(path.join(dir, "a/index.html"), "utf8")).toBe("new /a");
  });

  it("says when it runs dry whether every page it was given was written", async () => {
    const idle: boolean[] = [];
    const { refresher } = await refresherOver({
      onIdle: (clean) => idle.push(clean),
      failing: ["/b"],
    });
    refresher.enqueue(["/a"]);
    await refresher.settled();
    refresher.enqueue(["/b", "/c"]);
    await refresher.settled();
    // Nothing to render: dry at once, and clean.
    refresher.enqueue([]);
    expect(idle).toEqual([true, false, true]);
  });

  it("is not clean when stopped with pages still queued", async () => {
    const idle: boolean[] = [];
    const { refresher } = await refresherOver({ onIdle: (clean) => idle.push(clean) });
    refresher.enqueue(PAGES);
    await refresher.stop();
    expect(rendered.length).toBeLessThan(PAGES.length);
    expect(idle).toEqual([false]);
  });

  it("logs a render that throws as an error, and one the server's close cuts short as the close's", async () => {
    const logger = recordingLogger();
    let closeThread = () => {};
    const closed = new Promise<void>((resolve) => {
      closeThread = resolve;
    });
    const { refresher } = await refresherOver({
      logger,
      throwing: { "/a": Promise.resolve(), "/b": closed },
    });
    const messages = () => logger.lines.map((line) => [line.message, line.fields.page]);
    refresher.enqueue(["/a"]);
    await refresher.settled();
    expect(messages()).toContainEqual(["page refresh failed", "/a"]);

    refresher.enqueue(["/b"]);
    const stopped = refresher.stop();
    closeThread();
    await stopped;
    expect(messages()).toContainEqual(["page refresh left undone: the server is closing", "/b"]);
    expect(messages().filter(([message]) => message === "page refresh failed")).toHaveLength(1);
  });

  it("rewrites each page's HTML and data, pages asked for first ahead of the queue", async () => {
    const { refresher } = await refresherOver();
    refresher.enqueue(["/a", "/b", "/c"]);
    refresher.enqueue(["/d", "/c"], { first: true });
    await refresher.settled();
    // Two render at once: /a and /b had started; then /d and /c before anything else.
    expect(rendered).toEqual(["/a", "/b", "/d", "/c"]);
    expect(await readFile(path.join(dir, "d/index.html"), "utf8")).toBe("new /d");
    expect(await readFile(path.join(dir, "d.data"), "utf8")).toBe("new /d.data");
  });

  it("renders one page at a time, pausing after each as its pacing says, while busy", async () => {
    const pauses: number[] = [];
    const { refresher, mostAtOnce } = await refresherOver({
      pacing: {
        limit: () => 1,
        pauseAfter: (took) => {
          pauses.push(took);
          return 5;
        },
      },
    });
    refresher.enqueue(PAGES);
    await refresher.settled();
    expect(mostAtOnce()).toBe(1);
    expect(rendered).toEqual(PAGES);
    // A pause after each page but the last (nothing is left to wait for then).
    expect(pauses).toHaveLength(PAGES.length - 1);
  });

  it("renders at full concurrency when its pacing allows", async () => {
    const { refresher, mostAtOnce } = await refresherOver({
      pacing: { limit: (concurrency) => concurrency, pauseAfter: () => 0 },
      renderMs: 20,
    });
    refresher.enqueue(PAGES);
    await refresher.settled();
    expect(mostAtOnce()).toBe(2);
  });

  it("stops during a pause without waiting for it", async () => {
    let pausing: () => void = () => {};
    const paused = new Promise<void>((resolve) => {
      pausing = resolve;
    });
    const { refresher } = await refresherOver({
      pacing: {
        limit: () => 1,
        // An hour: a stop that waited for the pause would outlast the test's time limit.
        pauseAfter: () => {
          pausing();
          return 3_600_000;
        },
      },
    });
    refresher.enqueue(PAGES);
    await paused;
    await refresher.stop();
    expect(rendered).toEqual(["/a"]);
  });
});
