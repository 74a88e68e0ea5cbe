/**
 * `GET media/{id}/bin2/{name}`: originals, listed size
 * transforms (`sizeT=WxH`), WebP (`webp=t`) and thumbnails (`tmb=t`). Variants
 * are made by sharp once and kept in a disk cache keyed by media id, version,
 * the binary's size and mtime and the variant, so an edited binary never serves
 * a stale variant. Every answer carries an ETag (304 on If-None-Match) and byte
 * ranges are honoured (video players seek with them).
 */

import { createHash, randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { extname, join } from "node:path";
import { pipeline } from "node:stream/promises";
import type { Media } from "@thebcms/types";
import sharp from "sharp";
import { HOUR_CACHE_CONTROL } from "../app/config/cache-control";
import type { SiteLogger } from "../app/logging/logger.server";
import { isErrno } from "./fs-durable";
import { badRequest, HttpError, notFound } from "./http";
import { parseSizeTransform } from "./size-transforms";
import type { ContentStore } from "./snapshot-store";

export const THUMBNAIL_WIDTH = 200;

/** SVGs are active documents; opened directly they must not run scripts. */
const SVG_CSP = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox";

const TYPES_BY_EXTENSION: Record<string, string> = {
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".gif": "image/gif",
  ".svg": "image/svg+xml",
  ".mp4": "video/mp4",
  ".webm": "video/webm",
  ".mov": "video/quicktime",
  ".pdf": "application/pdf",
  ".txt": "text/plain; charset=utf-8",
};

type OutputFormat = "jpeg" | "png" | "webp" | "avif";

interface Variant {
  /** Stable description of the variant, part of the cache key and ETag. */
  key: string;
  width?: number;
  height?: number;
  format: OutputFormat;
}

function contentTypeOf(media: Media, file: string): string {
  if (media.type === "SVG") return "image/svg+xml";
  if (typeof media.mimetype === "string" && /^[a-z]+\/[a-z0-9.+-]+$/i.test(media.mimetype)) {
    return media.mimetype;
  }
  return TYPES_BY_EXTENSION[extname(file).toLowerCase()] ?? "application/octet-stream";
}

function sameFormatAs(media: Media): OutputFormat {
  const mimetype = media.mimetype ?? "";
  if (mimetype === "image/jpeg") return "jpeg";
  if (mimetype === "image/webp") return "webp";
  if (mimetype === "image/avif") return "avif";
  return "png";
}

/** Works out which variant a query asks for; undefined means the original bytes. */
export function chooseVariant(media: Media, query: URLSearchParams): Variant | undefined {
  const webp = query.get("webp") === "t";
  const thumbnail = query.get("tmb") === "t";
  const sizeTransform = query.get("sizeT");
  if (thumbnail) {
    if (media.type !== "IMG" && media.type !== "GIF" && media.type !== "SVG") {
      throw badRequest(
        `Thumbnails are only available for images, not for media of type ${media.type}`,
      );
    }
    return {
      key: `tmb-${webp ? "webp" : "png"}`,
      width: THUMBNAIL_WIDTH,
      format: webp ? "webp" : "png",
    };
  }
  if (sizeTransform !== null) {
    if (media.type !== "IMG") {
      throw badRequest(`Size transforms are only available for IMG media, not for ${media.type}`);
    }
    const size = parseSizeTransform(sizeTransform);
    if (!size || !(media.sizeTransforms ?? []).includes(sizeTransform)) {
      throw badRequest(
        `Size transform "${sizeTransform}" is not available for media "${media._id}". Available: ${(media.sizeTransforms ?? []).join(", ")}`,
      );
    }
    const original = size.width === media.width && size.height === media.height;
    if (original && !webp) return undefined;
    const format = webp ? "webp" : sameFormatAs(media);
    return { key: `${size.width}x${size.height}-${format}`, ...size, format };
  }
  if (webp) {
    if (media.type !== "IMG")
      throw badRequest(`WebP is only available for IMG media, not for ${media.type}`);
    return { key: "webp", format: "webp" };
  }
  return undefined;
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

/** One satisfiable byte range, "unsatisfiable", or undefined to send everything. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | "unsatisfiable" | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === "" && match[2] === "")) return undefined;
  let start: number;
  let end: number;
  if (match[1] === "") {
    const suffix = Number(match[2]);
    if (suffix === 0) return "unsatisfiable";
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) return "unsatisfiable";
  return { start, end };
}

export class MediaBinService {
  private readonly inFlight = new Map<string, Promise<void>>();

  constructor(
    private readonly store: ContentStore,
    private readonly cacheDir: string,
    private readonly logger: SiteLogger,
  ) {}

  async serve(
    req: IncomingMessage,
    res: ServerResponse,
    mediaId: string,
    query: URLSearchParams,
  ): Promise<void> {
    const stored = this.store.get("media", mediaId);
    if (!stored) throw notFound(`Media with ID "${mediaId}" does not exist`);
    if (stored.type === "DIR")
      throw badRequest(`Media with ID "${mediaId}" is a directory and has no binary`);
    const media = this.store.mediaView(stored);
    const original = this.store.mediaFilePath(mediaId);
    const originalInfo = original ? await stat(original).catch(() => undefined) : undefined;
    if (!original || !originalInfo?.isFile()) {
      throw notFound(`Binary of media with ID "${mediaId}" does not exist`);
    }
    const variant = chooseVariant(media, query);
    const version = `${media.version ?? ""}:${media.updatedAt}:${originalInfo.size}:${originalInfo.mtimeMs}`;
    const digest = createHash("sha256")
      .update(`${mediaId}|${version}|${variant?.key ?? "original"}`)
      .digest("base64url")
      .slice(0, 32);
    const etag = `"${digest}"`;
    const headers: Record<string, string> = {
      ETag: etag,
      "Cache-Control": HOUR_CACHE_CONTROL,
      "Last-Modified": new Date(originalInfo.mtimeMs).toUTCString(),
      "X-Content-Type-Options": "nosniff",
    };
    if (matchesEtag(req.headers["if-none-match"], etag)) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    if (!variant) {
      headers["Content-Type"] = contentTypeOf(media, original);
      if (media.type === "SVG") headers["Content-Security-Policy"] = SVG_CSP;
      await sendFile(req, res, original, originalInfo.size, headers, etag);
      return;
    }
    const cached = join(this.cacheDir, `${mediaId}-${digest}.${variant.format}`);
    const cachedInfo = await this.ensureVariant(original, cached, variant);
    headers["Content-Type"] = `image/${variant.format}`;
    await sendFile(req, res, cached, cachedInfo.size, headers, etag);
  }

  /** Makes the variant file unless it is cached; concurrent requests share one sharp run. */
  private async ensureVariant(original: string, cached: string, variant: Variant) {
    const existing = await stat(cached).catch(() => undefined);
    if (existing) return existing;
    let job = this.inFlight.get(cached);
    if (!job) {
      job = this.render(original, cached, variant).finally(() => this.inFlight.delete(cached));
      this.inFlight.set(cached, job);
    }
    await job;
    return stat(cached);
  }

  private async render(original: string, cached: string, variant: Variant): Promise<void> {
    await mkdir(this.cacheDir, { recursive: true });
    // Written under a temporary name and renamed: a half-written variant is never served.
    const temp = `${cached}.${randomBytes(6).toString("hex")}.tmp`;
    try {
      let image = sharp(original, { limitInputPixels: 268_402_689 });
      if (variant.width !== undefined) {
        image = image.resize({
          width: variant.width,
          height: variant.height,
          fit: "cover",
          withoutEnlargement: variant.height === undefined,
        });
      }
      await image.toFormat(variant.format).toFile(temp);
      await rename(temp, cached);
    } catch (error) {
      await rm(temp, { force: true });
      this.logger.error(
        `content: cannot render ${variant.key} of ${original}: ${(error as Error).message}`,
      );
      throw new HttpError(500, "Media could not be transformed");
    }
  }
}

async function sendFile(
  req: IncomingMessage,
  res: ServerResponse,
  file: string,
  size: number,
  headers: Record<string, string>,
  etag: string,
): Promise<void> {
  headers["Accept-Ranges"] = "bytes";
  const ifRange = req.headers["if-range"];
  const range = ifRange && ifRange !== etag ? undefined : parseRange(req.headers.range, size);
  if (range === "unsatisfiable") {
    res.writeHead(416, { ...headers, "Content-Range": `bytes */${size}`, "Content-Length": "0" });
    res.end();
    return;
  }
  const start = range?.start ?? 0;
  const end = range?.end ?? size - 1;
  if (range) headers["Content-Range"] = `bytes ${start}-${end}/${size}`;
  headers["Content-Length"] = String(Math.max(0, end - start + 1));
  if (req.method === "HEAD" || size === 0) {
    res.writeHead(range ? 206 : 200, headers);
    res.end();
    return;
  }
  const stream = createReadStream(file, { start, end });
  // Open the file before sending headers, so a vanished file still gets a proper 404.
  await new Promise<void>((resolve, reject) => {
    stream.once("open", () => resolve());
    stream.once("error", reject);
  }).catch((error) => {
    throw isErrno(error, "ENOENT") ? notFound("Media binary does not exist") : error;
  });
  res.writeHead(range ? 206 : 200, headers);
  try {
    await pipeline(stream, res);
  } catch {
    // The client went away mid-transfer; nothing to answer.
    res.destroy();
  }
}
