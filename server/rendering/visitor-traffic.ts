// How many visitor requests the server answered lately, and how background work (renders
// and page refreshes) gives way to them: while visitors keep the server busy, work runs one
// piece at a time and, where it shares their thread, pauses between pieces.

/** Requests are counted in windows of this length; "lately" is the last one or two. */
export const TRAFFIC_WINDOW_MS = 250;
/** At least this many requests lately (about 200 a second) and the server counts as busy. */
export const BUSY_REQUESTS = 50;

export class VisitorTraffic {
  private current = 0;
  private previous = 0;
  private windowStart: number;

  constructor(
    private readonly now: () => number = () => performance.now(),
    private readonly busyRequests = BUSY_REQUESTS,
  ) {
    this.windowStart = now();
  }

  note(): void {
    this.roll();
    this.current += 1;
  }

  lately(): number {
    this.roll();
    return this.previous + this.current;
  }

  busy(): boolean {
    return this.lately() >= this.busyRequests;
  }

  private roll(): void {
    const elapsed = this.now() - this.windowStart;
    if (elapsed < TRAFFIC_WINDOW_MS) return;
    this.previous = elapsed < 2 * TRAFFIC_WINDOW_MS ? this.current : 0;
    this.current = 0;
    this.windowStart += Math.floor(elapsed / TRAFFIC_WINDOW_MS) * TRAFFIC_WINDOW_MS;
  }
}

/** How background work gives way to visitors (render admission and page refresh alike). */
export interface Pacing {
  limit(concurrency: number): number;
  /** How long to wait (ms) before the next piece, after one that took `took` ms. */
  pauseAfter(took: number): number;
}

/**
 * The one pacing rule: while visitors keep the server busy, one piece at a time, each
 * followed by a pause that keeps the work to `share` of the time (after t ms of work, the
 * next waits t·(1-share)/share); otherwise as many as allowed, no pause.
 */
export class GiveWayToVisitors implements Pacing {
  private readonly share: number;

  constructor(
    private readonly busy: () => boolean,
    share: number,
  ) {
    this.share = Math.min(1, Math.max(0.01, share));
  }

  limit(concurrency: number): number {
    return this.busy() ? 1 : concurrency;
  }

  pauseAfter(took: number): number {
    if (!this.busy()) return 0;
    const pause = (took * (1 - this.share)) / this.share;
    // Under a millisecond a timer cannot wait: the next piece starts at once.
    return pause >= 1 ? pause : 0;
  }
}
