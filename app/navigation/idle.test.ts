import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  IDLE_FALLBACK_DELAY_MS,
  IDLE_TIMEOUT_MS,
  type LoadWindow,
  runAfterInteractive,
  runWhenIdle,
} from "./idle";

function loadWindow() {
  const events = new EventTarget();
  return {
    addEventListener: events.addEventListener.bind(events),
    removeEventListener: events.removeEventListener.bind(events),
    load: () => events.dispatchEvent(new Event("load")),
  };
}

describe("idle scheduling", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("uses requestIdleCallback with a timeout, and can cancel it", () => {
    const calls: { cb: () => void; timeout?: number }[] = [];
    const cancelIdleCallback = vi.fn();
    const win = {
      requestIdleCallback: (cb: () => void, opts?: { timeout?: number }) =>
        calls.push({ cb, timeout: opts?.timeout }),
      cancelIdleCallback,
    } as unknown as Window;
    const task = vi.fn();
    const cancel = runWhenIdle(win, task);
    vi.runAllTimers();
    expect(task).not.toHaveBeenCalled();
    expect(calls[0]?.timeout).toBe(IDLE_TIMEOUT_MS);
    calls[0]?.cb();
    expect(task).toHaveBeenCalledTimes(1);
    cancel();
    expect(cancelIdleCallback).toHaveBeenCalledWith(1);
  });

  it("falls back to setTimeout, cancellable", () => {
    const task = vi.fn();
    runWhenIdle({}, task);
    vi.advanceTimersByTime(IDLE_FALLBACK_DELAY_MS - 1);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledTimes(1);
    const cancelled = vi.fn();
    runWhenIdle({}, cancelled)();
    vi.runAllTimers();
    expect(cancelled).not.toHaveBeenCalled();
  });

  it("runs after load and then idle, once", () => {
    const win = loadWindow();
    const task = vi.fn();
    runAfterInteractive(win as LoadWindow, { readyState: "interactive" }, task);
    vi.runAllTimers();
    expect(task).not.toHaveBeenCalled();
    win.load();
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(IDLE_FALLBACK_DELAY_MS);
    win.load();
    vi.runAllTimers();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it("only waits for idle when the page has loaded already", () => {
    const task = vi.fn();
    runAfterInteractive(loadWindow() as LoadWindow, { readyState: "complete" }, task);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(IDLE_FALLBACK_DELAY_MS);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it("can be cancelled before load and before idle", () => {
    const win = loadWindow();
    const beforeLoad = vi.fn();
    runAfterInteractive(win as LoadWindow, { readyState: "loading" }, beforeLoad)();
    const beforeIdle = vi.fn();
    const cancel = runAfterInteractive(win as LoadWindow, { readyState: "loading" }, beforeIdle);
    win.load();
    cancel();
    vi.runAllTimers();
    expect(beforeLoad).not.toHaveBeenCalled();
    expect(beforeIdle).not.toHaveBeenCalled();
  });
});
