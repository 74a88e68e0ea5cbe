import { describe, expect, it, vi } from "vitest";
import {
  installChunkReloadGuard,
  isChunkLoadError,
  RELOAD_GUARD_MS,
  RELOAD_STORAGE_PREFIX,
  type ReloadGuardWindow,
  shouldReload,
  VITE_PRELOAD_ERROR_EVENT,
} from "./chunk-reload-guard";

describe("shouldReload", () => {
  it(`allows a reload at most once per ${RELOAD_GUARD_MS} ms`, () => {
    expect(RELOAD_GUARD_MS).toBe(10_000);
    expect(shouldReload(Number.NaN, 5)).toBe(true);
    expect(shouldReload(1_000, 1_000)).toBe(false);
    expect(shouldReload(1_000, 1_000 + RELOAD_GUARD_MS - 1)).toBe(false);
    expect(shouldReload(1_000, 1_000 + RELOAD_GUARD_MS)).toBe(true);
  });
  it("is not blocked by a clock that went backwards", () => {
    expect(shouldReload(50_000, 10)).toBe(true);
  });
});

describe("isChunkLoadError", () => {
  it("recognises the dynamic import failures of each browser", () => {
    expect(
      isChunkLoadError(
        new TypeError("Failed to fetch dynamically imported module: https://id5.io/assets/a.js"),
      ),
    ).toBe(true);
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new Error("error loading dynamically imported module: x"))).toBe(true);
    expect(isChunkLoadError("Failed to fetch dynamically imported module")).toBe(true);
  });
  it("ignores other errors", () => {
    expect(isChunkLoadError(new Error("boom"))).toBe(false);
    expect(isChunkLoadError(new TypeError("Failed to fetch"))).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
    expect(isChunkLoadError({ message: 3 })).toBe(false);
  });
});

class MemoryStorage {
  readonly values = new Map<string, string>();
  getItem(key: string) {
    return this.values.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.values.set(key, value);
  }
}

/** A page of the browser: window events, location, sessionStorage, Navigation API. */
function fakePage(
  pathname: string,
  storage: Pick<Storage, "getItem" | "setItem"> | undefined,
  withNavigation = true,
) {
  const events = new EventTarget();
  const navigation = new EventTarget();
  const location = { pathname, reload: vi.fn(), assign: vi.fn() };
  const win: ReloadGuardWindow & { dispatchEvent(e: Event): boolean } = {
    location,
    sessionStorage: storage,
    navigation: withNavigation ? navigation : undefined,
    addEventListener: events.addEventListener.bind(events),
    dispatchEvent: events.dispatchEvent.bind(events),
  };
  /** A script-initiated reload as the Navigation API announces it; true when it goes ahead. */
  const scriptReload = (userInitiated = false) => {
    const event = Object.assign(new Event("navigate", { cancelable: true }), {
      navigationType: "reload",
      userInitiated,
    });
    return navigation.dispatchEvent(event);
  };
  return { win, location, scriptReload };
}

function rejection(reason: unknown): Event {
  const event = new Event("unhandledrejection", { cancelable: true });
  Object.defineProperty(event, "reason", { value: reason });
  return event;
}

const chunkError = new TypeError("Failed to fetch dynamically imported module: /assets/x.js");
const quiet = { warn: () => {} };

describe("chunk reload guard", () => {
  it("reloads on vite:preloadError and prevents Vite's rethrow", () => {
    const { win, location } = fakePage("/news", new MemoryStorage());
    installChunkReloadGuard(win, () => 0, quiet);
    const event = new Event(VITE_PRELOAD_ERROR_EVENT, { cancelable: true });
    win.dispatchEvent(event);
    expect(location.reload).toHaveBeenCalledTimes(1);
    expect(event.defaultPrevented).toBe(true);
  });

  it("reloads on an unhandled dynamic-import rejection, once for one failure", () => {
    const { win, location } = fakePage("/news", new MemoryStorage());
    installChunkReloadGuard(win, () => 0, quiet);
    const event = rejection(chunkError);
    win.dispatchEvent(event);
    win.dispatchEvent(new Event(VITE_PRELOAD_ERROR_EVENT, { cancelable: true }));
    expect(location.reload).toHaveBeenCalledTimes(1);
    expect(event.defaultPrevented).toBe(true);
  });

  it("ignores unrelated rejections", () => {
    const { win, location } = fakePage("/news", new MemoryStorage());
    installChunkReloadGuard(win, () => 0, quiet);
    win.dispatchEvent(rejection(new Error("boom")));
    expect(location.reload).not.toHaveBeenCalled();
  });

  it("reloads at most once per 10 s per path, remembered across reloads", () => {
    const storage = new MemoryStorage();
    let t = 100_000;
    const first = fakePage("/news", storage);
    installChunkReloadGuard(first.win, () => t, quiet);
    first.win.dispatchEvent(rejection(chunkError));
    expect(first.location.reload).toHaveBeenCalledTimes(1);
    expect(storage.getItem(`${RELOAD_STORAGE_PREFIX}/news`)).toBe("100000");

    // The reloaded page: the same chunk fails again within the window, no loop.
    const second = fakePage("/news", storage);
    const warn = vi.fn();
    installChunkReloadGuard(second.win, () => t, { warn });
    t += RELOAD_GUARD_MS - 1;
    const blocked = new Event(VITE_PRELOAD_ERROR_EVENT, { cancelable: true });
    second.win.dispatchEvent(blocked);
    expect(second.location.reload).not.toHaveBeenCalled();
    expect(blocked.defaultPrevented).toBe(false); // the error reaches the error boundary
    expect(warn).toHaveBeenCalledTimes(1);

    // Another path has its own window.
    const other = fakePage("/about", storage);
    installChunkReloadGuard(other.win, () => t, quiet);
    other.win.dispatchEvent(rejection(chunkError));
    expect(other.location.reload).toHaveBeenCalledTimes(1);

    // Once the window has passed, /news may reload again.
    const third = fakePage("/news", storage);
    installChunkReloadGuard(third.win, () => t + 1, quiet);
    third.win.dispatchEvent(rejection(chunkError));
    expect(third.location.reload).toHaveBeenCalledTimes(1);
  });

  it("holds React Router's own reloads (script reloads) to the same rule", () => {
    const storage = new MemoryStorage();
    let t = 500_000;
    const first = fakePage("/", storage);
    installChunkReloadGuard(first.win, () => t, quiet);
    expect(first.scriptReload()).toBe(true);

    const second = fakePage("/", storage);
    installChunkReloadGuard(second.win, () => t, quiet);
    t += 2_000;
    expect(second.scriptReload(), "cancelled within 10 s").toBe(false);
    expect(second.scriptReload(true), "the visitor's own reload is never held").toBe(true);
    t += RELOAD_GUARD_MS;
    expect(second.scriptReload()).toBe(true);
  });

  it("turns a held-back reload into a full load of the page React Router was going to", () => {
    const storage = new MemoryStorage();
    const first = fakePage("/", storage);
    installChunkReloadGuard(first.win, () => 0, quiet);
    expect(first.scriptReload()).toBe(true);

    const second = fakePage("/", storage);
    second.win.__reactRouterDataRouter = {
      state: { navigation: { location: { pathname: "/news", search: "?p=1", hash: "#top" } } },
    };
    installChunkReloadGuard(second.win, () => 1_000, quiet);
    expect(second.scriptReload()).toBe(false);
    expect(second.location.assign).toHaveBeenCalledWith("/news?p=1#top");
    expect(second.location.reload).not.toHaveBeenCalled();

    // Without a pending navigation there is nowhere to go: the reload is only held back.
    const third = fakePage("/", storage);
    third.win.__reactRouterDataRouter = { state: { navigation: {} } };
    installChunkReloadGuard(third.win, () => 2_000, quiet);
    expect(third.scriptReload()).toBe(false);
    expect(third.location.assign).not.toHaveBeenCalled();
  });

  it("does not count its own reload twice", () => {
    const { win, location, scriptReload } = fakePage("/", new MemoryStorage());
    installChunkReloadGuard(win, () => 0, quiet);
    win.dispatchEvent(rejection(chunkError));
    expect(location.reload).toHaveBeenCalledTimes(1);
    // The reload it just started comes back as a navigate event: it must go ahead.
    expect(scriptReload()).toBe(true);
  });

  it("works without the Navigation API", () => {
    const { win, location } = fakePage("/", new MemoryStorage(), false);
    installChunkReloadGuard(win, () => 0, quiet);
    win.dispatchEvent(rejection(chunkError));
    expect(location.reload).toHaveBeenCalledTimes(1);
  });

  it("falls back to memory when sessionStorage throws", () => {
    const throwing = {
      getItem(): string | null {
        throw new DOMException("denied", "SecurityError");
      },
      setItem() {
        throw new DOMException("denied", "SecurityError");
      },
    };
    const { win, scriptReload } = fakePage("/", throwing);
    installChunkReloadGuard(win, () => 0, quiet);
    expect(scriptReload()).toBe(true);
    expect(scriptReload()).toBe(false);
  });
});
