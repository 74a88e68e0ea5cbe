import type { ContentBlock } from "~/content/models";
import { readList, readRichItems } from "~/content/read.server";
import { WidgetDataError, type WidgetMapper } from "../mapping.server";
import type { ContentColsModel } from "./model";

export const mapContentColsWidget: WidgetMapper<ContentColsModel<ContentBlock>> = (value, ctx) => {
  const cols = readList(value.cols).map((col) => ctx.toContentBlocks(readRichItems(col)));
  if (cols.length === 0) throw new WidgetDataError("no columns");
  return { name: "content-cols", cols };
};
