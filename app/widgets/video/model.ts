import type { ImageModel, VideoFileModel } from "~/content/media-models";

export interface VideoModel {
  name: "video";
  /** Uploaded video: plays with controls. */
  video?: VideoFileModel;
  /** Privacy-friendly embed URL (youtube-nocookie.com), already rewritten from watch links. */
  embedUrl?: string;
  thumbnail?: ImageModel;
  title?: string;
}
