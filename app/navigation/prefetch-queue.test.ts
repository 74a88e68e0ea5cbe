import { describe, expect, it, vi } from "vitest";
import {
  type Connection,
  canPrefetch,
  createPrefetchQueue,
  linkPath,
  MAX_PENDING_PREFETCHES,
  type PrefetchWindow,
  watchLinks,
} from "./prefetch-queue";

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A preload whose calls stay pending until settled by path. */
function deferredPreload() {
  const pending = new Map<string, { resolve: () => void; reject: () => void }>();
  const started: string[] = [];
  const preload = vi.fn(
    (path: string, intent: boolean) =>
      new Promise<void>((resolve, reject) => {
        started.push(intent ? `${path} (intent)` : path);
        pending.set(path, { resolve, reject: () => reject(new Error("offline")) });
      }),
  );
  const settle = async (path: string, ok = true) => {
    const call = pending.get(path);
    pending.delete(path);
    if (ok) call?.resolve();
    else call?.reject();
    await flush();
  };
  return { preload, started, pending, settle };
}

describe("canPrefetch", () => {
  it("prefetches by default and on fast connections", () => {
    expect(canPrefetch(undefined)).toBe(true);
    expect(canPrefetch({})).toBe(true);
    expect(canPrefetch({ effectiveType: "4g", saveData: false })).toBe(true);
    expect(canPrefetch({ effectiveType: "3g" })).toBe(true);
  });

  it("does not on save-data, 2g or slow-2g", () => {
    expect(canPrefetch({ saveData: true, effectiveType: "4g" })).toBe(false);
    expect(canPrefetch({ effectiveType: "2g" })).toBe(false);
    expect(canPrefetch({ effectiveType: "slow-2g" })).toBe(false);
  });
});

describe("createPrefetchQueue", () => {
  const fast = () => undefined;

  it(`runs at most ${MAX_PENDING_PREFETCHES} preloads at once, in order`, async () => {
    expect(MAX_PENDING_PREFETCHES).toBe(4);
    const { preload, started, pending, settle } = deferredPreload();
    const enqueue = createPrefetchQueue(preload, fast);
    for (const path of ["/a", "/b", "/c", "/d", "/e", "/f"]) enqueue(path, false);
    expect(started).toEqual(["/a", "/b", "/c", "/d"]);
    await settle("/c");
    expect(started).toEqual(["/a", "/b", "/c", "/d", "/e"]);
    expect(pending.size).toBe(4);
    await settle("/a", false); // a failure frees its slot too
    expect(started).toHaveLength(6);
    for (const path of ["/b", "/d", "/e", "/f"]) await settle(path);
    expect(pending.size).toBe(0);
  });

  it("preloads a path once, also after it has finished", async () => {
    const preload = vi.fn(async () => {});
    const enqueue = createPrefetchQueue(preload, fast);
    enqueue("/news", true);
    enqueue("/news", true);
    await flush();
    enqueue("/news", true);
    enqueue("/news", false); // its data came with the intent preload
    await flush();
    expect(preload.mock.calls).toEqual([["/news", true]]);
  });

  it("still loads the modules on intent after a viewport (data) preload", async () => {
    const preload = vi.fn(async () => {});
    const enqueue = createPrefetchQueue(preload, fast);
    enqueue("/about", false);
    enqueue("/about", false);
    await flush();
    enqueue("/about", true);
    enqueue("/about", true);
    expect(preload.mock.calls).toEqual([
      ["/about", false],
      ["/about", true],
    ]);
  });

  it("retries a path whose preload failed", async () => {
    const { preload, settle } = deferredPreload();
    const enqueue = createPrefetchQueue(preload, fast);
    enqueue("/about", true);
    await settle("/about", false);
    enqueue("/about", true);
    await settle("/about");
    enqueue("/about", true);
    expect(preload).toHaveBeenCalledTimes(2);
  });

  it("reads the connection at each enqueue and skips save-data, 2g and slow-2g", () => {
    const preload = vi.fn(async () => {});
    let connection: Connection = { saveData: true };
    const enqueue = createPrefetchQueue(preload, () => connection);
    enqueue("/a", true);
    connection = { effectiveType: "2g" };
    enqueue("/a", true);
    connection = { effectiveType: "slow-2g" };
    enqueue("/a", false);
    expect(preload).not.toHaveBeenCalled();
    connection = { effectiveType: "4g" };
    enqueue("/a", true);
    expect(preload).toHaveBeenCalledTimes(1);
  });

  it("starts intent preloads before waiting viewport ones", async () => {
    const { preload, started, settle } = deferredPreload();
    const enqueue = createPrefetchQueue(preload, fast);
    for (const path of ["/1", "/2", "/3", "/4", "/5", "/6"]) enqueue(path, false);
    enqueue("/hover", true);
    enqueue("/focus", true);
    enqueue("/5", true); // waiting as a viewport preload: now an intent one, run once
    for (const path of ["/1", "/2", "/3", "/4", "/hover", "/focus", "/5"]) await settle(path);
    expect(started).toEqual([
      "/1",
      "/2",
      "/3",
      "/4",
      "/hover (intent)",
      "/focus (intent)",
      "/5 (intent)",
      "/6",
    ]);
  });
});

describe("linkPath", () => {
  const here = new URL("https://id5.io/about?tab=1");
  const link = (href: string, attributes: Record<string, string> = {}) => ({
    href,
    target: attributes.target ?? "",
    hasAttribute: (name: string) => name in attributes,
  });

  it("is the pathname and query of another page of this site", () => {
    expect(linkPath(link("https://id5.io/news/page/2?x=1#top"), here)).toBe("/news/page/2?x=1");
    expect(linkPath(link("/about"), here)).toBe("/about");
    expect(linkPath(link("/technology", { target: "_self" }), here)).toBe("/technology");
  });

  it("is null for other sites, this page, files and new-tab, download or opted-out links", () => {
    for (const skipped of [
      link("https://console.id5.io/login"),
      link("mailto:hello@id5.io"),
      link("http://[bad"),
      link("https://id5.io/about?tab=1#values"),
      link("/universal-id/site-agreement.pdf"),
      link("/news", { target: "_blank" }),
      link("/news", { download: "" }),
      link("/news", { "data-no-prefetch": "" }),
    ]) {
      expect(linkPath(skipped, here), skipped.href).toBeNull();
    }
  });
});

describe("watchLinks", () => {
  function anchor(href: string) {
    const el = {
      href: new URL(href, "https://id5.io").href,
      target: "",
      hasAttribute: () => false,
      closest: (selector: string) => (selector === "a[href]" ? el : null),
    };
    return el;
  }

  function setup(options: { connection?: Connection; observer?: boolean } = {}) {
    const events = new EventTarget();
    const addEventListener = vi.fn(events.addEventListener.bind(events));
    let links: ReturnType<typeof anchor>[] = [];
    const doc = { addEventListener, querySelectorAll: () => links };
    const observers: { callback: IntersectionObserverCallback; targets: unknown[] }[] = [];
    class FakeIntersectionObserver {
      targets: unknown[] = [];
      constructor(public callback: IntersectionObserverCallback) {
        observers.push(this);
      }
      observe(el: unknown) {
        this.targets.push(el);
      }
      unobserve(el: unknown) {
        this.targets = this.targets.filter((t) => t !== el);
      }
    }
    const tasks: (() => void)[] = [];
    const win = {
      location: new URL("https://id5.io/"),
      navigator: { connection: options.connection },
      setTimeout: (callback: () => void) => tasks.push(callback),
      IntersectionObserver: options.observer === false ? undefined : FakeIntersectionObserver,
    } as unknown as PrefetchWindow;
    let loadManifest: (paths: string[] | null) => void = () => {};
    const manifest = new Promise<string[] | null>((resolve) => {
      loadManifest = resolve;
    });
    const preload = vi.fn(async () => {});
    const scan = watchLinks(win, doc as unknown as Document, preload, manifest);
    return {
      scan,
      preload,
      observers,
      addEventListener,
      setLinks: (list: ReturnType<typeof anchor>[]) => {
        links = list;
      },
      manifestLoaded: async (paths: string[] | null) => {
        loadManifest(paths);
        await flush();
      },
      intent: (type: string, target: unknown) => {
        const event = new Event(type);
        Object.defineProperty(event, "target", { value: target });
        events.dispatchEvent(event);
      },
      /** One observer callback for these links; the tasks it queues are not run. */
      intersectAll: (targets: unknown[], isIntersecting = true) =>
        observers[0]?.callback(
          targets.map(
            (target) => ({ isIntersecting, target }) as unknown as IntersectionObserverEntry,
          ),
          observers[0] as unknown as IntersectionObserver,
        ),
      /** Runs the queued tasks, oldest first, and says how many ran. */
      runTasks: () => {
        const ran = tasks.length;
        for (const task of tasks.splice(0)) task();
        return ran;
      },
      /** One observer callback for the link, then the tasks it queued. */
      intersect(target: unknown, isIntersecting = true) {
        this.intersectAll([target], isIntersecting);
        this.runTasks();
      },
    };
  }

  it("preloads modules and data on hover, focus and touch (passive listeners)", () => {
    const s = setup();
    s.intent("mouseover", anchor("/technology"));
    s.intent("focusin", anchor("/solutions"));
    s.intent("touchstart", anchor("/resources"));
    s.intent("mouseover", anchor("/")); // the current page
    s.intent("mouseover", { closest: () => null }); // not in a link
    s.intent("mouseover", null);
    expect(s.preload.mock.calls).toEqual([
      ["/technology", true],
      ["/solutions", true],
      ["/resources", true],
    ]);
    for (const call of s.addEventListener.mock.calls) expect(call[2]).toEqual({ passive: true });
  });

  it("does nothing on save-data", () => {
    const s = setup({ connection: { saveData: true } });
    s.intent("mouseover", anchor("/technology"));
    expect(s.preload).not.toHaveBeenCalled();
  });

  it("preloads the data of prerendered links in the viewport, once the manifest is in", async () => {
    const s = setup();
    const about = anchor("/about");
    const news = anchor("/news/page/9");
    s.setLinks([about, news]);
    s.scan();
    expect(s.observers).toHaveLength(0); // no manifest yet
    await s.manifestLoaded(["/", "/about", "/contact"]);
    expect(s.observers[0]?.targets).toEqual([about, news]);
    s.intersect(about, false);
    expect(s.preload).not.toHaveBeenCalled();
    s.intersect(about);
    s.intersect(news); // not prerendered
    expect(s.preload.mock.calls).toEqual([["/about", false]]);
    expect(s.observers[0]?.targets).toEqual([]); // each link is observed once

    const contact = anchor("/contact"); // rendered by the next navigation
    s.setLinks([about, news, contact]);
    s.scan();
    expect(s.observers[0]?.targets).toEqual([contact]);
    s.intersect(contact);
    expect(s.preload).toHaveBeenLastCalledWith("/contact", false);
  });

  it("starts the viewport preloads of one observer callback in a task each", async () => {
    const s = setup();
    const links = [anchor("/about"), anchor("/contact"), anchor("/news")];
    s.setLinks(links);
    await s.manifestLoaded(["/about", "/contact", "/news"]);
    s.scan();
    s.intersectAll(links);
    expect(s.preload).not.toHaveBeenCalled(); // nothing in the observer's own task
    expect(s.runTasks()).toBe(3);
    expect(s.preload.mock.calls).toEqual([
      ["/about", false],
      ["/contact", false],
      ["/news", false],
    ]);
  });

  it("has no viewport preloads without a manifest, but still preloads on intent", async () => {
    const s = setup();
    s.setLinks([anchor("/about")]);
    await s.manifestLoaded(null);
    s.scan();
    expect(s.observers).toHaveLength(0);
    s.intent("mouseover", anchor("/about"));
    expect(s.preload.mock.calls).toEqual([["/about", true]]);
  });

  it("works without IntersectionObserver", async () => {
    const s = setup({ observer: false });
    s.setLinks([anchor("/about")]);
    await s.manifestLoaded(["/about"]);
    s.scan();
    s.intent("focusin", anchor("/about"));
    expect(s.preload.mock.calls).toEqual([["/about", true]]);
  });
});
