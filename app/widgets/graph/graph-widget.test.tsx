import { describe, expect, it } from "vitest";
import { renderMarkup } from "../../../tests/support/markup";
import { rasterImage } from "../../../tests/support/widgets";
import { GRAPH_THREE_COLUMN_MIN, GraphWidget, graphColumns, graphSizes } from "./graph-widget";

describe("graphColumns", () => {
  it("uses 3 columns from 3 items, else 2", () => {
    expect(GRAPH_THREE_COLUMN_MIN).toBe(3);
    expect(graphColumns(0)).toBe(2);
    expect(graphColumns(1)).toBe(2);
    expect(graphColumns(2)).toBe(2);
    expect(graphColumns(3)).toBe(3);
    expect(graphColumns(7)).toBe(3);
  });
});

describe("GraphWidget", () => {
  const image = (n: number) => rasterImage(`graph-step-${n}`, 900, 600, `Identity graph step ${n}`);

  it("exposes 2 columns for two items", () => {
    const html = renderMarkup(<GraphWidget items={[image(1), image(2)]} />);
    expect(html.startsWith('<ul class="w-graph" data-widget="graph" data-columns="2">')).toBe(true);
    expect(html.match(/<li class="w-graph__item">/g)).toHaveLength(2);
    expect(html).toContain(`sizes="${graphSizes(2)}"`);
  });

  it("exposes 3 columns for three items, each image sized and described", () => {
    const html = renderMarkup(<GraphWidget items={[image(1), image(2), image(3)]} />);
    expect(html).toContain('data-columns="3"');
    expect(html).toContain(`sizes="${graphSizes(3)}"`);
    expect(graphSizes(3)).toBe("(min-width: 72rem) 384px, (min-width: 40rem) 33vw, 100vw");
    expect(html).toContain('alt="Identity graph step 3"');
    expect(html.match(/width="900" height="600"/g)).toHaveLength(3);
  });
});
