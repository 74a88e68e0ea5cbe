// A BCMS media value as the content layer receives it (a parsed MEDIA prop or media item),
// for the tests of the content layer and the widget mappers.
export function bcmsMedia(type: string, extra: Record<string, unknown> = {}) {
  return {
    _id: "0123456789abcdef01234567",
    name: type === "VID" ? "clip.mp4" : "photo.jpg",
    type,
    mimetype: type === "VID" ? "video/mp4" : "image/jpeg",
    width: 1600,
    height: 900,
    alt_text: "A photo",
    caption: "",
    sizeTransforms: ["350x197", "650x366", "1024x576", "1600x900"],
    ...extra,
  };
}
