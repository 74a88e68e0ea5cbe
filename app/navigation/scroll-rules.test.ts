import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { createMemoryStorage } from "./safe-storage";
import {
  createScrollController,
  decideScroll,
  hashTargetId,
  isNewsPaginationPath,
  MAX_SAVED_SCROLL_POSITIONS,
  SCROLL_POSITIONS_STORAGE_KEY,
  type ScrollDocument,
  type ScrollWindow,
  shouldScrollToTop,
  tabAnchorFromHash,
  tabHash,
  useScrollRules,
} from "./scroll-rules";

const loc = (pathname: string, hash = "", key?: string) => ({ pathname, hash, search: "", key });

describe("shouldScrollToTop (SPEC §4)", () => {
  it("scrolls to top on a normal navigation", () => {
    expect(shouldScrollToTop(loc("/"), loc("/about"))).toBe(true);
    expect(shouldScrollToTop(loc("/news"), loc("/news/some-article"))).toBe(true);
    expect(shouldScrollToTop(loc("/news/page/2"), loc("/news/some-article"))).toBe(true);
  });
  it("does not scroll to top when going to news pagination", () => {
    expect(shouldScrollToTop(loc("/news"), loc("/news/page/2"))).toBe(false);
    expect(shouldScrollToTop(loc("/news/page/2"), loc("/news/page/3"))).toBe(false);
    expect(shouldScrollToTop(loc("/about"), loc("/news/page/2"))).toBe(false);
  });
  it("does not scroll to top when paging back to page 1 (/news)", () => {
    expect(shouldScrollToTop(loc("/news/page/2"), loc("/news"))).toBe(false);
  });
  it("does not scroll to top on a same-path hash change", () => {
    expect(shouldScrollToTop(loc("/about"), loc("/about", "#values"))).toBe(false);
    expect(shouldScrollToTop(loc("/about", "#values"), loc("/about"))).toBe(false);
  });
  it("scrolls to top when the same page is opened again", () => {
    expect(shouldScrollToTop(loc("/about"), loc("/about"))).toBe(true);
  });
  it("recognises news pagination paths only", () => {
    expect(isNewsPaginationPath("/news/page/2")).toBe(true);
    expect(isNewsPaginationPath("/news/page/2/")).toBe(true);
    expect(isNewsPaginationPath("/news/page/x")).toBe(false);
    expect(isNewsPaginationPath("/news/page-2")).toBe(false);
  });
});

describe("hash helpers", () => {
  it("decodes the target id", () => {
    expect(hashTargetId("#why-id5")).toBe("why-id5");
    expect(hashTargetId("#a%20b")).toBe("a b");
    expect(hashTargetId("#%E0%A4%A")).toBe("%E0%A4%A");
    expect(hashTargetId("#")).toBeNull();
    expect(hashTargetId("")).toBeNull();
  });
  it("maps #tabs-{anchor} to the tab anchor", () => {
    expect(tabAnchorFromHash("#tabs-media-owners")).toBe("media-owners");
    expect(tabAnchorFromHash("tabs-brands-and-agencies")).toBe("brands-and-agencies");
    expect(tabAnchorFromHash("#tabs-")).toBeNull();
    expect(tabAnchorFromHash("#media-owners")).toBeNull();
    expect(tabAnchorFromHash("#tabs-<script>")).toBeNull();
    expect(tabAnchorFromHash("")).toBeNull();
    expect(tabHash("data-platforms")).toBe("#tabs-data-platforms");
  });
});

describe("decideScroll", () => {
  it("does nothing on first load without a hash", () => {
    expect(
      decideScroll({ prev: undefined, next: loc("/"), navigationType: "POP", savedY: undefined }),
    ).toEqual({ type: "none" });
  });
  it("restores the saved position on back/forward and reload", () => {
    expect(
      decideScroll({ prev: loc("/b"), next: loc("/a"), navigationType: "POP", savedY: 420 }),
    ).toEqual({ type: "restore", y: 420 });
    expect(
      decideScroll({ prev: undefined, next: loc("/a"), navigationType: "POP", savedY: 42 }),
    ).toEqual({ type: "restore", y: 42 });
  });
  it("scrolls to the anchor, falling back to the top rule", () => {
    expect(
      decideScroll({
        prev: loc("/"),
        next: loc("/about", "#values"),
        navigationType: "PUSH",
        savedY: undefined,
      }),
    ).toEqual({ type: "anchor", id: "values", fallback: "top" });
    expect(
      decideScroll({
        prev: loc("/solutions"),
        next: loc("/solutions", "#tabs-media-owners"),
        navigationType: "PUSH",
        savedY: undefined,
      }),
    ).toEqual({ type: "anchor", id: "tabs-media-owners", fallback: "none" });
  });
  it("ignores saved positions on push", () => {
    expect(
      decideScroll({ prev: loc("/"), next: loc("/a"), navigationType: "PUSH", savedY: 100 }),
    ).toEqual({ type: "top" });
    expect(
      decideScroll({
        prev: loc("/news"),
        next: loc("/news/page/2"),
        navigationType: "PUSH",
        savedY: undefined,
      }),
    ).toEqual({ type: "none" });
  });
});

function fakes(ids: string[] = []) {
  const winEvents = new EventTarget();
  const docEvents = new EventTarget();
  const scrolls: number[] = [];
  const intoView: string[] = [];
  const win = {
    scrollY: 0,
    scrollTo: (_x: number, y: number) => {
      scrolls.push(y);
      win.scrollY = y;
    },
    history: { scrollRestoration: "auto" as ScrollRestoration },
    addEventListener: winEvents.addEventListener.bind(winEvents),
    removeEventListener: winEvents.removeEventListener.bind(winEvents),
    fire: (type: string) => winEvents.dispatchEvent(new Event(type)),
  };
  const doc = {
    visibilityState: "visible" as DocumentVisibilityState,
    getElementById: (id: string) =>
      ids.includes(id) ? { scrollIntoView: () => intoView.push(id) } : null,
    addEventListener: docEvents.addEventListener.bind(docEvents),
    removeEventListener: docEvents.removeEventListener.bind(docEvents),
    fire: (type: string) => docEvents.dispatchEvent(new Event(type)),
  };
  return {
    win,
    doc,
    scrolls,
    intoView,
    asWin: win as unknown as ScrollWindow,
    asDoc: doc as unknown as ScrollDocument,
  };
}

describe("scroll controller", () => {
  it("takes over scroll restoration while started", () => {
    const f = fakes();
    const stop = createScrollController(f.asWin, f.asDoc, createMemoryStorage()).start();
    expect(f.win.history.scrollRestoration).toBe("manual");
    stop();
    expect(f.win.history.scrollRestoration).toBe("auto");
  });

  it("scrolls to top on navigation, not on pagination or same-path hash changes", () => {
    const f = fakes(["values"]);
    const c = createScrollController(f.asWin, f.asDoc, createMemoryStorage());
    c.start();
    expect(c.onLocation(loc("/", "", "k0"), "POP").type).toBe("none");
    expect(c.onLocation(loc("/about", "", "k1"), "PUSH").type).toBe("top");
    expect(c.onLocation(loc("/about", "#values", "k2"), "PUSH").type).toBe("anchor");
    expect(f.intoView).toEqual(["values"]);
    expect(c.onLocation(loc("/about", "#missing", "k3"), "PUSH")).toEqual({ type: "none" });
    expect(c.onLocation(loc("/news", "", "k4"), "PUSH").type).toBe("top");
    expect(c.onLocation(loc("/news/page/2", "", "k5"), "PUSH").type).toBe("none");
    expect(f.scrolls).toEqual([0, 0]);
  });

  it("scrolls to an anchor on another page, or to the top when it is missing", () => {
    const f = fakes(["id5-graph"]);
    const c = createScrollController(f.asWin, f.asDoc, createMemoryStorage());
    c.onLocation(loc("/", "", "k0"), "POP");
    expect(c.onLocation(loc("/technology", "#id5-graph", "k1"), "PUSH").type).toBe("anchor");
    expect(c.onLocation(loc("/about", "#gone", "k2"), "PUSH")).toEqual({ type: "top" });
  });

  it("ignores a repeated call for the same location (StrictMode)", () => {
    const f = fakes();
    const c = createScrollController(f.asWin, f.asDoc, createMemoryStorage());
    c.onLocation(loc("/", "", "k0"), "POP");
    c.onLocation(loc("/a", "", "k1"), "PUSH");
    expect(c.onLocation(loc("/a", "", "k1"), "PUSH")).toEqual({ type: "none" });
    expect(f.scrolls).toEqual([0]);
  });

  it("restores positions recorded from scroll events on back/forward", () => {
    const f = fakes();
    const c = createScrollController(f.asWin, f.asDoc, createMemoryStorage());
    c.start();
    c.onLocation(loc("/", "", "k0"), "POP");
    f.win.scrollY = 640;
    f.win.fire("scroll");
    c.onLocation(loc("/about", "", "k1"), "PUSH");
    expect(c.onLocation(loc("/", "", "k0"), "POP")).toEqual({ type: "restore", y: 640 });
    expect(f.scrolls.at(-1)).toBe(640);
  });

  it("persists positions to storage on pagehide and restores them after a reload", () => {
    const storage = createMemoryStorage();
    const f = fakes();
    const c = createScrollController(f.asWin, f.asDoc, storage);
    c.start();
    c.onLocation(loc("/long", "", "k9"), "POP");
    f.win.scrollY = 1200;
    f.win.fire("pagehide");
    expect(JSON.parse(storage.getItem(SCROLL_POSITIONS_STORAGE_KEY) ?? "")).toEqual([["k9", 1200]]);

    const g = fakes();
    const reloaded = createScrollController(g.asWin, g.asDoc, storage);
    expect(reloaded.onLocation(loc("/long", "", "k9"), "POP")).toEqual({
      type: "restore",
      y: 1200,
    });
  });

  it("persists when the page becomes hidden, and survives corrupt storage", () => {
    const storage = createMemoryStorage();
    storage.setItem(SCROLL_POSITIONS_STORAGE_KEY, "{not json");
    const f = fakes();
    const c = createScrollController(f.asWin, f.asDoc, storage);
    c.start();
    c.onLocation(loc("/", "", "k0"), "POP");
    f.win.scrollY = 5;
    f.doc.visibilityState = "hidden";
    f.doc.fire("visibilitychange");
    expect(storage.getItem(SCROLL_POSITIONS_STORAGE_KEY)).toBe('[["k0",5]]');
  });

  it(`keeps at most ${MAX_SAVED_SCROLL_POSITIONS} positions`, () => {
    const storage = createMemoryStorage();
    const f = fakes();
    const c = createScrollController(f.asWin, f.asDoc, storage);
    const stop = c.start();
    for (let i = 0; i < MAX_SAVED_SCROLL_POSITIONS + 10; i++) {
      c.onLocation(loc(`/p${i}`, "", `k${i}`), "PUSH");
      f.win.fire("scroll");
    }
    stop();
    const saved = JSON.parse(storage.getItem(SCROLL_POSITIONS_STORAGE_KEY) ?? "[]");
    expect(saved).toHaveLength(MAX_SAVED_SCROLL_POSITIONS);
    expect(saved.at(-1)[0]).toBe(`k${MAX_SAVED_SCROLL_POSITIONS + 9}`);
  });
});

function Probe() {
  useScrollRules();
  return createElement("p", null, "ok");
}

describe("useScrollRules", () => {
  it("renders on the server (layout effects only run in the browser)", () => {
    const html = renderToString(
      createElement(MemoryRouter, { initialEntries: ["/about#values"] }, createElement(Probe)),
    );
    expect(html).toContain("ok");
  });
});
