import { describe, expect, it } from "vitest";
import {
  createPageViewTracker,
  ensureDataLayer,
  PAGE_VIEW_EVENT,
  pushPageView,
} from "./data-layer";

describe("data layer", () => {
  it("creates window.dataLayer when missing and keeps an existing one", () => {
    const win: { dataLayer?: unknown[] } = {};
    const layer = ensureDataLayer(win);
    expect(Array.isArray(win.dataLayer)).toBe(true);
    layer.push(1);
    expect(ensureDataLayer(win)).toBe(layer);
    expect(win.dataLayer).toEqual([1]);
  });

  it("pushes page views as {event: 'page_view', page_path, page_title}", () => {
    const win: { dataLayer?: unknown[] } = {};
    pushPageView(win, { path: "/news?x=1", title: "News - ID5" });
    expect(PAGE_VIEW_EVENT).toBe("page_view");
    expect(win.dataLayer).toEqual([
      { event: "page_view", page_path: "/news?x=1", page_title: "News - ID5" },
    ]);
  });
});

describe("page view tracker", () => {
  it("pushes on the first location and on path or query changes, not on repeats", () => {
    const win: { dataLayer?: unknown[] } = {};
    let title = "ID5";
    const track = createPageViewTracker(win, () => title);
    expect(track({ pathname: "/", search: "" })).toBe(true);
    expect(track({ pathname: "/", search: "" })).toBe(false); // StrictMode double effect, hash-only change
    title = "About - ID5";
    expect(track({ pathname: "/about", search: "" })).toBe(true);
    title = "About - ID5";
    expect(track({ pathname: "/about", search: "?tab=2" })).toBe(true);
    expect(win.dataLayer).toEqual([
      { event: "page_view", page_path: "/", page_title: "ID5" },
      { event: "page_view", page_path: "/about", page_title: "About - ID5" },
      { event: "page_view", page_path: "/about?tab=2", page_title: "About - ID5" },
    ]);
  });

  it("reads the title when the view is tracked (after the new meta applied)", () => {
    const win: { dataLayer?: unknown[] } = {};
    const doc = { title: "Old" };
    const track = createPageViewTracker(win, () => doc.title);
    doc.title = "New - ID5";
    track({ pathname: "/new", search: "" });
    expect(win.dataLayer?.[0]).toMatchObject({ page_title: "New - ID5" });
  });

  it("never sends the token of a signed download link", () => {
    const win: { dataLayer?: unknown[] } = {};
    const track = createPageViewTracker(win, () => "Thanks - ID5");
    track({ pathname: "/resources/thank-you", search: "?token=abc.def" });
    track({ pathname: "/resources/thank-you", search: "?utm_source=x&token=abc.def&b=1" });
    expect(win.dataLayer).toEqual([
      { event: "page_view", page_path: "/resources/thank-you", page_title: "Thanks - ID5" },
      {
        event: "page_view",
        page_path: "/resources/thank-you?utm_source=x&b=1",
        page_title: "Thanks - ID5",
      },
    ]);
  });
});
