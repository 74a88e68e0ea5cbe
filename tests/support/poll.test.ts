import { afterEach, describe, expect, it, vi } from "vitest";
import { limitOf, pollUntil, testTimeBudget } from "./poll";

afterEach(() => {
  vi.useRealTimers();
});

describe("a test's time shared by its waits", () => {
  it("gives each wait its own limit before the test starts (hooks)", () => {
    const budget = testTimeBudget(240_000);
    expect(budget.left(90_000)).toBe(90_000);
  });

  it("ends every wait a margin before the test's timeout, however many it chains", () => {
    vi.useFakeTimers({ now: 1_000_000, toFake: ["Date"] });
    const budget = testTimeBudget(240_000, 10_000);
    budget.start();
    expect(budget.left(90_000)).toBe(90_000);
    vi.setSystemTime(1_000_000 + 180_000);
    expect(budget.left(90_000)).toBe(50_000);
    vi.setSystemTime(1_000_000 + 235_000);
    expect(budget.left(90_000)).toBe(1);
  });

  it("starts again with each test", () => {
    vi.useFakeTimers({ now: 1_000_000, toFake: ["Date"] });
    const budget = testTimeBudget(60_000, 10_000);
    budget.start();
    vi.setSystemTime(1_000_000 + 45_000);
    expect(budget.left(30_000)).toBe(5_000);
    budget.start();
    expect(budget.left(30_000)).toBe(30_000);
  });

  it("is read when a wait begins, so a wait given the budget fails with its own message", async () => {
    const budget = testTimeBudget(10_050, 10_000);
    budget.start();
    let limit: number | undefined;
    const waitMs = () => {
      limit = budget.left(90_000);
      return limit;
    };
    await expect(
      pollUntil("a state that never comes", () => false, {
        timeoutMs: limitOf(waitMs),
        intervalMs: 10,
      }),
    ).rejects.toThrow(/in vain for a state that never comes/);
    expect(limit).toBeLessThanOrEqual(50);
    expect(limitOf(2_000)).toBe(2_000);
  });
});
