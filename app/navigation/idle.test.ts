import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  IDLE_FALLBACK_DELAY_MS,
  IDLE_TIMEOUT_MS,
  type LoadWindow,
  runAfterInteractive,
  runAfterLoad,
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
    expect(calls[0]?.timeout).toBe(IDLE_TIMEOUT_MS);
    calls[0]?.cb();
    expect(task).toHaveBeenCalledTimes(1);
    cancel();
    expect(cancelIdleCallback).toHaveBeenCalledWith(1);
  });

  it("falls back to setTimeout", () => {
    const task = vi.fn();
    runWhenIdle({}, task);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(IDLE_FALLBACK_DELAY_MS);
    expect(task).toHaveBeenCalledTimes(1);
    const cancelled = vi.fn();
    runWhenIdle({}, cancelled)();
    vi.runAllTimers();
    expect(cancelled).not.toHaveBeenCalled();
  });

  it("runs after load, at once when the document is already complete", () => {
    const win = loadWindow();
    const early = vi.fn();
    runAfterLoad(win as LoadWindow, { readyState: "loading" }, early);
    expect(early).not.toHaveBeenCalled();
    win.load();
    win.load();
    expect(early).toHaveBeenCalledTimes(1);
    const late = vi.fn();
    runAfterLoad(win as LoadWindow, { readyState: "complete" }, late);
    expect(late).toHaveBeenCalledTimes(1);
  });

  it("runs after load and then idle, cancellable at either step", () => {
    const win = loadWindow();
    const task = vi.fn();
    runAfterInteractive(win as LoadWindow, { readyState: "interactive" }, task);
    vi.runAllTimers();
    expect(task).not.toHaveBeenCalled();
    win.load();
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(IDLE_FALLBACK_DELAY_MS);
    expect(task).toHaveBeenCalledTimes(1);

    const cancelled = vi.fn();
    const cancel = runAfterInteractive(win as LoadWindow, { readyState: "interactive" }, cancelled);
    win.load();
    cancel();
    vi.runAllTimers();
    expect(cancelled).not.toHaveBeenCalled();
  });
});
