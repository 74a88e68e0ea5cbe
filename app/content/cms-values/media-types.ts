// The media types the site serves from the CMS's files on its own origin. A file is shown
// inline only when its type cannot run script there: images (SVG too: answered under
// MEDIA_CONTENT_SECURITY_POLICY, and an <img> never runs an SVG's script), video, audio,
// PDF and plain text. Anything else (HTML, JavaScript, XML, an unknown or malformed type)
// is sent as an opaque download, so no page of ours can load it as a script or a document.
import type { CmsValueCheck } from "./checked";

/** The policy of every /media/ answer: nothing loads, nothing runs, a unique origin. */
export const MEDIA_CONTENT_SECURITY_POLICY =
  "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox";

/** What an upload of a type the site does not show is sent as. */
export const DOWNLOAD_MEDIA_TYPE = "application/octet-stream";

const INLINE_MEDIA_TYPES: ReadonlySet<string> = new Set([
  "image/jpeg",
  "image/png",
  "image/gif",
  "image/webp",
  "image/avif",
  "image/svg+xml",
  "video/mp4",
  "video/webm",
  "video/quicktime",
  "audio/mpeg",
  "audio/ogg",
  "audio/wav",
  "audio/webm",
  "application/pdf",
  "text/plain",
]);

/** How one file is answered: its Content-Type, and whether it is a download. */
export interface MediaServing {
  contentType: string;
  attachment: boolean;
}

/**
 * The Content-Type the CMS's file service gave, as the site will send it: a type it shows
 * (kept as given, its parameters too), or a refusal: the caller sends a download instead.
 */
export const checkMediaType: CmsValueCheck<string> = (raw) => {
  if (typeof raw !== "string") return { problem: "has no media type" };
  const essence = raw.split(";", 1)[0]?.trim().toLowerCase() ?? "";
  if (!INLINE_MEDIA_TYPES.has(essence)) {
    return { problem: `is not a type the site shows inline (${JSON.stringify(raw)})` };
  }
  return { value: raw };
};

/** The answer's type for what the file service said: shown inline, or an opaque download. */
export function mediaServing(contentType: string | null): MediaServing {
  const checked = checkMediaType(contentType ?? undefined);
  return "value" in checked
    ? { contentType: checked.value, attachment: false }
    : { contentType: DOWNLOAD_MEDIA_TYPE, attachment: true };
}
