// Shared by the widget, rich-text and media tests: realistic page models.
import type { ContentBlock, ImageModel } from "../../app/content/models";

/** A raster image as the content layer maps it: WebP + original sources, default src. */
export function rasterImage(name: string, width = 1200, height = 675, alt = name): ImageModel {
  const base = `/media/65f2c1a9e4b0/${name}`;
  const widths = [480, 960, width];
  const srcset = (ext: string) =>
    widths.map((w) => `${base}-${w}x${Math.round((w * height) / width)}.${ext} ${w}w`).join(", ");
  return {
    mediaType: "IMG",
    src: `${base}-960x${Math.round((960 * height) / width)}.png`,
    width,
    height,
    alt,
    sources: [
      { type: "image/webp", srcset: srcset("webp") },
      { type: "image/png", srcset: srcset("png") },
    ],
  };
}

export function svgLogo(name: string, alt: string, inline = true): ImageModel {
  return {
    mediaType: "SVG",
    src: `/media/65f2c1a9e4b1/${name}.svg`,
    width: 160,
    height: 48,
    alt,
    sources: [],
    svg: inline
      ? `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 48"><rect width="160" height="48" fill="#0955d5"/></svg>`
      : undefined,
  };
}

export function paragraph(text: string): ContentBlock {
  return { type: "rich", nodes: [{ tag: "p", children: [text] }] };
}
