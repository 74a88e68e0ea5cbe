import { describe, expect, it, vi } from "vitest";
import {
  createChunkReloadGuard,
  isChunkLoadError,
  RELOAD_GUARD_MS,
  RELOAD_STORAGE_PREFIX,
  type ReloadGuardWindow,
  shouldReload,
  VITE_PRELOAD_ERROR_EVENT,
} from "./chunk-reload-guard";
import { createMemoryStorage } from "./safe-storage";

describe("shouldReload", () => {
  it(`allows a reload at most once per ${RELOAD_GUARD_MS} ms`, () => {
    expect(RELOAD_GUARD_MS).toBe(10_000);
    expect(shouldReload(undefined, 5)).toBe(true);
    expect(shouldReload(1_000, 1_000)).toBe(false);
    expect(shouldReload(1_000, 1_000 + RELOAD_GUARD_MS - 1)).toBe(false);
    expect(shouldReload(1_000, 1_000 + RELOAD_GUARD_MS)).toBe(true);
  });
  it("is not blocked by garbage or a clock that went backwards", () => {
    expect(shouldReload(Number.NaN, 5)).toBe(true);
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
    expect(isChunkLoadError({ message: 3 })).toBe(false);
  });
});

function fakeWindow(pathname = "/news") {
  const events = new EventTarget();
  const location = { pathname, reload: vi.fn() };
  const win = {
    location,
    addEventListener: events.addEventListener.bind(events),
    removeEventListener: events.removeEventListener.bind(events),
    dispatchEvent: events.dispatchEvent.bind(events),
  };
  return { win: win as typeof win & ReloadGuardWindow, location };
}

function rejection(reason: unknown): Event {
  const event = new Event("unhandledrejection", { cancelable: true });
  Object.defineProperty(event, "reason", { value: reason });
  return event;
}

describe("chunk reload guard", () => {
  const chunkError = new TypeError("Failed to fetch dynamically imported module: /assets/x.js");
  const quiet = { warn: () => {} };

  it("reloads on vite:preloadError and prevents Vite's rethrow", () => {
    const { win, location } = fakeWindow();
    createChunkReloadGuard(win, {
      storage: createMemoryStorage(),
      now: () => 0,
      log: quiet,
    }).install();
    const event = new Event(VITE_PRELOAD_ERROR_EVENT, { cancelable: true });
    win.dispatchEvent(event);
    expect(location.reload).toHaveBeenCalledTimes(1);
    expect(event.defaultPrevented).toBe(true);
  });

  it("reloads on an unhandled dynamic-import rejection and on an error event", () => {
    const { win, location } = fakeWindow();
    let t = 0;
    createChunkReloadGuard(win, {
      storage: createMemoryStorage(),
      now: () => t,
      log: quiet,
    }).install();
    win.dispatchEvent(rejection(chunkError));
    expect(location.reload).toHaveBeenCalledTimes(1);
    t += RELOAD_GUARD_MS;
    const error = new Event("error", { cancelable: true });
    Object.defineProperty(error, "message", { value: "Importing a module script failed." });
    win.dispatchEvent(error);
    expect(location.reload).toHaveBeenCalledTimes(2);
  });

  it("ignores unrelated errors", () => {
    const { win, location } = fakeWindow();
    createChunkReloadGuard(win, { storage: createMemoryStorage(), log: quiet }).install();
    win.dispatchEvent(rejection(new Error("boom")));
    win.dispatchEvent(new Event("error"));
    expect(location.reload).not.toHaveBeenCalled();
  });

  it("reloads at most once per 10 s per path, remembered across reloads", () => {
    const storage = createMemoryStorage();
    let t = 100_000;
    const first = fakeWindow("/news");
    createChunkReloadGuard(first.win, { storage, now: () => t, log: quiet }).install();
    first.win.dispatchEvent(rejection(chunkError));
    expect(first.location.reload).toHaveBeenCalledTimes(1);
    expect(storage.getItem(`${RELOAD_STORAGE_PREFIX}/news`)).toBe("100000");

    // After the reload, the same chunk fails again within the window: no loop.
    const second = fakeWindow("/news");
    const guard = createChunkReloadGuard(second.win, { storage, now: () => t, log: quiet });
    guard.install();
    t += RELOAD_GUARD_MS - 1;
    const blocked = new Event(VITE_PRELOAD_ERROR_EVENT, { cancelable: true });
    second.win.dispatchEvent(blocked);
    expect(second.location.reload).not.toHaveBeenCalled();
    expect(blocked.defaultPrevented).toBe(false); // the error reaches the error boundary

    // Another path has its own window.
    const other = fakeWindow("/about");
    createChunkReloadGuard(other.win, { storage, now: () => t, log: quiet }).install();
    other.win.dispatchEvent(rejection(chunkError));
    expect(other.location.reload).toHaveBeenCalledTimes(1);

    t += 1;
    expect(guard.reloadOnce()).toBe(true);
  });

  it("falls back to memory when sessionStorage throws", () => {
    const { win, location } = fakeWindow();
    Object.defineProperty(win, "sessionStorage", {
      get() {
        throw new DOMException("denied", "SecurityError");
      },
    });
    const guard = createChunkReloadGuard(win, { now: () => 0, log: quiet });
    expect(guard.reloadOnce()).toBe(true);
    expect(guard.reloadOnce()).toBe(false);
    expect(location.reload).toHaveBeenCalledTimes(1);
  });

  it("uninstalls its listeners", () => {
    const { win, location } = fakeWindow();
    const uninstall = createChunkReloadGuard(win, {
      storage: createMemoryStorage(),
      log: quiet,
    }).install();
    uninstall();
    win.dispatchEvent(rejection(chunkError));
    expect(location.reload).not.toHaveBeenCalled();
  });
});
