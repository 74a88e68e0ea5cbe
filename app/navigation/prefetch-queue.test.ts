import { describe, expect, it, vi } from "vitest";
import {
  canPrefetch,
  connectionOf,
  createPrefetchQueue,
  MAX_PENDING_PREFETCHES,
  observeLinkPrefetch,
  type PrefetchRoot,
  type PrefetchWindow,
  prefetchPathFromHref,
} from "./prefetch-queue";

function deferredTask() {
  const pending = new Map<string, { resolve: () => void; reject: (e: unknown) => void }>();
  const started: string[] = [];
  const task = vi.fn(
    (path: string) =>
      new Promise<void>((resolve, reject) => {
        started.push(path);
        pending.set(path, { resolve, reject });
      }),
  );
  const settle = async (path: string, ok = true) => {
    const p = pending.get(path);
    pending.delete(path);
    if (ok) p?.resolve();
    else p?.reject(new Error("offline"));
    await new Promise((r) => setTimeout(r, 0));
  };
  return { task, started, settle };
}
const flush = () => new Promise((r) => setTimeout(r, 0));
const quiet = { debug: () => {} };

describe("canPrefetch", () => {
  it("prefetches without connection info and on fast connections", () => {
    expect(canPrefetch(undefined)).toBe(true);
    expect(canPrefetch(null)).toBe(true);
    expect(canPrefetch({})).toBe(true);
    expect(canPrefetch({ effectiveType: "4g", saveData: false })).toBe(true);
    expect(canPrefetch({ effectiveType: "3g" })).toBe(true);
  });
  it("skips on save-data, 2g and slow-2g", () => {
    expect(canPrefetch({ saveData: true, effectiveType: "4g" })).toBe(false);
    expect(canPrefetch({ effectiveType: "2g" })).toBe(false);
    expect(canPrefetch({ effectiveType: "slow-2g" })).toBe(false);
  });
  it("reads navigator.connection", () => {
    expect(connectionOf({ connection: { saveData: true } })).toEqual({ saveData: true });
    expect(connectionOf({})).toBeUndefined();
    expect(connectionOf(undefined)).toBeUndefined();
  });
});

describe("prefetch queue", () => {
  it(`runs at most ${MAX_PENDING_PREFETCHES} preloads at once`, async () => {
    expect(MAX_PENDING_PREFETCHES).toBe(4);
    const { task, started, settle } = deferredTask();
    const queue = createPrefetchQueue(task, { log: quiet });
    for (const p of ["/a", "/b", "/c", "/d", "/e", "/f"]) queue.enqueue(p);
    await flush();
    expect(started).toEqual(["/a", "/b", "/c", "/d"]);
    expect(queue.running).toBe(4);
    expect(queue.queued).toBe(2);
    await settle("/b");
    expect(started).toEqual(["/a", "/b", "/c", "/d", "/e"]);
    expect(queue.running).toBe(4);
    for (const p of ["/a", "/c", "/d", "/e"]) await settle(p);
    await settle("/f");
    await queue.idle();
    expect(queue.running).toBe(0);
    expect(task).toHaveBeenCalledTimes(6);
  });

  it("dedupes by path, also after the preload finished", async () => {
    const task = vi.fn(async () => {});
    const queue = createPrefetchQueue(task, { log: quiet });
    expect(queue.enqueue("/news")).toBe(true);
    expect(queue.enqueue("/news")).toBe(false);
    await queue.idle();
    expect(queue.enqueue("/news", "high")).toBe(false);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it("allows a retry after a failed preload", async () => {
    const { task, settle } = deferredTask();
    const queue = createPrefetchQueue(task, { log: quiet });
    queue.enqueue("/about");
    await flush();
    await settle("/about", false);
    expect(queue.enqueue("/about")).toBe(true);
  });

  it("is skipped entirely on save-data or 2g connections", async () => {
    const task = vi.fn(async () => {});
    let connection: { saveData?: boolean; effectiveType?: string } = { saveData: true };
    const queue = createPrefetchQueue(task, { connection: () => connection, log: quiet });
    expect(queue.enqueue("/a")).toBe(false);
    connection = { effectiveType: "2g" };
    expect(queue.enqueue("/a")).toBe(false);
    connection = { effectiveType: "4g" };
    expect(queue.enqueue("/a")).toBe(true);
    await queue.idle();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it("puts hovered links before viewport links", async () => {
    const { task, started, settle } = deferredTask();
    const queue = createPrefetchQueue(task, { concurrency: 1, log: quiet });
    queue.enqueue("/1");
    queue.enqueue("/2");
    queue.enqueue("/3");
    queue.enqueue("/hover", "high");
    queue.enqueue("/3", "high"); // already waiting: promoted
    await flush();
    for (const p of ["/1", "/3", "/hover", "/2"]) await settle(p);
    expect(started).toEqual(["/1", "/3", "/hover", "/2"]);
  });

  it("drops the oldest waiting viewport links beyond the queue limit", async () => {
    const { task, started } = deferredTask();
    const queue = createPrefetchQueue(task, { concurrency: 1, maxQueued: 2, log: quiet });
    for (const p of ["/run", "/a", "/b", "/c"]) queue.enqueue(p);
    await flush();
    expect(started).toEqual(["/run"]);
    expect(queue.queued).toBe(2);
    expect(queue.enqueue("/a")).toBe(true); // dropped, so it may come back
  });

  it("clears waiting preloads", async () => {
    const { task, started } = deferredTask();
    const queue = createPrefetchQueue(task, { concurrency: 1, log: quiet });
    queue.enqueue("/a");
    queue.enqueue("/b");
    queue.clear();
    await flush();
    expect(started).toEqual(["/a"]);
    expect(queue.queued).toBe(0);
  });
});

describe("prefetchPathFromHref", () => {
  const current = new URL("https://id5.io/about");
  it("returns path and query of internal page links", () => {
    expect(prefetchPathFromHref("/news", current)).toBe("/news");
    expect(prefetchPathFromHref("https://id5.io/news/page/2?x=1#y", current)).toBe(
      "/news/page/2?x=1",
    );
  });
  it("skips external links, the current page and files", () => {
    expect(prefetchPathFromHref("https://console.id5.io/login", current)).toBeNull();
    expect(prefetchPathFromHref("/about#values", current)).toBeNull();
    expect(prefetchPathFromHref("/universal-id/site-agreement.pdf", current)).toBeNull();
    expect(prefetchPathFromHref("mailto:hello@id5.io", current)).toBeNull();
    expect(prefetchPathFromHref("http://[bad", current)).toBeNull();
  });
});

describe("observeLinkPrefetch", () => {
  function fakeAnchor(href: string, attrs: Record<string, string> = {}) {
    const anchor = {
      href: new URL(href, "https://id5.io").href,
      target: attrs.target ?? "",
      hasAttribute: (name: string) => name in attrs,
      closest: () => anchor,
    };
    return anchor;
  }

  function setup(anchors: ReturnType<typeof fakeAnchor>[], withObserver = true) {
    const events = new EventTarget();
    const root = {
      querySelectorAll: () => anchors,
      addEventListener: events.addEventListener.bind(events),
      removeEventListener: events.removeEventListener.bind(events),
    };
    const observers: { callback: IntersectionObserverCallback; targets: Set<unknown> }[] = [];
    class FakeIntersectionObserver {
      targets = new Set<unknown>();
      constructor(public callback: IntersectionObserverCallback) {
        observers.push(this);
      }
      observe(el: unknown) {
        this.targets.add(el);
      }
      unobserve(el: unknown) {
        this.targets.delete(el);
      }
      disconnect() {
        this.targets.clear();
      }
    }
    const win = {
      location: { href: "https://id5.io/" },
      ...(withObserver ? { IntersectionObserver: FakeIntersectionObserver } : {}),
    } as unknown as PrefetchWindow;
    const enqueued: [string, string][] = [];
    const queue = {
      enqueue: (path: string, priority = "low") => {
        enqueued.push([path, priority]);
        return true;
      },
      running: 0,
      queued: 0,
      idle: async () => {},
      clear: () => {},
    };
    const observer = observeLinkPrefetch(root as unknown as PrefetchRoot, queue, win);
    const intersect = (el: unknown) =>
      observers[0]?.callback(
        [{ isIntersecting: true, target: el } as unknown as IntersectionObserverEntry],
        observers[0] as unknown as IntersectionObserver,
      );
    const intent = (type: string, el: unknown) => {
      const event = new Event(type);
      Object.defineProperty(event, "target", { value: el });
      events.dispatchEvent(event);
    };
    return { observer, observers, enqueued, intersect, intent };
  }

  it("enqueues internal links entering the viewport, once each", () => {
    const news = fakeAnchor("/news");
    const external = fakeAnchor("https://console.id5.io/login");
    const blank = fakeAnchor("/jobs", { target: "_blank" });
    const optOut = fakeAnchor("/contact", { "data-no-prefetch": "" });
    const s = setup([news, external, blank, optOut]);
    s.observer.scan();
    s.observer.scan();
    expect(s.observers[0]?.targets.size).toBe(4);
    for (const a of [news, external, blank, optOut]) s.intersect(a);
    expect(s.enqueued).toEqual([["/news", "low"]]);
    expect(s.observers[0]?.targets.size).toBe(0);
  });

  it("enqueues hovered, focused and touched links with high priority", () => {
    const s = setup([], false);
    s.intent("mouseover", fakeAnchor("/technology"));
    s.intent("focusin", fakeAnchor("/solutions"));
    s.intent("touchstart", fakeAnchor("/resources"));
    s.intent("mouseover", { closest: () => null });
    expect(s.enqueued).toEqual([
      ["/technology", "high"],
      ["/solutions", "high"],
      ["/resources", "high"],
    ]);
  });

  it("works without IntersectionObserver and stops after disconnect", () => {
    const s = setup([fakeAnchor("/news")], false);
    s.observer.scan();
    expect(s.observers).toHaveLength(0);
    s.observer.disconnect();
    s.intent("mouseover", fakeAnchor("/news"));
    expect(s.enqueued).toEqual([]);
  });
});
