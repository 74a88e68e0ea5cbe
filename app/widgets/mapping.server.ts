// What every widget's server-side mapper shares: its signature, the error that says "this
// widget's data does not fit" (the content layer skips the block and logs the reason) and
// the widths images render at, which feed the default-source rule.
import type { ContentBlock } from "~/content/models";
import type { Rec } from "~/content/read.server";

export class WidgetDataError extends Error {}

export function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new WidgetDataError(`missing ${what}`);
  return value;
}

export interface WidgetMapContext {
  /** Maps nested content (columns, descriptions) with the rules of the page being mapped. */
  toContentBlocks(items: unknown): ContentBlock[];
}

/** BCMS widget value → the widget's model; throws WidgetDataError when the data does not fit. */
export type WidgetMapper<Model> = (value: Rec, ctx: WidgetMapContext) => Model;

/** Width (CSS px) widget images render at, per place. */
export const WIDGET_IMAGE_WIDTHS = {
  thumbnail: 960,
  graph: 480,
  logo: 160,
  avatar: 64,
} as const;
