// BCMS parsed media → ImageModel / VideoFileModel with URLs on our own media route
// (/media/{id}/{name}), so no CMS URL or key reaches the browser.

import { MEDIA_ROUTE_BASE } from "~/config/site";
import { buildMediaProxyUrl, buildSrcSet, formatSrcSet, pickSizeTransform } from "../../bcms";
import { getContentClient } from "./content-client.server";
import { notFound, withContent } from "./content-errors.server";
import { contentTag, recordRead } from "./content-tags.server";
import type { ImageModel, ImageSource, VideoFileModel } from "./models";
import { isRec, readNumber, readString } from "./read.server";
import { sanitizeSvg } from "./sanitize-svg.server";

interface ParsedMedia {
  id: string;
  name: string;
  type: string;
  mimetype: string;
  width: number;
  height: number;
  alt: string;
  caption?: string;
  sizeTransforms: string[];
  svg?: string;
}

/** Reads a parsed media value (PropMediaDataParsed); undefined when it is not one. */
export function readMedia(value: unknown): ParsedMedia | undefined {
  if (!isRec(value)) return undefined;
  const id = readString(value._id);
  const name = readString(value.name);
  const type = readString(value.type);
  if (!id || !name || !type) return undefined;
  recordRead(contentTag.media(id));
  return {
    id,
    name,
    type,
    mimetype: readString(value.mimetype) ?? "application/octet-stream",
    width: readNumber(value.width) ?? -1,
    height: readNumber(value.height) ?? -1,
    alt: readString(value.alt_text) ?? readString(value.altText) ?? "",
    caption: readString(value.caption),
    sizeTransforms: Array.isArray(value.sizeTransforms)
      ? value.sizeTransforms.filter((s): s is string => typeof s === "string")
      : [],
    svg: readString(value.svg),
  };
}

export interface ImageOptions {
  /** The CSS width the layout renders the image at (it picks the default source). */
  width: number;
  /** Overrides the CMS alt text (e.g. decorative images: ""). */
  alt?: string;
}

const SVG_FALLBACK_SIZE = 160;

/** Any media as an image model; non-image types keep their type so the UI can refuse them. */
export function toImageModel(value: unknown, options: ImageOptions): ImageModel | undefined {
  const media = readMedia(value);
  if (!media) return undefined;
  const alt = options.alt ?? media.alt;
  const original = buildMediaProxyUrl(MEDIA_ROUTE_BASE, media.id, media.name, {});
  if (media.type === "SVG") {
    const svg = media.svg ? sanitizeSvg(media.svg) : undefined;
    return {
      mediaType: "SVG",
      src: original,
      width: media.width > 0 ? media.width : SVG_FALLBACK_SIZE,
      height: media.height > 0 ? media.height : SVG_FALLBACK_SIZE,
      alt,
      sources: [],
      ...(svg ? { svg } : {}),
    };
  }
  if (media.type !== "IMG") {
    return {
      mediaType: media.type,
      src: original,
      width: Math.max(media.width, 0),
      height: Math.max(media.height, 0),
      alt,
      sources: [],
    };
  }
  const sizing = {
    urlBase: MEDIA_ROUTE_BASE,
    mediaId: media.id,
    filename: media.name,
    sizeTransforms: media.sizeTransforms,
    originalWidth: media.width,
    originalHeight: media.height,
  };
  const picked = pickSizeTransform({
    sizeTransforms: media.sizeTransforms,
    width: options.width,
    originalWidth: media.width,
    originalHeight: media.height,
  });
  const sources: ImageSource[] = [];
  const webp = buildSrcSet({ ...sizing, webp: true });
  if (webp.length > 0) sources.push({ type: "image/webp", srcset: formatSrcSet(webp) });
  const plain = buildSrcSet(sizing);
  if (plain.length > 0) sources.push({ type: media.mimetype, srcset: formatSrcSet(plain) });
  const width = picked?.width ?? media.width;
  const height = picked?.height ?? media.height;
  return {
    mediaType: "IMG",
    src: picked
      ? buildMediaProxyUrl(MEDIA_ROUTE_BASE, media.id, media.name, {
          sizeTransform: picked.sizeTransform,
        })
      : original,
    width: width > 0 ? width : options.width,
    height: height > 0 ? height : Math.round((options.width * 9) / 16),
    alt,
    sources,
  };
}

export function toVideoFileModel(value: unknown): VideoFileModel | undefined {
  const media = readMedia(value);
  if (media?.type !== "VID") return undefined;
  return {
    src: buildMediaProxyUrl(MEDIA_ROUTE_BASE, media.id, media.name, {}),
    mimetype: media.mimetype,
    width: media.width > 0 ? media.width : 1280,
    height: media.height > 0 ? media.height : 720,
  };
}

export function mediaCaption(value: unknown): string | undefined {
  return readMedia(value)?.caption;
}

export function isVideoMedia(value: unknown): boolean {
  return readMedia(value)?.type === "VID";
}

/** A media file by its name (e.g. the site-agreement PDF); 404 when there is none. */
export function loadMediaByName(name: string): Promise<{ id: string; name: string }> {
  return withContent(name, async () => {
    recordRead(contentTag.mediaLibrary);
    const all = await getContentClient().media.getAll();
    const media = all.find((m) => m.name === name && m.type !== "DIR");
    if (!media) notFound(`/${name}`);
    return { id: media._id, name: media.name };
  });
}
