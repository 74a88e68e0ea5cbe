import { describe, expect, it } from "vitest";
import { RATE_WINDOW_MS, RateLimiter } from "./rate-limit";

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe("RateLimiter", () => {
  it("allows the limit within the hour, then says when to come back", () => {
    const time = clock();
    const limiter = new RateLimiter({ limit: 3, now: time.now });
    for (let i = 0; i < 3; i++)
      expect(limiter.check("10.0.0.1|contact")).toEqual({ allowed: true });
    time.advance(15 * 60 * 1000);
    expect(limiter.check("10.0.0.1|contact")).toEqual({
      allowed: false,
      retryAfterSeconds: 45 * 60,
    });
    // Another form, or another address, has its own count.
    expect(limiter.check("10.0.0.1|newsletter")).toEqual({ allowed: true });
    expect(limiter.check("10.0.0.2|contact")).toEqual({ allowed: true });
    time.advance(45 * 60 * 1000);
    expect(limiter.check("10.0.0.1|contact")).toEqual({ allowed: true });
  });

  it("never asks to wait less than a second", () => {
    const time = clock();
    const limiter = new RateLimiter({ limit: 1, now: time.now });
    limiter.check("k");
    time.advance(RATE_WINDOW_MS - 10);
    expect(limiter.check("k")).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });

  it("forgets expired keys", () => {
    const time = clock();
    const limiter = new RateLimiter({ limit: 5, now: time.now });
    for (let i = 0; i < 100; i++) limiter.check(`old-${i}`);
    time.advance(RATE_WINDOW_MS / 2);
    limiter.check("newer");
    expect(limiter.size).toBe(101);
    time.advance(RATE_WINDOW_MS / 2);
    limiter.check("latest");
    expect(limiter.size).toBe(2);
  });

  it("holds at most maxKeys keys, dropping the oldest", () => {
    const time = clock();
    const limiter = new RateLimiter({ limit: 1, maxKeys: 3, now: time.now });
    for (const key of ["a", "b", "c", "d"]) {
      limiter.check(key);
      time.advance(1);
    }
    expect(limiter.size).toBe(3);
    // "a" was forgotten (a fresh count); "d" is still counted.
    expect(limiter.check("d")).toMatchObject({ allowed: false });
    expect(limiter.check("a")).toEqual({ allowed: true });
  });
});
