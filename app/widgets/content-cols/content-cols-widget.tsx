// Rich text in columns: 1 on small screens, 2 from CONTENT_COLS_BREAKPOINT up.
import type { NestedBlocksProps, WidgetProps } from "../types";
import "./content-cols.css";

export const CONTENT_COLS_SMALL = 1;
export const CONTENT_COLS_LARGE = 2;
/** Mirrors the media query in content-cols.css. */
export const CONTENT_COLS_BREAKPOINT = "48rem"; // 768 px

export function ContentColsWidget({
  cols,
  Blocks,
}: WidgetProps<"content-cols"> & NestedBlocksProps) {
  return (
    <div className="w-content-cols" data-widget="content-cols">
      {cols.map((blocks, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static list, never reordered
        <Blocks key={index} blocks={blocks} className="w-content-cols__col" />
      ))}
    </div>
  );
}
