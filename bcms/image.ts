// Responsive image helpers (pure): choosing a size transform for a rendered width and
// building srcset candidates from `sizeTransforms` against the site's own media URL base.
import { buildMediaProxyUrl, webpFilename } from "./media";

/** Media types that can be displayed as an image. */
export const IMAGE_MEDIA_TYPES: readonly string[] = ["IMG", "SVG"];

/** Media of a wrong type used as an image. */
export function mediaNotImageMessage(type: string): string {
  return `Media of type ${type} cannot be used as an image`;
}

export function isImageMediaType(type: unknown): boolean {
  return typeof type === "string" && IMAGE_MEDIA_TYPES.includes(type);
}

/** Size of a transform; height is -1 when the CMS leaves it to the aspect ratio. */
export interface TransformSize {
  width: number;
  height: number;
}

const SIZE_TRANSFORM_PATTERN = /^\s*(\d+)\s*x\s*(-1|\d+)\s*$/;

/** Parses `WxH` (H may be -1); null for anything malformed or non-positive. */
export function parseSizeTransform(value: unknown): TransformSize | null {
  if (typeof value !== "string") return null;
  const match = SIZE_TRANSFORM_PATTERN.exec(value);
  if (!match) return null;
  const width = Number(match[1]);
  const height = Number(match[2]);
  if (!Number.isSafeInteger(width) || width <= 0) return null;
  if (height !== -1 && (!Number.isSafeInteger(height) || height <= 0)) return null;
  return { width, height };
}

/** Height for `width` keeping the original aspect ratio; null when the original is unknown. */
export function deriveHeight(
  width: number,
  originalWidth: number | undefined,
  originalHeight: number | undefined,
): number | null {
  if (
    originalWidth === undefined ||
    originalHeight === undefined ||
    !Number.isFinite(originalWidth) ||
    !Number.isFinite(originalHeight) ||
    originalWidth <= 0 ||
    originalHeight <= 0
  ) {
    return null;
  }
  return Math.max(1, Math.round((width * originalHeight) / originalWidth));
}

export interface PickSizeTransformInput {
  /** `media.sizeTransforms`; may be missing, empty or hold malformed strings. */
  sizeTransforms: readonly unknown[] | null | undefined;
  /** Rendered width in CSS pixels. */
  width: number;
  /** Default 1. */
  devicePixelRatio?: number;
  /** Original media size, for transforms whose height is -1. */
  originalWidth?: number;
  originalHeight?: number;
}

export interface PickedSizeTransform {
  /** The transform string as given, to send as `sizeT`. */
  sizeTransform: string;
  width: number;
  /** Null when the height is -1 and the original size is unknown. */
  height: number | null;
}

/**
 * The size transform whose width is closest to width × devicePixelRatio. On a tie the
 * larger one wins (sharper rather than blurry). An invalid requested width picks the largest.
 * Null when there is no usable transform.
 */
export function pickSizeTransform(input: PickSizeTransformInput): PickedSizeTransform | null {
  const candidates: Array<{ value: string; size: TransformSize }> = [];
  for (const value of input.sizeTransforms ?? []) {
    const size = parseSizeTransform(value);
    if (size && typeof value === "string") candidates.push({ value, size });
  }
  if (candidates.length === 0) return null;
  const dpr =
    input.devicePixelRatio !== undefined &&
    Number.isFinite(input.devicePixelRatio) &&
    input.devicePixelRatio > 0
      ? input.devicePixelRatio
      : 1;
  const target = Number.isFinite(input.width) && input.width > 0 ? input.width * dpr : Infinity;
  let best = candidates[0];
  for (const candidate of candidates) {
    if (!best) break;
    const delta = Math.abs(candidate.size.width - target);
    const bestDelta = Math.abs(best.size.width - target);
    if (delta < bestDelta || (delta === bestDelta && candidate.size.width > best.size.width)) {
      best = candidate;
    }
  }
  if (!best) return null;
  const height =
    best.size.height === -1
      ? deriveHeight(best.size.width, input.originalWidth, input.originalHeight)
      : best.size.height;
  return { sizeTransform: best.value, width: best.size.width, height };
}

export interface SrcSetInput {
  /** The site's media proxy base, e.g. `/media`. Never a CMS URL with a key. */
  urlBase: string;
  mediaId: string;
  /** The media's file name (e.g. `cover.jpg`). */
  filename: string;
  sizeTransforms: readonly unknown[] | null | undefined;
  /** Ask for WebP variants (`webp=t`, `.webp` name). */
  webp?: boolean;
  originalWidth?: number;
  originalHeight?: number;
}

export interface SrcSetCandidate {
  url: string;
  width: number;
  height: number | null;
  sizeTransform: string;
}

/** One candidate per distinct transform width, narrowest first; malformed entries are skipped. */
export function buildSrcSet(input: SrcSetInput): SrcSetCandidate[] {
  const byWidth = new Map<number, SrcSetCandidate>();
  const filename = input.webp ? webpFilename(input.filename) : input.filename;
  for (const value of input.sizeTransforms ?? []) {
    const size = parseSizeTransform(value);
    if (!size || typeof value !== "string" || byWidth.has(size.width)) continue;
    byWidth.set(size.width, {
      url: buildMediaProxyUrl(input.urlBase, input.mediaId, filename, {
        webp: input.webp === true,
        sizeTransform: value,
      }),
      width: size.width,
      height:
        size.height === -1
          ? deriveHeight(size.width, input.originalWidth, input.originalHeight)
          : size.height,
      sizeTransform: value,
    });
  }
  return [...byWidth.values()].sort((a, b) => a.width - b.width);
}

/** `url 350w, url 650w` for the `srcset` attribute. */
export function formatSrcSet(candidates: readonly SrcSetCandidate[]): string {
  return candidates.map((candidate) => `${candidate.url} ${candidate.width}w`).join(", ");
}
