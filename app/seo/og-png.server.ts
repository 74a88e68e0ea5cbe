// Share-card SVG → PNG with sharp (librsvg, system fonts), and the image routes' answer.
// The same SVG always gives the same PNG, so recent renderings are kept by their SVG text:
// once the server no longer serves the prerendered files (after a content event), a crawler
// asking for an image again costs a lookup, and an edited title a new rendering.
import sharp from "sharp";
import { HOUR_CACHE_CONTROL } from "../config/cache-control";
import { OG_IMAGE_HEIGHT, OG_IMAGE_WIDTH } from "./og-image.server";

export const PNG_CONTENT_TYPE = "image/png";
/** About 110-160 KB each: 4-5 MB at most. */
const KEPT_RENDERINGS = 32;
/**
 * zlib level of the PNG. Measured on share cards: level 9 took 87 ms for 124 KB, level 6
 * 53 ms for 132 KB (the drawing itself is about 30 ms), level 4 43 ms but 160 KB. Every
 * article has a card, rendered at build and after each edit: 10,000 articles saved 6 minutes
 * of build CPU for 6% more bytes.
 */
export const PNG_COMPRESSION_LEVEL = 6;
/** What a share card's PNG should stay under (at a lower zlib level it would not). */
export const SHARE_PNG_MAX_BYTES = 180 * 1024;

const kept = new Map<string, Promise<Buffer>>();

/**
 * Renders the SVG at 1200×630 to a full-colour PNG (PNG_COMPRESSION_LEVEL); a palette PNG
 * was half the bytes but twice the time, and banded the background's glow unless dithered.
 */
export function renderPng(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg), { density: 72 })
    .resize(OG_IMAGE_WIDTH, OG_IMAGE_HEIGHT, { fit: "fill" })
    .png({ compressionLevel: PNG_COMPRESSION_LEVEL })
    .toBuffer();
}

/** renderPng, with the latest renderings kept (least recently used goes first). */
export function sharePng(svg: string): Promise<Buffer> {
  const known = kept.get(svg);
  if (known) {
    kept.delete(svg);
    kept.set(svg, known);
    return known;
  }
  const rendering = renderPng(svg);
  kept.set(svg, rendering);
  rendering.catch(() => kept.delete(svg));
  if (kept.size > KEPT_RENDERINGS) {
    const oldest = kept.keys().next().value;
    if (oldest !== undefined) kept.delete(oldest);
  }
  return rendering;
}

/** The image route's answer. */
export async function sharePngResponse(svg: string): Promise<Response> {
  const png = await sharePng(svg);
  return new Response(new Uint8Array(png), {
    headers: {
      "Content-Type": PNG_CONTENT_TYPE,
      "Content-Length": String(png.byteLength),
      "Cache-Control": HOUR_CACHE_CONTROL,
    },
  });
}
