import { describe, expect, it } from "vitest";
import { toTabs } from "./tabs.server";

const ctx = { source: "test page", resolveInternalHref: () => undefined };

describe("toTabs", () => {
  it("keeps tabs with a label and an anchor, their body as content blocks", () => {
    const tabs = toTabs(
      [
        {
          label: "Publishers",
          anchor: "publishers",
          body: { nodes: [{ type: "paragraph", value: "<p>Sell more.</p>" }] },
        },
        { label: "No anchor", body: { nodes: [] } },
        { anchor: "no-label" },
        "not a tab",
      ],
      ctx,
    );
    expect(tabs).toEqual([
      {
        label: "Publishers",
        anchor: "publishers",
        body: [{ type: "rich", nodes: [{ tag: "p", children: ["Sell more."] }] }],
      },
    ]);
  });

  it("reads a missing list as no tabs", () => {
    expect(toTabs(undefined, ctx)).toEqual([]);
  });
});
