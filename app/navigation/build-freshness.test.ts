import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  APP_UPDATE_EVENT,
  BUILD_POLL_INTERVAL_MS,
  fullLoadUrl,
  isOutdated,
  MIN_CHECK_GAP_MS,
  startBuildFreshness,
} from "./build-freshness";

describe("isOutdated", () => {
  it("compares the manifest version when latest.json has one, else the id", () => {
    expect(isOutdated("v1", { id: "v1" })).toBeNull();
    expect(isOutdated("v1", { id: "v2", timestamp: "2025-01-01T00:00:00Z" })).toBe("v2");
    expect(isOutdated("v1", { id: "b7", manifestVersion: "v1" })).toBeNull();
    expect(isOutdated("v1", { id: "b7", manifestVersion: "v2" })).toBe("b7");
    expect(isOutdated("v1", { id: "v1", manifestVersion: "" })).toBeNull();
    expect(isOutdated("v1", { id: "v2", manifestVersion: 3 })).toBe("v2");
  });

  it("never reports an update without a running version or a usable id", () => {
    expect(isOutdated(undefined, { id: "v2" })).toBeNull();
    expect(isOutdated("", { id: "v2" })).toBeNull();
    for (const bad of [null, undefined, 5, "v2", [], ["v2"], {}, { id: "" }, { id: 2 }]) {
      expect(isOutdated("v1", bad)).toBeNull();
    }
    expect(isOutdated("v1", { id: "", manifestVersion: "v2" })).toBeNull();
  });
});

const here = new URL("https://id5.io/about?x=1");

/** A click on an element inside `<a href>` (resolved like a real anchor), or on no link. */
function click(
  href: string | null,
  anchor: { target?: string; download?: boolean } = {},
  init: Partial<MouseEvent> = {},
): MouseEvent {
  const a =
    href === null
      ? null
      : Object.assign(new URL(href, here), {
          target: anchor.target ?? "",
          hasAttribute: (name: string) => name === "download" && !!anchor.download,
        });
  const target = { closest: (selector: string) => (selector === "a[href]" ? a : null) };
  return { button: 0, defaultPrevented: false, target, ...init } as unknown as MouseEvent;
}

describe("fullLoadUrl", () => {
  it("returns the href of a plain left click on a same-origin link", () => {
    expect(fullLoadUrl(click("/news"), here)).toBe("https://id5.io/news");
    expect(fullLoadUrl(click("https://id5.io/news?p=2"), here)).toBe("https://id5.io/news?p=2");
    expect(fullLoadUrl(click("/technology#id5-id"), here)).toBe("https://id5.io/technology#id5-id");
    expect(fullLoadUrl(click("/about"), here)).toBe("https://id5.io/about"); // other search
    expect(fullLoadUrl(click("/about?x=1"), here)).toBe("https://id5.io/about?x=1");
    expect(fullLoadUrl(click("/about#team"), here)).toBe("https://id5.io/about#team"); // hash, other search
    expect(fullLoadUrl(click("/news", { target: "_self" }), here)).toBe("https://id5.io/news");
  });

  it("leaves every other click to the app or the browser", () => {
    expect(fullLoadUrl(click(null), here)).toBeNull();
    const onWindow = { button: 0, target: {} } as unknown as MouseEvent;
    expect(fullLoadUrl(onWindow, here)).toBeNull();
    expect(fullLoadUrl(click("/news", {}, { button: 1 }), here)).toBeNull();
    for (const key of ["metaKey", "ctrlKey", "shiftKey", "altKey", "defaultPrevented"]) {
      expect(fullLoadUrl(click("/news", {}, { [key]: true }), here), key).toBeNull();
    }
    expect(fullLoadUrl(click("/news", { target: "_blank" }), here)).toBeNull();
    expect(fullLoadUrl(click("/a.pdf", { download: true }), here)).toBeNull();
    expect(fullLoadUrl(click("https://console.id5.io/login"), here)).toBeNull();
    expect(fullLoadUrl(click("http://id5.io/news"), here)).toBeNull();
    expect(fullLoadUrl(click("/about?x=1#values"), here)).toBeNull(); // same-page hash link
  });
});

describe("startBuildFreshness", () => {
  const T0 = 1_000_000;
  beforeEach(() => vi.useFakeTimers({ now: T0 }));
  afterEach(() => vi.useRealTimers());

  const json = (body: unknown) => ({ ok: true, json: async () => body }) as Response;
  const latest = (id: string) => json({ id, timestamp: "2025-01-01T00:00:00Z" });
  const flush = () => vi.advanceTimersByTimeAsync(0);

  function setup(responses: (() => Promise<Response>)[] = [], running: string | null = "v1") {
    const location = {
      origin: here.origin,
      pathname: "/about",
      search: "",
      assign: vi.fn(),
      reload: vi.fn(),
    };
    const win = Object.assign(new EventTarget(), {
      location,
      __reactRouterManifest: running === null ? undefined : { version: running },
    });
    const doc = Object.assign(new EventTarget(), { hidden: false });
    const get = vi.fn<typeof fetch>(async () => latest("v1"));
    for (const response of responses) get.mockImplementationOnce(response);
    const updates: unknown[] = [];
    win.addEventListener(APP_UPDATE_EVENT, (e) => updates.push((e as CustomEvent).detail));
    const addListener = vi.spyOn(win, "addEventListener");
    const fullLoad = startBuildFreshness(win as unknown as Window, doc as unknown as Document, get);
    const focus = () => win.dispatchEvent(new Event("focus"));
    const show = () => doc.dispatchEvent(new Event("visibilitychange"));
    return { win, doc, get, location, updates, addListener, fullLoad, focus, show };
  }

  /** A cancelable click dispatched on the window, targeting an element inside `<a href>`. */
  function clickOn(win: EventTarget, href: string) {
    const event = new Event("click", { cancelable: true });
    Object.defineProperty(event, "target", { value: click(href).target });
    win.dispatchEvent(event);
    return event;
  }

  it(`polls every ${BUILD_POLL_INTERVAL_MS} ms with a cache-busting timestamp, bypassing the cache`, async () => {
    expect(BUILD_POLL_INTERVAL_MS).toBe(60_000);
    const { get } = setup();
    await vi.advanceTimersByTimeAsync(BUILD_POLL_INTERVAL_MS - 1);
    expect(get).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(get).toHaveBeenCalledTimes(1);
    expect(get).toHaveBeenLastCalledWith(`/builds/latest.json?t=${T0 + BUILD_POLL_INTERVAL_MS}`, {
      cache: "no-store",
    });
    await vi.advanceTimersByTimeAsync(BUILD_POLL_INTERVAL_MS);
    expect(get).toHaveBeenCalledTimes(2);
    expect(get.mock.calls[1]?.[0]).toBe(`/builds/latest.json?t=${T0 + 2 * BUILD_POLL_INTERVAL_MS}`);
  });

  it("skips polls and visibility checks while the document is hidden", async () => {
    const { doc, get, show } = setup();
    doc.hidden = true;
    show();
    await vi.advanceTimersByTimeAsync(BUILD_POLL_INTERVAL_MS * 3);
    expect(get).not.toHaveBeenCalled();
    doc.hidden = false;
    show();
    await flush();
    expect(get).toHaveBeenCalledTimes(1);
  });

  it(`checks on focus and on becoming visible, at most once per ${MIN_CHECK_GAP_MS} ms`, async () => {
    expect(MIN_CHECK_GAP_MS).toBe(5_000);
    const { get, focus, show } = setup();
    focus();
    await flush();
    expect(get).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(MIN_CHECK_GAP_MS - 1);
    show();
    focus();
    await flush();
    expect(get).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    show();
    await flush();
    expect(get).toHaveBeenCalledTimes(2);
    // The gap counts from interval polls too.
    await vi.advanceTimersByTimeAsync(BUILD_POLL_INTERVAL_MS - MIN_CHECK_GAP_MS);
    expect(get).toHaveBeenCalledTimes(3);
    focus();
    await flush();
    expect(get).toHaveBeenCalledTimes(3);
  });

  it("has at most one request in flight", async () => {
    let respond = (_: Response) => {};
    const { get, focus } = setup([() => new Promise((resolve) => (respond = resolve))]);
    focus();
    await vi.advanceTimersByTimeAsync(BUILD_POLL_INTERVAL_MS); // interval and focus: busy
    focus();
    await flush();
    expect(get).toHaveBeenCalledTimes(1);
    respond(latest("v1"));
    await flush();
    focus();
    await flush();
    expect(get).toHaveBeenCalledTimes(2);
  });

  it("ignores failed, non-2xx and malformed responses, then retries", async () => {
    const { get, updates } = setup([
      () => Promise.reject(new TypeError("Failed to fetch")),
      async () => ({ ok: false, status: 404, json: async () => ({ id: "v2" }) }) as Response,
      async () =>
        ({
          ok: true,
          json: () => Promise.reject(new SyntaxError("Unexpected token <")),
        }) as Response,
      async () => json({ version: "v2" }),
      async () => json(null),
    ]);
    get.mockImplementation(async () => latest("v2"));
    await vi.advanceTimersByTimeAsync(BUILD_POLL_INTERVAL_MS * 5);
    expect(get).toHaveBeenCalledTimes(5);
    expect(updates).toEqual([]);
    await vi.advanceTimersByTimeAsync(BUILD_POLL_INTERVAL_MS);
    expect(updates).toEqual([{ runningId: "v1", latestId: "v2" }]);
  });

  it("never signals without a running version", async () => {
    const { get, updates, focus } = setup([], null);
    get.mockImplementation(async () => latest("v2"));
    focus();
    await vi.advanceTimersByTimeAsync(BUILD_POLL_INTERVAL_MS);
    expect(get).toHaveBeenCalledTimes(2);
    expect(updates).toEqual([]);
  });

  it("signals a new build once with its ids, then stops checking", async () => {
    const { get, updates, focus, show } = setup([async () => latest("v1")]);
    get.mockImplementation(async () => json({ id: "b8", manifestVersion: "v2" }));
    await vi.advanceTimersByTimeAsync(BUILD_POLL_INTERVAL_MS);
    expect(updates).toEqual([]);
    await vi.advanceTimersByTimeAsync(BUILD_POLL_INTERVAL_MS);
    expect(updates).toEqual([{ runningId: "v1", latestId: "b8" }]);
    await vi.advanceTimersByTimeAsync(BUILD_POLL_INTERVAL_MS * 3);
    focus();
    show();
    await flush();
    expect(get).toHaveBeenCalledTimes(2);
    expect(updates).toHaveLength(1);
  });

  it("keeps navigation in the app while the build is current", async () => {
    const { win, location, fullLoad, focus } = setup();
    focus();
    await flush();
    expect(clickOn(win, "/news").defaultPrevented).toBe(false);
    win.dispatchEvent(new Event("popstate"));
    fullLoad("/news");
    expect(location.assign).not.toHaveBeenCalled();
    expect(location.reload).not.toHaveBeenCalled();
  });

  describe("once a new build was seen", () => {
    async function outdated() {
      const env = setup([async () => latest("v2")]);
      env.focus();
      await flush();
      expect(env.updates).toHaveLength(1);
      return env;
    }

    it("turns an in-app link click into one full load, from the capture phase", async () => {
      const { win, location, addListener } = await outdated();
      expect(addListener).toHaveBeenCalledWith("click", expect.any(Function), true);
      const other = clickOn(win, "https://console.id5.io/login");
      expect(other.defaultPrevented).toBe(false);
      const first = clickOn(win, "/news");
      expect(first.defaultPrevented).toBe(true);
      expect(location.assign).toHaveBeenCalledWith("https://id5.io/news");
      // A second click still stays out of the app but does not load again.
      expect(clickOn(win, "/jobs").defaultPrevented).toBe(true);
      win.dispatchEvent(new Event("popstate"));
      expect(location.assign).toHaveBeenCalledTimes(1);
      expect(location.reload).not.toHaveBeenCalled();
    });

    it("reloads on back/forward, once", async () => {
      const { win, location, fullLoad } = await outdated();
      win.dispatchEvent(new Event("popstate"));
      win.dispatchEvent(new Event("popstate"));
      fullLoad("/news");
      expect(location.reload).toHaveBeenCalledTimes(1);
      expect(location.assign).not.toHaveBeenCalled();
    });

    it("turns a programmatic navigation into one full load", async () => {
      const { win, location, fullLoad } = await outdated();
      fullLoad("/contact?from=x");
      fullLoad("/other");
      win.dispatchEvent(new Event("popstate"));
      expect(location.assign).toHaveBeenCalledTimes(1);
      expect(location.assign).toHaveBeenCalledWith("/contact?from=x");
      expect(location.reload).not.toHaveBeenCalled();
    });
  });
});
