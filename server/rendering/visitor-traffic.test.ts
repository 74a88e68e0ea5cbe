import { describe, expect, it } from "vitest";
import { TRAFFIC_WINDOW_MS, VisitorTraffic } from "./visitor-traffic";

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
