// Types shared by the widget components and the registry. Widgets import these, never the
// registry: the registry imports the widgets.
import type { ComponentType } from "react";
import type { ContentBlock, WidgetModel, WidgetName } from "~/content/models";

/** A widget component's props: its model without the discriminating name. */
export type WidgetProps<N extends WidgetName> = Omit<Extract<WidgetModel, { name: N }>, "name">;

/** Renders a list of content blocks (the rich-text block renderer). */
export type BlocksRenderer = ComponentType<{ blocks: readonly ContentBlock[]; className?: string }>;

/**
 * Given to every widget by the registry. Widgets that hold nested content render it with
 * `Blocks` instead of importing the block renderer, which imports them through the registry.
 */
export interface NestedBlocksProps {
  Blocks: BlocksRenderer;
}
