import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import {
  createScroller,
  isNewsPaginationPath,
  shouldScrollToTop,
  tabAnchorFromHash,
  tabHash,
  useScrollRules,
} from "./scroll-rules";

const STORAGE_KEY = "id5:scroll-positions";

describe("shouldScrollToTop", () => {
  const top = (prev: string, next: string) => {
    const [prevPath = "", prevHash = ""] = prev.split(/(?=#)/);
    const [nextPath = "", nextHash = ""] = next.split(/(?=#)/);
    return shouldScrollToTop(prevPath, nextPath, prevHash, nextHash);
  };
  it("scrolls to top on a normal navigation", () => {
    expect(top("/", "/about")).toBe(true);
    expect(top("/news", "/news/some-article")).toBe(true);
    expect(top("/news/page/2", "/news/some-article")).toBe(true);
  });
  it("does not scroll to top when going to news pagination", () => {
    expect(top("/news", "/news/page/2")).toBe(false);
    expect(top("/news/page/2", "/news/page/3/")).toBe(false);
    expect(top("/about", "/news/page/2")).toBe(false);
  });
  it("does not scroll to top when paging back to page 1 (/news), only then", () => {
    expect(top("/news/page/3", "/news")).toBe(false);
    expect(top("/news/page/3", "/news/")).toBe(false);
    expect(top("/news", "/about")).toBe(true);
    expect(top("/about", "/news")).toBe(true);
  });
  it("does not scroll to top on a same-path hash change", () => {
    expect(top("/about", "/about#values")).toBe(false);
    expect(top("/about#values", "/about")).toBe(false);
    expect(top("/about#a", "/about#b")).toBe(false);
  });
  it("scrolls to top when the same page is opened again", () => {
    expect(top("/about", "/about")).toBe(true);
    expect(top("/about#values", "/about#values")).toBe(true);
  });
  it("recognises news pagination paths only", () => {
    expect(isNewsPaginationPath("/news/page/2")).toBe(true);
    expect(isNewsPaginationPath("/news/page/12/")).toBe(true);
    expect(isNewsPaginationPath("/news/page/x")).toBe(false);
    expect(isNewsPaginationPath("/news/page-2")).toBe(false);
    expect(isNewsPaginationPath("/news/page/2/more")).toBe(false);
    expect(isNewsPaginationPath("/en/news/page/2")).toBe(false);
  });
});

describe("tab hashes", () => {
  it("maps #tabs-{anchor} to the tab anchor", () => {
    expect(tabAnchorFromHash("#tabs-media-owners")).toBe("media-owners");
    expect(tabAnchorFromHash("tabs-brands-and-agencies")).toBe("brands-and-agencies");
    expect(tabAnchorFromHash("#tabs-data%2Dplatforms")).toBe("data-platforms");
    expect(tabAnchorFromHash("#tabs-")).toBeNull();
    expect(tabAnchorFromHash("#tabs--x")).toBeNull();
    expect(tabAnchorFromHash("#tabs-a--b")).toBeNull();
    expect(tabAnchorFromHash("#tabs-a-")).toBeNull();
    expect(tabAnchorFromHash("#media-owners")).toBeNull();
    expect(tabAnchorFromHash("#tabs-<script>")).toBeNull();
    expect(tabAnchorFromHash("#tabs-%E0%A4%A")).toBeNull();
    expect(tabAnchorFromHash("")).toBeNull();
  });
  it("builds the hash a link uses", () => {
    expect(tabHash("data-platforms")).toBe("#tabs-data-platforms");
    expect(tabAnchorFromHash(tabHash("data-platforms"))).toBe("data-platforms");
  });
});

type FakeStorage = {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
};

function memoryStorage(initial?: string): FakeStorage & { value: () => unknown } {
  const values = new Map<string, string>();
  if (initial !== undefined) values.set(STORAGE_KEY, initial);
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    value: () => JSON.parse(values.get(STORAGE_KEY) ?? "null"),
  };
}

/** A window and document with just what the scroller uses; `log` lists the scrolls made. */
function page({
  ids = [] as string[],
  storage = memoryStorage() as FakeStorage | (() => never),
} = {}) {
  const log: string[] = [];
  // Called directly (not via EventTarget) so that a listener's error reaches the test.
  const listeners = new Map<string, { listener: () => void; options: unknown }>();
  const addEventListener = (type: string, listener: () => void, options?: unknown) =>
    void listeners.set(type, { listener, options });
  const fire = (type: string) => listeners.get(type)?.listener();
  const win = {
    scrollY: 0,
    scrollTo(_x: number, y: number) {
      log.push(`to ${y}`);
      win.scrollY = y;
    },
    history: { scrollRestoration: "auto" },
    get sessionStorage() {
      return typeof storage === "function" ? storage() : storage;
    },
    addEventListener,
  };
  const doc = {
    hidden: false,
    // Like the DOM: no element has the empty id.
    getElementById: (id: string) =>
      ids.includes(id) ? { scrollIntoView: () => log.push(`into ${id}`) } : null,
    addEventListener,
  };
  const go = createScroller(win as unknown as Window, doc as unknown as Document);
  let keys = 0;
  return {
    win,
    doc,
    log,
    listeners,
    /** Commits a location ("/path#hash"), with a new key unless one is given. */
    go: (url: string, type = "PUSH", key = `k${++keys}`) => {
      const [, pathname = "", search = "", hash = ""] =
        /^([^?#]*)(\?[^#]*)?(#.*)?$/.exec(url) ?? [];
      go({ pathname, search, hash, key }, type);
    },
    scroll: (y: number) => {
      win.scrollY = y;
      fire("scroll");
    },
    pagehide: () => fire("pagehide"),
    visibility: (hidden: boolean) => {
      doc.hidden = hidden;
      fire("visibilitychange");
    },
  };
}

describe("createScroller", () => {
  it("takes over scroll restoration from the browser and records without blocking scrolling", () => {
    const p = page();
    expect(p.win.history.scrollRestoration).toBe("manual");
    expect(p.listeners.get("scroll")?.options).toEqual({ passive: true });
  });

  it("leaves the browser's position on page load, unless the hash names an element", () => {
    const p = page({ ids: ["values"] });
    p.go("/about", "POP");
    expect(p.log).toEqual([]);
    const q = page({ ids: ["values"] });
    q.go("/about#values", "POP");
    expect(q.log).toEqual(["into values"]);
  });

  it("scrolls to top on navigation, not on news pagination", () => {
    const p = page();
    p.go("/");
    p.go("/news");
    p.go("/news/page/2");
    p.go("/news/page/3");
    p.go("/news");
    p.go("/about");
    expect(p.log).toEqual(["to 0", "to 0"]);
  });

  it("scrolls to a same-path hash target, and nowhere when it is missing", () => {
    const p = page({ ids: ["values"] });
    p.go("/about");
    p.go("/about#values");
    p.go("/about#missing");
    expect(p.log).toEqual(["into values"]);
  });

  it("scrolls to an anchor on another page, or to the top when it is missing", () => {
    const p = page({ ids: ["a b"] });
    p.go("/");
    p.go("/technology#a%20b");
    p.go("/about#gone");
    expect(p.log).toEqual(["into a b", "to 0"]);
  });

  it("scrolls to top when the same page is opened again", () => {
    const p = page();
    p.go("/about?x=1");
    p.go("/about?x=1");
    expect(p.log).toEqual(["to 0"]);
  });

  it("ignores a repeated call for the same location (StrictMode)", () => {
    const p = page({ ids: ["x"] });
    p.go("/");
    p.go("/a", "PUSH", "k9");
    p.go("/a", "PUSH", "k9");
    expect(p.log).toEqual(["to 0"]);
    // Same key, other hash or search: a different location.
    p.go("/a#x", "PUSH", "k9");
    p.go("/a?q#x", "PUSH", "k9");
    expect(p.log).toEqual(["to 0", "into x", "into x"]);
  });

  it("restores the position recorded from scroll events on back/forward", () => {
    const p = page({ ids: ["values"] });
    p.go("/", "POP", "k0");
    p.scroll(640);
    p.go("/about#values", "PUSH", "k1");
    p.scroll(900);
    p.go("/", "POP", "k0");
    p.go("/about#values", "POP", "k1");
    expect(p.log).toEqual(["into values", "to 640", "to 900"]);
  });

  it("applies the rules on back/forward to an entry without a position", () => {
    const p = page();
    p.go("/news/page/2", "POP", "k0");
    p.go("/about", "POP", "k1");
    p.go("/news/page/3", "POP", "k2");
    expect(p.log).toEqual(["to 0"]);
  });

  it("does not restore on push, even to a known key", () => {
    const p = page();
    p.go("/", "POP", "k0");
    p.scroll(300);
    p.go("/about", "PUSH", "k1");
    p.go("/", "REPLACE", "k0");
    expect(p.log).toEqual(["to 0", "to 0"]);
  });

  it("persists positions on pagehide and restores them after a reload", () => {
    const storage = memoryStorage();
    const p = page({ storage });
    p.go("/", "POP", "k0");
    p.scroll(250);
    p.go("/long", "PUSH", "k1");
    p.win.scrollY = 1200; // no scroll event: pagehide records the current entry itself
    p.pagehide();
    expect(storage.value()).toEqual([
      ["k0", 250],
      ["k1", 1200],
    ]);

    const reloaded = page({ storage });
    reloaded.go("/long", "POP", "k1");
    reloaded.go("/", "POP", "k0");
    expect(reloaded.log).toEqual(["to 1200", "to 250"]);
  });

  it("persists when the document becomes hidden, not when it becomes visible", () => {
    const storage = memoryStorage();
    const p = page({ storage });
    p.go("/", "POP", "k0");
    p.scroll(5);
    p.visibility(false);
    expect(storage.value()).toBeNull();
    p.visibility(true);
    expect(storage.value()).toEqual([["k0", 5]]);
  });

  it("does not restore a saved first entry on a fresh load (every such entry is 'default')", () => {
    const p = page({ storage: memoryStorage('[["default",700],["k1",300]]') });
    p.go("/other", "POP", "default");
    p.go("/x", "POP", "k1");
    expect(p.log).toEqual(["to 300"]);
  });

  it("ignores unavailable or corrupt storage", () => {
    const broken = () => {
      throw new Error("SecurityError");
    };
    for (const storage of [
      broken,
      memoryStorage("{not json"),
      memoryStorage("{}"),
      memoryStorage("[1,2]"),
      memoryStorage('"abc"'),
      memoryStorage('[["k0"],[null,3],["k1","400"]]'),
    ]) {
      const p = page({ storage });
      p.go("/", "POP", "k0");
      p.go("/news/page/2", "POP", "k1");
      p.scroll(10);
      expect(() => p.pagehide()).not.toThrow();
      expect(p.log).toEqual([]);
    }
  });

  it("keeps the newest 50 positions", () => {
    const storage = memoryStorage();
    const p = page({ storage });
    for (let i = 0; i < 60; i++) {
      p.go(`/p${i}`, "PUSH", `k${i}`);
      p.scroll(i + 1);
    }
    p.go("/p3", "POP", "k3"); // revisited: now the newest
    p.pagehide();
    const saved = storage.value() as [string, number][];
    expect(saved).toHaveLength(50);
    expect(saved[0]).toEqual(["k11", 12]);
    expect(saved.at(-1)).toEqual(["k3", 4]);
  });
});

function Probe() {
  useScrollRules();
  return createElement("p", { id: "values" }, "ok");
}

describe("useScrollRules", () => {
  it("renders on the server (layout effects only run in the browser)", () => {
    const router = createMemoryRouter([{ path: "*", Component: Probe }], {
      initialEntries: ["/about#values"],
    });
    expect(renderToString(createElement(RouterProvider, { router }))).toContain("ok");
  });
});
