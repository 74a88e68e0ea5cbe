// Media models: images and video files as pages and widgets receive them. Kept apart from
// models.ts because widget models use them and models.ts composes the widget models.

/**
 * An image ready for `<picture>`. `src` is the default source (the size transform nearest
 * the width the layout asks for); `sources` are `<source>` entries, WebP first.
 * `mediaType` is the BCMS media type: the Picture component refuses anything that is not
 * IMG or SVG with "Media of type {type} cannot be used as an image".
 */
export interface ImageModel {
  mediaType: string;
  src: string;
  width: number;
  height: number;
  alt: string;
  sources: ImageSource[];
  /** Inline SVG markup (sanitised), present when the media is SVG and was injected. */
  svg?: string;
}

export interface ImageSource {
  type: string;
  srcset: string;
}

/** An uploaded video file (BCMS media of type VID) served through our media route. */
export interface VideoFileModel {
  src: string;
  mimetype: string;
  width: number;
  height: number;
  /** WebVTT caption tracks (WCAG 1.2.2) for videos with speech; the first is the default. */
  captions?: VideoCaptionTrack[];
}

export interface VideoCaptionTrack {
  src: string;
  /** BCP 47 language of the captions ("en"). */
  srclang: string;
  label: string;
}
