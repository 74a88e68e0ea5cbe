import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  APP_UPDATE_EVENT,
  type AppUpdate,
  BUILD_POLL_INTERVAL_MS,
  type ClickLike,
  createBuildFreshness,
  createFullLoadGuard,
  type FreshnessDocument,
  type FreshnessWindow,
  type FullLoadWindow,
  inAppNavigationTarget,
  isBuildOutdated,
  LATEST_BUILD_PATH,
  latestBuildUrl,
  MIN_CHECK_GAP_MS,
  parseLatestBuild,
  readRunningBuild,
} from "./build-freshness";

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json" },
  });
}

function fakeEnvironment() {
  const winEvents = new EventTarget();
  const docEvents = new EventTarget();
  const win = {
    addEventListener: winEvents.addEventListener.bind(winEvents),
    removeEventListener: winEvents.removeEventListener.bind(winEvents),
    dispatchEvent: winEvents.dispatchEvent.bind(winEvents),
  } satisfies FreshnessWindow;
  const doc = {
    visibilityState: "visible" as DocumentVisibilityState,
    addEventListener: docEvents.addEventListener.bind(docEvents),
    removeEventListener: docEvents.removeEventListener.bind(docEvents),
    dispatchEvent: docEvents.dispatchEvent.bind(docEvents),
  };
  return { win, doc: doc as typeof doc & FreshnessDocument };
}

describe("running and latest build", () => {
  it("reads the build id from the meta tag, then window.__BUILD_ID__, then the router manifest", () => {
    const meta = { getAttribute: (n: string) => (n === "content" ? "meta-id" : null) };
    const doc = { querySelector: (s: string) => (s === 'meta[name="build-id"]' ? meta : null) };
    const win = { __BUILD_ID__: "global-id", __reactRouterManifest: { version: "abcd1234" } };
    expect(readRunningBuild(win, doc as unknown as Document)).toEqual({
      id: "meta-id",
      manifestVersion: "abcd1234",
    });
    const noMeta = { querySelector: () => null } as unknown as Document;
    expect(readRunningBuild(win, noMeta).id).toBe("global-id");
    expect(readRunningBuild({ __reactRouterManifest: { version: "abcd1234" } }, noMeta)).toEqual({
      id: "abcd1234",
      manifestVersion: "abcd1234",
    });
    expect(readRunningBuild({}, undefined)).toEqual({ id: null, manifestVersion: null });
  });

  it("polls /builds/latest.json with a cache-busting timestamp", () => {
    expect(LATEST_BUILD_PATH).toBe("/builds/latest.json");
    expect(latestBuildUrl(1700000000000)).toBe("/builds/latest.json?t=1700000000000");
  });

  it("parses latest.json without trusting it", () => {
    expect(parseLatestBuild({ id: "a", timestamp: "t", manifestVersion: "m" })).toEqual({
      id: "a",
      timestamp: "t",
      manifestVersion: "m",
    });
    expect(parseLatestBuild({ id: "a", timestamp: 5 })).toEqual({ id: "a" });
    expect(parseLatestBuild({ id: "" })).toBeNull();
    expect(parseLatestBuild({ id: 1 })).toBeNull();
    expect(parseLatestBuild(null)).toBeNull();
    expect(parseLatestBuild("a")).toBeNull();
  });

  it("compares code identity first, then ids, and never signals when unknown", () => {
    expect(
      isBuildOutdated({ id: "x", manifestVersion: "m1" }, { id: "y", manifestVersion: "m1" }),
    ).toBe(false);
    expect(
      isBuildOutdated({ id: "x", manifestVersion: "m1" }, { id: "x", manifestVersion: "m2" }),
    ).toBe(true);
    expect(isBuildOutdated({ id: "x", manifestVersion: null }, { id: "y" })).toBe(true);
    expect(isBuildOutdated({ id: "x", manifestVersion: "m1" }, { id: "x" })).toBe(false);
    expect(isBuildOutdated({ id: null, manifestVersion: null }, { id: "y" })).toBe(false);
  });
});

describe("build freshness polling", () => {
  beforeEach(() => vi.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => vi.useRealTimers());

  const running = { id: "build-1", manifestVersion: null };

  it(`polls every ${BUILD_POLL_INTERVAL_MS} ms and signals a new build once`, async () => {
    expect(BUILD_POLL_INTERVAL_MS).toBe(60_000);
    const { win, doc } = fakeEnvironment();
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(jsonResponse({ id: "build-1" }))
      .mockImplementation(async () => jsonResponse({ id: "build-2" }));
    const freshness = createBuildFreshness({ win, doc, running, fetch: fetchMock });
    const updates: AppUpdate[] = [];
    const events: AppUpdate[] = [];
    freshness.subscribe((u) => updates.push(u));
    win.addEventListener(APP_UPDATE_EVENT, (e) =>
      events.push((e as CustomEvent<AppUpdate>).detail),
    );
    freshness.start();

    await vi.advanceTimersByTimeAsync(BUILD_POLL_INTERVAL_MS - 1);
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`/builds/latest.json?t=${Date.now()}`);
    expect(freshness.isOutdated()).toBe(false);

    await vi.advanceTimersByTimeAsync(BUILD_POLL_INTERVAL_MS);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(freshness.isOutdated()).toBe(true);
    expect(updates).toEqual([{ runningId: "build-1", latestId: "build-2" }]);
    expect(events).toEqual([{ runningId: "build-1", latestId: "build-2" }]);

    // Once outdated, polling stops.
    await vi.advanceTimersByTimeAsync(BUILD_POLL_INTERVAL_MS * 3);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("ignores network and parse errors silently (debug log) and keeps polling", async () => {
    const { win, doc } = fakeEnvironment();
    const log = { debug: vi.fn() };
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockRejectedValueOnce(new TypeError("Failed to fetch"))
      .mockResolvedValueOnce(new Response("<html>", { status: 200 }))
      .mockResolvedValueOnce(jsonResponse({}, 404))
      .mockImplementation(async () => jsonResponse({ id: "build-2" }));
    const freshness = createBuildFreshness({ win, doc, running, fetch: fetchMock, log });
    freshness.start();
    await vi.advanceTimersByTimeAsync(BUILD_POLL_INTERVAL_MS * 3);
    expect(log.debug).toHaveBeenCalledTimes(3);
    expect(freshness.isOutdated()).toBe(false);
    await vi.advanceTimersByTimeAsync(BUILD_POLL_INTERVAL_MS);
    expect(freshness.isOutdated()).toBe(true);
  });

  it("checks on focus and when the page becomes visible, not more than once per gap", async () => {
    const { win, doc } = fakeEnvironment();
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockImplementation(async () => jsonResponse({ id: "build-1" }));
    const freshness = createBuildFreshness({ win, doc, running, fetch: fetchMock });
    freshness.start();
    win.dispatchEvent(new Event("focus"));
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    doc.dispatchEvent(new Event("visibilitychange"));
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1); // within MIN_CHECK_GAP_MS
    await vi.advanceTimersByTimeAsync(MIN_CHECK_GAP_MS);
    doc.dispatchEvent(new Event("visibilitychange"));
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("skips interval checks while the page is hidden", async () => {
    const { win, doc } = fakeEnvironment();
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockImplementation(async () => jsonResponse({ id: "build-1" }));
    createBuildFreshness({ win, doc, running, fetch: fetchMock }).start();
    doc.visibilityState = "hidden";
    await vi.advanceTimersByTimeAsync(BUILD_POLL_INTERVAL_MS * 2);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("stops polling when stopped", async () => {
    const { win, doc } = fakeEnvironment();
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockImplementation(async () => jsonResponse({ id: "build-1" }));
    const stop = createBuildFreshness({ win, doc, running, fetch: fetchMock }).start();
    stop();
    win.dispatchEvent(new Event("focus"));
    await vi.advanceTimersByTimeAsync(BUILD_POLL_INTERVAL_MS * 2);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shares one request between concurrent checks", async () => {
    const { win, doc } = fakeEnvironment();
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockImplementation(async () => jsonResponse({ id: "build-1" }));
    const freshness = createBuildFreshness({ win, doc, running, fetch: fetchMock });
    const [a, b] = await Promise.all([freshness.check(), freshness.check()]);
    expect(a).toEqual({ id: "build-1" });
    expect(b).toBe(a);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

function click(anchor: Partial<HTMLAnchorElement> | null, init: Partial<ClickLike> = {}) {
  const a = anchor && {
    target: "",
    hasAttribute: (name: string) => name === "download" && "download" in anchor,
    ...anchor,
  };
  const target = { closest: () => a };
  return {
    button: 0,
    metaKey: false,
    ctrlKey: false,
    shiftKey: false,
    altKey: false,
    defaultPrevented: false,
    target: target as unknown as EventTarget,
    ...init,
  };
}

describe("inAppNavigationTarget", () => {
  const current = new URL("https://id5.io/about?x=1");
  const targetOf = (e: ClickLike) => inAppNavigationTarget(e, current)?.href ?? null;

  it("returns the URL of a plain click on an internal link", () => {
    expect(targetOf(click({ href: "https://id5.io/news" }))).toBe("https://id5.io/news");
    expect(targetOf(click({ href: "/technology#id5-id" }))).toBe(
      "https://id5.io/technology#id5-id",
    );
    expect(targetOf(click({ href: "https://id5.io/about" }))).toBe("https://id5.io/about");
  });
  it("leaves everything else to the browser", () => {
    expect(targetOf(click({ href: "https://console.id5.io/login" }))).toBeNull();
    expect(targetOf(click({ href: "/news", target: "_blank" }))).toBeNull();
    expect(
      targetOf(click({ href: "/a.pdf", download: "" } as Partial<HTMLAnchorElement>)),
    ).toBeNull();
    expect(targetOf(click({ href: "/news" }, { metaKey: true }))).toBeNull();
    expect(targetOf(click({ href: "/news" }, { ctrlKey: true }))).toBeNull();
    expect(targetOf(click({ href: "/news" }, { shiftKey: true }))).toBeNull();
    expect(targetOf(click({ href: "/news" }, { button: 1 }))).toBeNull();
    expect(targetOf(click({ href: "/news" }, { defaultPrevented: true }))).toBeNull();
    expect(targetOf(click({ href: "/about?x=1#values" }))).toBeNull(); // in-page hash link
    expect(targetOf(click(null))).toBeNull();
  });
});

describe("full load on the next navigation", () => {
  function fakeWindow(href = "https://id5.io/about") {
    const events = new EventTarget();
    const location = { href, assign: vi.fn(), reload: vi.fn() };
    const win = {
      location,
      addEventListener: events.addEventListener.bind(events),
      removeEventListener: events.removeEventListener.bind(events),
      dispatchEvent: events.dispatchEvent.bind(events),
    };
    return { win: win as typeof win & FullLoadWindow, location };
  }
  function clickEvent(href: string) {
    const event = new Event("click", { cancelable: true });
    const { target, defaultPrevented: _, ...mouse } = click({ href });
    for (const [key, value] of Object.entries({ ...mouse, target })) {
      Object.defineProperty(event, key, { value });
    }
    return event;
  }

  it("does nothing while the build is current", () => {
    const { win, location } = fakeWindow();
    const guard = createFullLoadGuard(win, () => false);
    guard.install();
    const event = clickEvent("/news");
    win.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
    expect(guard.onNavigation("/news")).toBe(false);
    win.dispatchEvent(new Event("popstate"));
    expect(location.assign).not.toHaveBeenCalled();
    expect(location.reload).not.toHaveBeenCalled();
  });

  it("turns an internal link click into location.assign once outdated", () => {
    const { win, location } = fakeWindow();
    let outdated = false;
    createFullLoadGuard(win, () => outdated).install();
    outdated = true;
    const event = clickEvent("/news");
    win.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(location.assign).toHaveBeenCalledWith("https://id5.io/news");
  });

  it("reloads on back/forward once outdated", () => {
    const { win, location } = fakeWindow();
    createFullLoadGuard(win, () => true).install();
    win.dispatchEvent(new Event("popstate"));
    expect(location.reload).toHaveBeenCalledTimes(1);
  });

  it("turns programmatic navigations into a full load, only once", () => {
    const { win, location } = fakeWindow();
    const guard = createFullLoadGuard(win, () => true);
    guard.install();
    expect(guard.onNavigation("/contact?from=x")).toBe(true);
    expect(guard.onNavigation("/other")).toBe(false);
    win.dispatchEvent(new Event("popstate"));
    expect(location.assign).toHaveBeenCalledTimes(1);
    expect(location.assign).toHaveBeenCalledWith("/contact?from=x");
    expect(location.reload).not.toHaveBeenCalled();
  });

  it("uninstalls its listeners", () => {
    const { win, location } = fakeWindow();
    const uninstall = createFullLoadGuard(win, () => true).install();
    uninstall();
    win.dispatchEvent(clickEvent("/news"));
    win.dispatchEvent(new Event("popstate"));
    expect(location.assign).not.toHaveBeenCalled();
    expect(location.reload).not.toHaveBeenCalled();
  });
});
