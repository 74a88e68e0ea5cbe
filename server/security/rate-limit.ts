// An in-memory fixed window per key, for limits one process may keep to itself (the CSP
// report intake). Form submissions are counted in the store instead, by every instance
// together (server/store/); RATE_WINDOW_MS is their window too. Memory stays bounded: past
// the key cap the oldest windows go first (a flood of fresh addresses forgets the oldest
// ones rather than growing without end).

import { HOUR_MS } from "../../app/config/durations";
import type { RateDecision } from "../../app/forms/contract";

export const RATE_WINDOW_MS = HOUR_MS;
export const DEFAULT_MAX_RATE_KEYS = 50_000;

export interface RateLimiterOptions {
  limit: number;
  windowMs?: number;
  maxKeys?: number;
  now?: () => number;
}

interface Window {
  startedAt: number;
  count: number;
}

export class RateLimiter {
  private readonly limit: number;
  private readonly windowMs: number;
  private readonly maxKeys: number;
  private readonly now: () => number;
  /** Insertion order is window start order: a key whose window restarts moves to the end. */
  private readonly windows = new Map<string, Window>();

  constructor(options: RateLimiterOptions) {
    this.limit = options.limit;
    this.windowMs = options.windowMs ?? RATE_WINDOW_MS;
    this.maxKeys = options.maxKeys ?? DEFAULT_MAX_RATE_KEYS;
    this.now = options.now ?? Date.now;
  }

  check(key: string): RateDecision {
    const now = this.now();
    this.evictExpired(now);
    let window = this.windows.get(key);
    if (!window) {
      while (this.windows.size >= this.maxKeys) this.dropOldest();
      window = { startedAt: now, count: 0 };
      this.windows.set(key, window);
    }
    if (window.count >= this.limit) {
      const left = window.startedAt + this.windowMs - now;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(left / 1000)) };
    }
    window.count++;
    return { allowed: true };
  }

  get size(): number {
    return this.windows.size;
  }

  /** Windows are in start order, so the expired ones are all at the front. */
  private evictExpired(now: number): void {
    for (const [key, window] of this.windows) {
      if (window.startedAt + this.windowMs > now) break;
      this.windows.delete(key);
    }
  }

  private dropOldest(): void {
    const oldest = this.windows.keys().next();
    if (!oldest.done) this.windows.delete(oldest.value);
  }
}
