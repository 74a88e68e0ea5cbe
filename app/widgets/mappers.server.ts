// The server-side widget table: BCMS widget name → the mapper that turns its value into the
// widget's model. The content layer dispatches through it (app/content/blocks.server.ts).
import type { WidgetModel, WidgetName } from "~/content/models";
import { mapCompaniesWidget } from "./companies/companies.server";
import { mapContentColsWidget } from "./content-cols/content-cols.server";
import { mapCtaWidget } from "./cta/cta.server";
import { mapGraphWidget } from "./graph/graph.server";
import type { WidgetMapper } from "./mapping.server";
import { mapStatsWidget } from "./stats/stats.server";
import { mapTestimonialsWidget } from "./testimonials/testimonials.server";
import { mapVideoWidget } from "./video/video.server";

export const WIDGET_MAPPERS: {
  readonly [N in WidgetName]: WidgetMapper<Extract<WidgetModel, { name: N }>>;
} = {
  video: mapVideoWidget,
  "content-cols": mapContentColsWidget,
  cta: mapCtaWidget,
  stats: mapStatsWidget,
  testimonials: mapTestimonialsWidget,
  companies: mapCompaniesWidget,
  graph: mapGraphWidget,
};

/** The mapper of a widget name, or undefined (own keys only). */
export function lookupWidgetMapper(name: string): WidgetMapper<WidgetModel> | undefined {
  return Object.hasOwn(WIDGET_MAPPERS, name) ? WIDGET_MAPPERS[name as WidgetName] : undefined;
}
