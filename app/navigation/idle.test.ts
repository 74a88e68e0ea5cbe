import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { IDLE_FALLBACK_DELAY_MS, IDLE_TIMEOUT_MS, runWhenIdle } from "./idle";

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
});
