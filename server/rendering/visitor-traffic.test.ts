import { describe, expect, it } from "vitest";
import { GiveWayToVisitors, TRAFFIC_WINDOW_MS, VisitorTraffic } from "./visitor-traffic";

describe("VisitorTraffic", () => {
  it("counts the requests of the current and the previous window", () => {
    let now = 0;
    const traffic = new VisitorTraffic(() => now, 3);
    traffic.note();
    traffic.note();
    expect(traffic.lately()).toBe(2);
    expect(traffic.busy()).toBe(false);
    now = TRAFFIC_WINDOW_MS + 1;
    traffic.note();
    expect(traffic.lately()).toBe(3);
    expect(traffic.busy()).toBe(true);
    now = 2 * TRAFFIC_WINDOW_MS + 1;
    expect(traffic.lately()).toBe(1);
    now = 10 * TRAFFIC_WINDOW_MS;
    expect(traffic.lately()).toBe(0);
  });
});

describe("GiveWayToVisitors", () => {
  it("while busy: one at a time, then a pause that keeps the work to its share", () => {
    let busy = true;
    const pacing = new GiveWayToVisitors(() => busy, 0.25);
    expect(pacing.limit(4)).toBe(1);
    expect(pacing.pauseAfter(10)).toBe(30); // 10 · (1 - 0.25) / 0.25
    expect(pacing.pauseAfter(0.2)).toBe(0); // under a millisecond: no timer
    busy = false;
    expect(pacing.limit(4)).toBe(4);
    expect(pacing.pauseAfter(10)).toBe(0);
  });

  it("never pauses with the whole share, and holds to a share of at least 1%", () => {
    expect(new GiveWayToVisitors(() => true, 1).pauseAfter(50)).toBe(0);
    expect(new GiveWayToVisitors(() => true, 0).pauseAfter(1)).toBe(99);
  });
});
