// An entry's page head: its SEO group first, the page's own description and image as
// fallbacks; the share image as an absolute URL on the site's origin, with its size; the
// entry's last change.
import { getEnv } from "~/config/env.server";
import { isImageMediaType } from "../../bcms";
import { entryModifiedAt, type LocalEntry } from "./entries.server";
import { readMedia, toImageModel } from "./media.server";
import type { PageHead } from "./models";
import { isRec, readBoolean, readString } from "./read.server";

/** Share cards are shown up to about this wide. */
const SHARE_IMAGE_WIDTH = 1200;

type ShareImage = Pick<PageHead, "image" | "imageWidth" | "imageHeight" | "imageAlt">;

function shareImage(value: unknown): ShareImage | undefined {
  const media = readMedia(value);
  if (!media || !isImageMediaType(media.type)) return undefined;
  const image = toImageModel(value, { width: SHARE_IMAGE_WIDTH });
  if (!image) return undefined;
  return {
    image: new URL(image.src, getEnv().siteOrigin).href,
    // An SVG's size is its drawing's, not pixels a share card could rely on.
    ...(media.type === "IMG" ? { imageWidth: image.width, imageHeight: image.height } : {}),
    ...(image.alt ? { imageAlt: image.alt } : {}),
  };
}

export function toPageHead(
  entry: LocalEntry,
  fallback: { description?: string; image?: unknown } = {},
): PageHead {
  const seo = isRec(entry.meta.seo) ? entry.meta.seo : {};
  const title = readString(seo.title) ?? readString(entry.meta.title);
  const description = readString(seo.description) ?? fallback.description;
  const image = shareImage(seo.image) ?? shareImage(fallback.image);
  const modifiedAt = entryModifiedAt(entry);
  return {
    ...(title ? { title } : {}),
    ...(description ? { description } : {}),
    ...image,
    ...(readBoolean(seo.no_index) ? { noIndex: true } : {}),
    ...(modifiedAt ? { modifiedAt } : {}),
  };
}
