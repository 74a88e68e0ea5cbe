// An entry's page head: its SEO group first, the page's own description and image as
// fallbacks; the share image as an absolute URL on the site's origin.
import { getEnv } from "~/config/env.server";
import type { LocalEntry } from "./entries.server";
import { readMedia, toImageModel } from "./media.server";
import type { PageHead } from "./models";
import { isRec, readBoolean, readString } from "./read.server";

/** Share cards are shown up to about this wide. */
const SHARE_IMAGE_WIDTH = 1200;

function absoluteImage(value: unknown): string | undefined {
  const media = readMedia(value);
  if (!media || (media.type !== "IMG" && media.type !== "SVG")) return undefined;
  const image = toImageModel(value, { width: SHARE_IMAGE_WIDTH });
  return image ? new URL(image.src, getEnv().siteOrigin).href : undefined;
}

export function toPageHead(
  entry: LocalEntry,
  fallback: { description?: string; image?: unknown } = {},
): PageHead {
  const seo = isRec(entry.meta.seo) ? entry.meta.seo : {};
  const title = readString(seo.title) ?? readString(entry.meta.title);
  const description = readString(seo.description) ?? fallback.description;
  const image = absoluteImage(seo.image) ?? absoluteImage(fallback.image);
  return {
    ...(title ? { title } : {}),
    ...(description ? { description } : {}),
    ...(image ? { image } : {}),
    ...(readBoolean(seo.no_index) ? { noIndex: true } : {}),
  };
}
