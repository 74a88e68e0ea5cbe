import { toImageModel } from "~/content/media.server";
import type { ImageModel } from "~/content/media-models";
import { readList } from "~/content/read.server";
import { WIDGET_IMAGE_WIDTHS, type WidgetMapper } from "../mapping.server";
import type { GraphModel } from "./model";

export const mapGraphWidget: WidgetMapper<GraphModel> = (value) => ({
  name: "graph",
  items: readList(value.items)
    .map((v) => toImageModel(v, { width: WIDGET_IMAGE_WIDTHS.graph }))
    .filter((v): v is ImageModel => v !== undefined),
});
