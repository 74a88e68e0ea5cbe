// The widget dispatcher: BCMS widget name → component. A name without a component renders
// the hidden "not handled" placeholder instead of failing the page.
import { type ComponentType, createElement } from "react";
import type { WidgetModel, WidgetName } from "~/content/models";
import { CompaniesWidget } from "./companies/companies-widget";
import { ContentColsWidget } from "./content-cols/content-cols-widget";
import { CtaWidget } from "./cta/cta-widget";
import { GraphWidget } from "./graph/graph-widget";
import { StatsWidget } from "./stats/stats-widget";
import { TestimonialsWidget } from "./testimonials/testimonials-widget";
import type { BlocksRenderer, NestedBlocksProps, WidgetProps } from "./types";
import { UnhandledWidget } from "./unhandled-widget";
import { VideoWidget } from "./video/video-widget";

export const WIDGET_REGISTRY: {
  readonly [N in WidgetName]: ComponentType<WidgetProps<N> & NestedBlocksProps>;
} = {
  video: VideoWidget,
  "content-cols": ContentColsWidget,
  cta: CtaWidget,
  stats: StatsWidget,
  testimonials: TestimonialsWidget,
  companies: CompaniesWidget,
  graph: GraphWidget,
};

type AnyWidgetComponent = ComponentType<Record<string, unknown>>;

/** The component registered for a widget name, or undefined (own keys only). */
export function lookupWidget(name: string): AnyWidgetComponent | undefined {
  if (!Object.hasOwn(WIDGET_REGISTRY, name)) return undefined;
  return WIDGET_REGISTRY[name as WidgetName] as unknown as AnyWidgetComponent;
}

/** One widget; `Blocks` renders the nested content of the widgets that hold some. */
export function WidgetBlock({ widget, Blocks }: { widget: WidgetModel; Blocks: BlocksRenderer }) {
  const Component = lookupWidget(widget.name);
  if (!Component) return createElement(UnhandledWidget, { name: widget.name });
  const { name: _name, ...props } = widget;
  return createElement(Component, { ...props, Blocks });
}
