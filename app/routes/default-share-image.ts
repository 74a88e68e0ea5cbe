// GET /og/default.png: the share image of pages that have none of their own.
import { defaultShareImageResponse } from "~/seo/share-image.server";

export function loader() {
  return defaultShareImageResponse();
}
