// Identity-graph illustrations in a grid: 3 columns from 3 items up, else 2.
import { Picture } from "~/components/media/picture";
import type { WidgetProps } from "../types";
import "./graph.css";

/** The grid has 3 columns when there are at least this many items. */
export const GRAPH_THREE_COLUMN_MIN = 3;

export function graphColumns(count: number): 2 | 3 {
  return count >= GRAPH_THREE_COLUMN_MIN ? 3 : 2;
}

/** Rendered width of one cell: 1 column on phones, then 2 or 3 inside the content width. */
export function graphSizes(columns: 2 | 3): string {
  return `(min-width: 72rem) ${Math.round(1152 / columns)}px, (min-width: 40rem) ${Math.round(100 / columns)}vw, 100vw`;
}

export function GraphWidget({ items }: WidgetProps<"graph">) {
  const columns = graphColumns(items.length);
  const sizes = graphSizes(columns);
  return (
    <ul className="w-graph" data-widget="graph" data-columns={columns}>
      {items.map((image, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static list, never reordered
        <li key={index} className="w-graph__item">
          <Picture image={image} sizes={sizes} className="w-graph__img" />
        </li>
      ))}
    </ul>
  );
}
