// Media binary (`bin2`) addressing: query flags, the CDN-host rule, server-side URLs for the
// CMS and key-free URLs for browsers (through the site's own media proxy).
import type { Media } from "@thebcms/types";
import { buildPath, encodePathSegment, instanceBasePath } from "./paths";

/** Binaries of BCMS's hosted app are served by its CDN, at the same path. */
export const BCMS_HOSTED_APP_ORIGIN = "https://app.thebcms.com";
export const BCMS_CDN_ORIGIN = "https://cdn.thebcms.com";
/** Value of every bin2 flag (`webp=t`, `tmb=t`). */
export const MEDIA_FLAG_TRUE = "t";

export interface MediaBinOptions {
  /** WebP version of the original or of the chosen size. */
  webp?: boolean;
  /** One of `media.sizeTransforms`, `WxH`. */
  sizeTransform?: string;
  /** The thumbnail. */
  thumbnail?: boolean;
}

/** `webp=t`, `sizeT=WxH`, `tmb=t` in that order; empty record when no flag is set. */
export function mediaBinQuery(options: MediaBinOptions = {}): Record<string, string> {
  const query: Record<string, string> = {};
  if (options.webp) query.webp = MEDIA_FLAG_TRUE;
  if (options.sizeTransform) query.sizeT = options.sizeTransform;
  if (options.thumbnail) query.tmb = MEDIA_FLAG_TRUE;
  return query;
}

/** `?webp=t&sizeT=…&tmb=t`, or "" when no flag is set. */
export function mediaBinQueryString(options: MediaBinOptions = {}): string {
  const query = new URLSearchParams(mediaBinQuery(options)).toString();
  return query ? `?${query}` : "";
}

/** Origin that serves binaries: the CDN for the hosted app, the CMS origin otherwise. */
export function resolveBinOrigin(cmsOrigin: string): string {
  return cmsOrigin.startsWith(BCMS_HOSTED_APP_ORIGIN) ? BCMS_CDN_ORIGIN : cmsOrigin;
}

/** `/media/{id}/bin2/{filename}` relative to the instance base (segments encoded). */
export function mediaBinRelativePath(mediaId: string, filename: string): string {
  return buildPath("media", mediaId, "bin2", filename);
}

/**
 * Absolute bin2 URL for server-side fetching with the Authorization header. It never carries
 * the API key, so it is safe to log; still, browsers should get proxy URLs instead.
 */
export function buildMediaBinUrl(
  target: { cmsOrigin: string; orgId: string; instanceId: string },
  mediaId: string,
  filename: string,
  options: MediaBinOptions = {},
): string {
  return `${resolveBinOrigin(target.cmsOrigin)}${instanceBasePath(
    target.orgId,
    target.instanceId,
  )}${mediaBinRelativePath(mediaId, filename)}${mediaBinQueryString(options)}`;
}

/**
 * Browser URL through the site's media proxy: `{urlBase}/{id}/{filename}?flags`. The base is the
 * site's own (e.g. `/media`); it must not carry a query, and no key is ever added.
 */
export function buildMediaProxyUrl(
  urlBase: string,
  mediaId: string,
  filename: string,
  options: MediaBinOptions = {},
): string {
  if (urlBase.includes("?") || urlBase.includes("#")) {
    throw new TypeError("The media URL base must not contain a query or a fragment");
  }
  const base = urlBase.replace(/\/+$/, "");
  return `${base}/${encodePathSegment(mediaId)}/${encodePathSegment(filename)}${mediaBinQueryString(
    options,
  )}`;
}

/** `photo.jpg` → `photo.webp` (the name a WebP variant is requested under). */
export function webpFilename(filename: string): string {
  const dot = filename.lastIndexOf(".");
  const stem = dot > 0 ? filename.slice(0, dot) : filename;
  return `${stem}.webp`;
}

/** `/dir/sub/name.ext` from the parent chain (cycles and missing parents stop the walk). */
export function resolveMediaPath(
  media: Pick<Media, "_id" | "name" | "parentId">,
  allMedia: readonly Pick<Media, "_id" | "name" | "parentId">[],
): string {
  const byId = new Map(allMedia.map((item) => [item._id, item]));
  const names = [media.name];
  const seen = new Set([media._id]);
  let parentId = media.parentId;
  while (parentId && !seen.has(parentId)) {
    const parent = byId.get(parentId);
    if (!parent) break;
    seen.add(parent._id);
    names.unshift(parent.name);
    parentId = parent.parentId;
  }
  return `/${names.join("/")}`;
}
