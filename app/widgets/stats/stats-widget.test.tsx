import { describe, expect, it } from "vitest";
import { renderMarkup } from "../../../tests/support/markup";
import { STATS_DEFAULT_PROGRESS } from "./stats-constants";
import {
  normalizeProgress,
  RING_CIRCUMFERENCE,
  RING_RADIUS,
  ringDashOffset,
  StatsWidget,
} from "./stats-widget";

describe("ringDashOffset", () => {
  it("draws a full ring by default (progress 100)", () => {
    expect(STATS_DEFAULT_PROGRESS).toBe(100);
    expect(ringDashOffset(undefined, 100)).toBe(0);
    expect(ringDashOffset(Number.NaN, 100)).toBe(0);
    expect(ringDashOffset(null, 100)).toBe(0);
  });

  it("leaves the missing share of the circumference undrawn", () => {
    expect(ringDashOffset(75, 200)).toBe(50);
    expect(ringDashOffset(0, 200)).toBe(200);
    expect(ringDashOffset(33.3, RING_CIRCUMFERENCE)).toBeCloseTo(RING_CIRCUMFERENCE * 0.667, 2);
  });

  it("clamps to 0..100", () => {
    expect(ringDashOffset(140, 200)).toBe(0);
    expect(ringDashOffset(-5, 200)).toBe(200);
    expect(normalizeProgress(250)).toBe(100);
    expect(normalizeProgress(-1)).toBe(0);
  });
});

describe("StatsWidget", () => {
  const html = renderMarkup(
    <StatsWidget
      items={[
        { title: "Publishers using ID5", value: "4,500+", progress: 90 },
        { title: "Match rate uplift", value: "+38%", progress: Number.NaN },
        { title: "Countries", value: "80", progress: 0 },
      ]}
    />,
  );

  it("renders a card per item with value and title as text", () => {
    expect(html.startsWith('<ul class="w-stats" data-widget="stats">')).toBe(true);
    expect(html.match(/<li class="w-stats__card"/g)).toHaveLength(3);
    expect(html).toContain('<span class="w-stats__value">4,500+</span>');
    expect(html).toContain('<p class="w-stats__title">Publishers using ID5</p>');
  });

  it("draws the ring from progress, defaulting NaN to 100, as a decorative SVG", () => {
    const c = Math.round(RING_CIRCUMFERENCE * 1000) / 1000;
    expect(RING_CIRCUMFERENCE).toBeCloseTo(2 * Math.PI * RING_RADIUS);
    expect(html).toContain('<svg viewBox="0 0 120 120" aria-hidden="true"');
    expect(html).toContain(`stroke-dasharray="${c}" stroke-dashoffset="${ringDashOffset(90, c)}"`);
    expect(html).toContain('data-progress="100"');
    expect(html).toContain(`stroke-dasharray="${c}" stroke-dashoffset="0"`);
  });

  it("draws no bar at 0 % (round caps would show a dot)", () => {
    const last = html.slice(html.lastIndexOf('<li class="w-stats__card"'));
    expect(last).toContain('data-progress="0"');
    expect(last).not.toContain("w-stats__bar");
  });
});
