// How many visitor requests the server answered lately, so background work (page refreshes
// after a content change) can tell when it competes with visitors for the one thread.

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

  /** One visitor request. */
  note(): void {
    this.roll();
    this.current += 1;
  }

  /** Requests in the window so far and the one before it. */
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
