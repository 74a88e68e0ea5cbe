import { describe, expect, it } from "vitest";
import { RichContent } from "~/components/rich-text/rich-content";
import type { WidgetModel, WidgetName } from "~/content/models";
import { renderMarkup } from "../../tests/support/markup";
import { rasterImage, svgLogo } from "../../tests/support/widgets";
import { lookupWidget, WIDGET_REGISTRY, WidgetBlock } from "./registry";
import { UnhandledWidget, unhandledWidgetMessage } from "./unhandled-widget";

const widgets: WidgetModel[] = [
  {
    name: "video",
    embedUrl: "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
    title: "ID5 in 90 seconds",
  },
  { name: "content-cols", cols: [[{ type: "rich", nodes: ["Left"] }], []] },
  { name: "cta", href: "/contact", label: "Contact us" },
  { name: "stats", items: [{ title: "Daily IDs", value: "3bn", progress: 80 }] },
  { name: "testimonials", items: [{ quote: "Great.", author: { name: "A. Person" } }] },
  { name: "companies", items: [{ logo: svgLogo("acme", "Acme"), description: [] }] },
  { name: "graph", items: [rasterImage("g1"), rasterImage("g2"), rasterImage("g3")] },
];

describe("widget registry", () => {
  it("registers exactly the seven widgets", () => {
    const names: WidgetName[] = widgets.map((w) => w.name);
    expect(Object.keys(WIDGET_REGISTRY).sort()).toEqual([...names].sort());
  });

  it.each(widgets.map((w) => [w.name, w] as const))("dispatches %s to its component", (name, w) => {
    const html = renderMarkup(<WidgetBlock widget={w} Blocks={RichContent} />);
    expect(html).toContain(`data-widget="${name}"`);
    expect(html).not.toContain("data-widget-unhandled");
  });

  it("renders the hidden placeholder with its message for an unknown widget", () => {
    const unknown = { name: "pricing-table", rows: 3 } as unknown as WidgetModel;
    const html = renderMarkup(<WidgetBlock widget={unknown} Blocks={RichContent} />);
    expect(unhandledWidgetMessage("pricing-table")).toBe("Widget pricing-table is not handled");
    expect(html).toBe(
      '<div hidden="" data-widget-unhandled="pricing-table" data-message="Widget pricing-table is not handled">Widget pricing-table is not handled</div>',
    );
  });

  it("looks up own keys only", () => {
    expect(lookupWidget("stats")).toBe(WIDGET_REGISTRY.stats);
    expect(lookupWidget("toString")).toBeUndefined();
    expect(lookupWidget("__proto__")).toBeUndefined();
  });

  it("UnhandledWidget escapes the name", () => {
    const html = renderMarkup(<UnhandledWidget name={'<b onclick="x">'} />);
    expect(html).not.toContain("<b ");
    expect(html).toContain("Widget &lt;b onclick=&quot;x&quot;&gt; is not handled");
  });
});
