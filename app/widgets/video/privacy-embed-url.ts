// Rewrites YouTube watch/share/embed links to the privacy-enhanced embed origin. Pure; the
// content layer calls it when it builds the video widget model.

export const PRIVACY_EMBED_ORIGIN = "https://www.youtube-nocookie.com";

const YOUTUBE_HOSTS = new Set(["youtube.com", "youtube-nocookie.com"]);
const SHORT_HOST = "youtu.be";
/** Path prefixes on youtube.com that carry the video id as the next segment. */
const ID_PATHS = new Set(["embed", "shorts", "live", "v"]);
const VIDEO_ID = /^[A-Za-z0-9_-]{6,20}$/;

/** Seconds from a YouTube time: "90", "90s", "1m30s", "1h2m3s". Undefined when unreadable. */
export function parseStartTime(value: string | null): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  const match = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(value);
  if (!match) return undefined;
  const [, h = "0", m = "0", s = "0"] = match;
  return Number(h) * 3600 + Number(m) * 60 + Number(s);
}

function youtubeVideoId(url: URL): string | undefined {
  const host = url.hostname.toLowerCase().replace(/^(www|m)\./, "");
  const segments = url.pathname.split("/").filter(Boolean);
  let id: string | undefined;
  if (host === SHORT_HOST) id = segments[0];
  else if (YOUTUBE_HOSTS.has(host)) {
    if (segments[0] === "watch") id = url.searchParams.get("v") ?? undefined;
    else if (segments[0] && ID_PATHS.has(segments[0])) id = segments[1];
  }
  return id && VIDEO_ID.test(id) ? id : undefined;
}

/**
 * youtube.com/watch?v=ID, youtu.be/ID, youtube.com/embed/ID (also shorts/live, www./m.,
 * http or https) → `${PRIVACY_EMBED_ORIGIN}/embed/ID`, keeping a start time (t= or start=)
 * as `?start=SECONDS`. Any other https URL is returned unchanged, another http URL is
 * upgraded to https (an http iframe is blocked as mixed content), and anything that is not
 * an http(s) URL gives undefined.
 */
export function toPrivacyEmbedUrl(input: string | null | undefined): string | undefined {
  const raw = input?.trim();
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return undefined;
  const id = youtubeVideoId(url);
  if (!id) {
    if (url.protocol === "https:") return raw;
    url.protocol = "https:";
    return url.href;
  }
  const start = parseStartTime(url.searchParams.get("t") ?? url.searchParams.get("start"));
  const embed = new URL(`/embed/${id}`, PRIVACY_EMBED_ORIGIN);
  if (start) embed.searchParams.set("start", String(start));
  return embed.href;
}

/** The iframe URL after a click on the play button: the embed URL with autoplay=1. */
export function withAutoplay(embedUrl: string): string {
  try {
    const url = new URL(embedUrl);
    url.searchParams.set("autoplay", "1");
    return url.href;
  } catch {
    return embedUrl;
  }
}
