// Every widget's model, one per widget folder. Nested content (columns, company
// descriptions) is left as the `Block` parameter; app/content/models.ts fills it in with its
// content block type, so the widget folders never import the union that contains them.
import type { CompaniesModel } from "./companies/model";
import type { ContentColsModel } from "./content-cols/model";
import type { CtaModel } from "./cta/model";
import type { GraphModel } from "./graph/model";
import type { StatsModel } from "./stats/model";
import type { TestimonialsModel } from "./testimonials/model";
import type { VideoModel } from "./video/model";

export type WidgetModelOf<Block> =
  | VideoModel
  | ContentColsModel<Block>
  | CtaModel
  | StatsModel
  | TestimonialsModel
  | CompaniesModel<Block>
  | GraphModel;
