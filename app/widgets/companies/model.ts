import type { ImageModel } from "~/content/media-models";

/** The description is nested content: `Block` is a parameter for the reason given on ContentColsModel. */
export interface CompanyItem<Block> {
  logo?: ImageModel;
  description: Block[];
}

export interface CompaniesModel<Block> {
  name: "companies";
  title?: string;
  items: CompanyItem<Block>[];
}
