// The site's media route: streams BCMS `bin2` binaries to the browser through the content
// client (which adds the key, on the server). Only well-formed ids, names and flags are forwarded.
import { BcmsError } from "../../bcms";
import { MEDIA_CACHE_CONTROL, NO_STORE } from "../config/cache-control";
import { MEDIA_CONTENT_SECURITY_POLICY, mediaServing } from "./cms-values/media-types";
import { getContentClient } from "./content-client.server";
import { logger } from "./log.server";
import { SIZE_TRANSFORM_PARAM, THUMBNAIL_PARAM, WEBP_PARAM } from "./media-query";
import { listGatedMediaIds } from "./templates/resource.server";

const MEDIA_ID = /^[0-9a-f]{24}$/i;
const SIZE_TRANSFORM = /^\d{1,5}x-?\d{1,5}$/;
const FORWARDED_REQUEST_HEADERS = ["range", "if-none-match", "if-modified-since"];
const FORWARDED_RESPONSE_HEADERS = [
  "content-length",
  "content-range",
  "accept-ranges",
  "etag",
  "last-modified",
];

function plain(status: number, message: string): Response {
  return new Response(message, {
    status,
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": NO_STORE },
  });
}

export async function proxyMedia(
  request: Request,
  params: { id?: string; name?: string },
  options: { gated?: boolean } = {},
): Promise<Response> {
  const { id, name } = params;
  if (!id || !MEDIA_ID.test(id) || !name || /[/\\]|^\.\.?$/.test(name)) {
    return plain(404, "Media not found");
  }
  // A gated download is served only through its signed link (app/forms/downloads.server.ts).
  if (!options.gated) {
    let gated: Set<string>;
    try {
      gated = await listGatedMediaIds();
    } catch {
      return plain(503, "Media temporarily unavailable");
    }
    if (gated.has(id)) return plain(404, "Media not found");
  }
  const query = new URL(request.url).searchParams;
  const sizeTransform = query.get(SIZE_TRANSFORM_PARAM) ?? undefined;
  if (sizeTransform !== undefined && !SIZE_TRANSFORM.test(sizeTransform)) {
    return plain(400, "Invalid size transform");
  }
  const forwarded: Record<string, string> = {};
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = request.headers.get(name);
    if (value) forwarded[name] = value;
  }
  let upstream: Response;
  try {
    upstream = await getContentClient().media.fetchBin(id, name, {
      webp: query.get(WEBP_PARAM) === "t",
      thumbnail: query.get(THUMBNAIL_PARAM) === "t",
      ...(sizeTransform ? { sizeTransform } : {}),
      headers: forwarded,
      signal: request.signal,
    });
  } catch (error) {
    // A visitor who navigated away cancelled the request: nothing went wrong.
    if (request.signal.aborted) return plain(503, "Request cancelled");
    if (error instanceof BcmsError && error.status === 404) return plain(404, "Media not found");
    if (error instanceof BcmsError && error.status === 400) return plain(400, "Bad media request");
    if (error instanceof BcmsError && error.status !== null) {
      logger.warn("Media upstream error", { id, status: error.status });
      return plain(502, "Media temporarily unavailable");
    }
    logger.warn("Media fetch failed", { id, error: (error as Error).message });
    return plain(503, "Media temporarily unavailable");
  }
  const out = new Headers({
    "cache-control": MEDIA_CACHE_CONTROL,
    "x-content-type-options": "nosniff",
  });
  for (const name of FORWARDED_RESPONSE_HEADERS) {
    const value = upstream.headers.get(name);
    if (value) out.set(name, value);
  }
  // Only types that cannot run script here are shown; HTML, JavaScript and the rest are an
  // opaque download (cms-values/media-types.ts). The server keeps this policy on the answer.
  const serving = mediaServing(upstream.headers.get("content-type"));
  out.set("content-type", serving.contentType);
  if (serving.attachment) out.set("content-disposition", "attachment");
  out.set("content-security-policy", MEDIA_CONTENT_SECURITY_POLICY);
  if (request.method === "HEAD") await upstream.body?.cancel();
  return new Response(request.method === "HEAD" ? null : upstream.body, {
    status: upstream.status,
    headers: out,
  });
}
