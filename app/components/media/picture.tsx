// Responsive image: <picture> with the model's sources (WebP first), an <img> that always
// carries width and height (no layout shift), lazy by default, eager + high priority for
// the largest above-the-fold image. SVG media with inline markup is inlined instead.
import type { ImageModel, ImageSource } from "~/content/models";
import { InlineSvg } from "./inline-svg";
import { IMAGE_MEDIA_TYPES, MediaError } from "./media-error";
import "./media.css";

/** The `sizes` used when the caller does not know better: the image spans the viewport. */
export const DEFAULT_SIZES = "100vw";

export interface PictureProps {
  image: ImageModel;
  /** The `sizes` attribute of every source; defaults to DEFAULT_SIZES. */
  sizes?: string;
  /** Above-the-fold hero/LCP image: loads eagerly with fetchpriority="high". */
  priority?: boolean;
  /** Class of the <img> (or of the inline SVG wrapper). */
  className?: string;
  /** Set to false to load eagerly without raising the priority. Default true. */
  lazy?: boolean;
}

const WEBP = "image/webp";

/** WebP sources first, the rest in their original order. */
export function orderSources(sources: readonly ImageSource[]): ImageSource[] {
  return [...sources.filter((s) => s.type === WEBP), ...sources.filter((s) => s.type !== WEBP)];
}

export function Picture({
  image,
  sizes = DEFAULT_SIZES,
  priority,
  className,
  lazy = true,
}: PictureProps) {
  if (!IMAGE_MEDIA_TYPES.includes(image.mediaType)) return <MediaError type={image.mediaType} />;
  if (image.mediaType === "SVG" && image.svg) {
    return <InlineSvg svg={image.svg} alt={image.alt} className={className} />;
  }
  const eager = priority || !lazy;
  return (
    <picture>
      {orderSources(image.sources).map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={sizes} />
      ))}
      <img
        className={className ? `media-img ${className}` : "media-img"}
        src={image.src}
        width={image.width}
        height={image.height}
        alt={image.alt}
        loading={eager ? "eager" : "lazy"}
        decoding="async"
        fetchPriority={priority ? "high" : undefined}
      />
    </picture>
  );
}
