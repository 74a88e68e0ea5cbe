import { toImageModel, toVideoFileModel } from "~/content/media.server";
import { readString } from "~/content/read.server";
import { WIDGET_IMAGE_WIDTHS, WidgetDataError, type WidgetMapper } from "../mapping.server";
import type { VideoModel } from "./model";
import { toPrivacyEmbedUrl } from "./privacy-embed-url";

export const mapVideoWidget: WidgetMapper<VideoModel> = (value) => {
  const video = toVideoFileModel(value.video);
  const iframe = readString(value.iframe);
  const embedUrl = iframe ? toPrivacyEmbedUrl(iframe) : undefined;
  if (!video && !embedUrl) throw new WidgetDataError("neither an uploaded video nor an embed URL");
  return {
    name: "video",
    ...(video ? { video } : {}),
    ...(embedUrl ? { embedUrl } : {}),
    ...(value.thumbnail
      ? { thumbnail: toImageModel(value.thumbnail, { width: WIDGET_IMAGE_WIDTHS.thumbnail }) }
      : {}),
    ...(readString(value.title) ? { title: readString(value.title) } : {}),
  };
};
