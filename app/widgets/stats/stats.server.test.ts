import { describe, expect, it } from "vitest";
import { mapStatsWidget } from "./stats.server";

const nested = { toContentBlocks: () => [] };

describe("mapStatsWidget", () => {
  it("fills the stats default progress when the CMS leaves it empty", () => {
    const stats = mapStatsWidget(
      { items: [{ title: "Countries", value: "80+", progress: null }] },
      nested,
    );
    expect(stats.items[0]?.progress).toBe(100);
  });
});
