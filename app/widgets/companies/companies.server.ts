import { toImageModel } from "~/content/media.server";
import type { ContentBlock } from "~/content/models";
import { readRecords, readRichItems, readString } from "~/content/read.server";
import { WIDGET_IMAGE_WIDTHS, type WidgetMapper } from "../mapping.server";
import type { CompaniesModel, CompanyItem } from "./model";

export const mapCompaniesWidget: WidgetMapper<CompaniesModel<ContentBlock>> = (value, ctx) => {
  const items: CompanyItem<ContentBlock>[] = readRecords(value.items).map((item) => {
    const logo = toImageModel(item.logo, { width: WIDGET_IMAGE_WIDTHS.logo });
    return {
      ...(logo ? { logo } : {}),
      description: ctx.toContentBlocks(readRichItems(item.description)),
    };
  });
  const title = readString(value.title);
  return { name: "companies", ...(title ? { title } : {}), items };
};
