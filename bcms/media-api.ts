// The `media` namespace: media items (with inline SVG when injectSvg is on), bin2 binaries from
// the right host (CDN rule), SVG markup and URL helpers. Binaries are fetched with the
// Authorization header; no URL built here carries the API key.
import type { Media } from "@thebcms/types";
import { EntityCache } from "./cache";
import type { ResolvedBcmsConfig } from "./config";
import { isMedia } from "./guards";
import type { HttpClient, RequestOptions } from "./http";
import type { BcmsLogger } from "./logger";
import {
  buildMediaBinUrl,
  buildMediaProxyUrl,
  type MediaBinOptions,
  mediaBinQuery,
  mediaBinRelativePath,
  resolveBinOrigin,
  resolveMediaPath,
} from "./media";
import { type ContentChange, createResourceApi, type ReadOptions } from "./resource-api";
import { assertSvgMedia, decodeSvg, injectSvg, type SvgMediaRef } from "./svg";

export interface MediaBinFetchOptions extends MediaBinOptions, RequestOptions {
  headers?: Readonly<Record<string, string>>;
}

/** A media item as the client returns it: `svg` holds the markup of SVGs when injectSvg is on. */
export type BcmsMedia = Media & { svg?: string };

export interface MediaApi {
  getAll(options?: ReadOptions): Promise<BcmsMedia[]>;
  get(id: string, options?: ReadOptions): Promise<BcmsMedia>;
  /** Bytes of `media/{id}/bin2/{filename}` with optional webp, sizeT and tmb flags. */
  getBin(
    mediaId: string,
    filename: string,
    options?: MediaBinOptions & RequestOptions,
  ): Promise<Uint8Array>;
  /**
   * The `bin2` response with its body still streaming, for passing a binary on (a 2xx or a
   * 304 answer; other statuses throw a BcmsError). `headers` adds range or conditional
   * request headers.
   */
  fetchBin(mediaId: string, filename: string, options?: MediaBinFetchOptions): Promise<Response>;
  /** SVG markup; throws `Provided media is not of type SVG` for other media. */
  getSvg(media: SvgMediaRef, options?: RequestOptions): Promise<string>;
  /** Absolute bin2 URL for server-side fetching (CDN rule applied, no key). */
  binUrl(mediaId: string, filename: string, options?: MediaBinOptions): string;
  /** Browser URL through the site's media proxy (`{urlBase}/{id}/{filename}?flags`). */
  proxyUrl(urlBase: string, mediaId: string, filename: string, options?: MediaBinOptions): string;
  /** `/dir/sub/name.ext` of a media item. */
  resolvePath(media: Media, allMedia: readonly Media[]): string;
  /** Sets `svg` on every SVG media object inside parsed content; false if one failed. */
  injectSvgInto(root: unknown): Promise<boolean>;
  applyChange(change: ContentChange): void;
  clearCache(): void;
}

export function createMediaApi(deps: {
  config: ResolvedBcmsConfig;
  http: HttpClient;
  logger: BcmsLogger;
}): MediaApi {
  const { config, http, logger } = deps;
  const svgCache = config.useMemCache ? new Map<string, string>() : null;

  async function getBin(
    mediaId: string,
    filename: string,
    options: MediaBinOptions & RequestOptions = {},
  ): Promise<Uint8Array> {
    return http.bytes({
      path: mediaBinRelativePath(mediaId, filename),
      query: mediaBinQuery(options),
      origin: resolveBinOrigin(config.cmsOrigin),
      signal: options.signal,
      timeoutMs: options.timeoutMs,
    });
  }

  function fetchBin(
    mediaId: string,
    filename: string,
    options: MediaBinFetchOptions = {},
  ): Promise<Response> {
    return http.stream({
      path: mediaBinRelativePath(mediaId, filename),
      query: mediaBinQuery(options),
      origin: resolveBinOrigin(config.cmsOrigin),
      headers: options.headers,
      signal: options.signal,
      timeoutMs: options.timeoutMs,
    });
  }

  async function getSvg(media: SvgMediaRef, options: RequestOptions = {}): Promise<string> {
    assertSvgMedia(media);
    if (typeof media.svg === "string") return media.svg;
    const cached = svgCache?.get(media._id);
    if (cached !== undefined) return cached;
    const markup = decodeSvg(await getBin(media._id, media.name, options));
    svgCache?.set(media._id, markup);
    return markup;
  }

  async function injectSvgInto(root: unknown): Promise<boolean> {
    if (!config.injectSvg) return true;
    const result = await injectSvg(
      root,
      (media) => getSvg({ _id: media._id, name: media.name, type: media.type }),
      (media, error) => logger.warn(`BCMS SVG of media ${media._id} could not be fetched`, error),
    );
    return result.failed === 0;
  }

  const resources = createResourceApi<BcmsMedia>({
    http,
    segment: "media",
    guard: isMedia,
    cache: config.useMemCache ? new EntityCache<BcmsMedia>() : null,
    logger,
    complete: injectSvgInto,
  });

  return {
    getAll: resources.getAll,
    get: resources.get,
    getBin,
    fetchBin,
    getSvg,
    binUrl: (mediaId, filename, options) => buildMediaBinUrl(config, mediaId, filename, options),
    proxyUrl: buildMediaProxyUrl,
    resolvePath: resolveMediaPath,
    injectSvgInto,
    applyChange(change) {
      if (change.id === null) svgCache?.clear();
      else svgCache?.delete(change.id);
      resources.applyChange(change);
    },
    clearCache() {
      svgCache?.clear();
      resources.clearCache();
    },
  };
}
