import type { ImageModel } from "~/content/media-models";

export interface GraphModel {
  name: "graph";
  items: ImageModel[];
}
