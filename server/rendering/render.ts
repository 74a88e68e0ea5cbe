// Server rendering through React Router's handler, with the render cache in front and the
// stale fallback behind: a render that fails (5xx, an exception) or is refused admission
// (render-admission.ts) answers the last good rendering of its URL, else its prerendered
// file, marked `x-content-stale: 1`; a URL never seen gets the app's own 5xx page (503 when
// the CMS is down) or a generic 500, or for a refusal a quick 503 with Retry-After.
// Concurrent GETs of one URL share a single rendering (no stampede after a content event).

import {
  NO_STORE,
  PAGE_CACHE_CONTROL,
  STALE_PAGE_CACHE_CONTROL,
} from "../../app/config/cache-control";
import type { RequestFacts } from "../../app/forms/contract";
import type { SiteLogger } from "../../app/logging/logger.server";
import { describeError } from "../../app/logging/logger.server";
import { DATA_ROUTES_PARAM, pagePathOfDataRequest } from "../../app/navigation/page-paths";
import { type DeclaredQuery, significantSearch } from "../addresses/request-path";
import { MEDIA_PATH_PREFIX } from "../addresses/server-paths";
import { renderMetrics } from "../metrics/site-metrics";
import { redactPath } from "../running/log-redaction";
import { withHeaders } from "../security/security-headers";
import { errorPage } from "../serving/error-pages";
import { isCompressibleType, isPageType } from "../serving/mime";
import type { PrerenderedPages } from "../serving/prerendered";
import { Representation } from "../serving/representation";
import type { ClientFiles } from "../serving/static-files";
import { DEFAULT_ADMISSION, type Refusal, RenderAdmission } from "./render-admission";
import type { CachedRendering, RenderCache } from "./render-cache";
import { precompressedOf } from "./render-thread";
import type { SiteRequestHandler } from "./server-build";

export const STALE_HEADER = "x-content-stale";

/** The admission turn each rendering holds until its answer is made (render.ts, renderOnce). */
const turns = new WeakMap<Rendered, () => void>();

/** What a visitor refused a render is told to wait before asking again, in seconds. */
export const RENDER_RETRY_AFTER_SECONDS = 2;

/** Renderings above this size are served but not cached. */
const MAX_CACHED_BODY_BYTES = 5 * 1024 * 1024;
/** Buffered (to compress) pass-through text answers up to this size; larger ones stream. */
const MAX_BUFFERED_BODY_BYTES = 5 * 1024 * 1024;
/** Response headers that belong to one transfer, not to the cached rendering. */
const NOT_REPLAYED = new Set([
  "content-type",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "date",
  "etag",
  "vary",
  "set-cookie",
]);

export type RenderSource = "cache" | "render" | "stale" | "error" | "refused";

export interface RenderOutcome {
  response: Response;
  source: RenderSource;
}

type Rendered =
  | { kind: "cached"; rendering: CachedRendering }
  | { kind: "response"; response: Response }
  | { kind: "failed"; response?: Response; error?: unknown }
  | { kind: "refused"; reason: Refusal };

export interface PageRendererOptions {
  handler: SiteRequestHandler;
  cache: RenderCache;
  prerendered: PrerenderedPages;
  files: ClientFiles;
  logger: SiteLogger;
  /** What each page reads of the query; absent: every parameter counts. */
  declaredQuery?: DeclaredQuery;
  /** Which renders may run when (default: DEFAULT_ADMISSION, without the busy pacing). */
  admission?: RenderAdmission;
}

/**
 * Renders are shared within one cache generation: a request after a content change never
 * gets the answer of a render begun before it.
 */
function inflightKey(cache: RenderCache, key: string): string {
  return `${cache.generation} ${key}`;
}

export class PageRenderer {
  private readonly inflight = new Map<string, Promise<CachedRendering | undefined>>();
  private readonly admission: RenderAdmission;

  constructor(private readonly options: PageRendererOptions) {
    this.admission = options.admission ?? new RenderAdmission(DEFAULT_ADMISSION);
  }

  get load(): { running: number; waiting: number } {
    return this.admission.load;
  }

  /** The server is closing: the renders still waiting are refused. */
  close(): void {
    this.admission.close();
  }

  /**
   * The cache key of a request: page or data, path, and the parameters the page reads (and,
   * for data, which routes' data it asked for).
   */
  cacheKey(url: URL, pathname: string): string {
    const page = pagePathOfDataRequest(pathname);
    const declared = this.options.declaredQuery?.(page ?? pathname) ?? null;
    const kept = declared && page !== null ? new Set([...declared, DATA_ROUTES_PARAM]) : declared;
    return `${page === null ? "page" : "data"}:${pathname}${significantSearch(url, kept)}`;
  }

  /**
   * The app's answer to a request the files do not answer: a page rendered (or from the
   * cache), or a form's POST handled by its action.
   */
  async answer(
    request: Request,
    url: URL,
    pathname: string,
    facts?: RequestFacts,
  ): Promise<RenderOutcome> {
    const { cache } = this.options;
    const readable = request.method === "GET" || request.method === "HEAD";
    const key = readable ? this.cacheKey(url, pathname) : undefined;

    if (key) {
      const hit = cache.get(key);
      if (hit?.fresh) return { response: await replay(request, hit), source: "cache" };
      const pending = this.inflight.get(inflightKey(cache, key));
      if (pending) {
        const shared = await pending;
        if (shared) return { response: await replay(request, shared), source: "render" };
      }
    }

    let rendered: Rendered;
    if (key && request.method === "GET") {
      const flight = inflightKey(cache, key);
      const task = this.renderOnce(request, pathname, key, facts);
      const shared = task.then((r) => (r.kind === "cached" ? r.rendering : undefined));
      this.inflight.set(flight, shared);
      try {
        rendered = await task;
      } finally {
        if (this.inflight.get(flight) === shared) this.inflight.delete(flight);
      }
    } else {
      rendered = await this.renderOnce(request, pathname, undefined, facts);
    }

    try {
      return await this.outcomeOf(request, pathname, key, rendered);
    } finally {
      // The turn ends once the answer is made (compressed too), so the render's pacing
      // counts what it really cost the thread.
      turns.get(rendered)?.();
    }
  }

  private async outcomeOf(
    request: Request,
    pathname: string,
    key: string | undefined,
    rendered: Rendered,
  ): Promise<RenderOutcome> {
    switch (rendered.kind) {
      case "cached":
        return { response: await replay(request, rendered.rendering), source: "render" };
      case "response":
        return { response: await finish(request, rendered.response), source: "render" };
      case "failed":
      case "refused":
        return this.fallback(request, pathname, key, rendered);
    }
  }

  private async renderOnce(
    request: Request,
    pathname: string,
    key: string | undefined,
    facts: RequestFacts | undefined,
  ): Promise<Rendered> {
    // Media answers wait on the content service, not on a thread: they take no turn.
    if (pathname.startsWith(MEDIA_PATH_PREFIX)) return this.renderNow(request, key, facts);
    const kind = request.method === "POST" ? "submission" : "page";
    const asked = performance.now();
    const turn = await this.admission.enter(facts?.clientAddress ?? "unknown", kind);
    if (!turn.admitted) return { kind: "refused", reason: turn.reason };
    const admitted = performance.now();
    renderMetrics.admitted((admitted - asked) / 1000);
    let rendered: Rendered;
    try {
      rendered = await this.renderNow(request, key, facts);
    } catch (error) {
      turn.release();
      throw error;
    } finally {
      renderMetrics.rendered((performance.now() - admitted) / 1000);
    }
    // Released by render() once the answer is made; a render shared by other requests
    // (inflight) is released by the one that started it.
    turns.set(rendered, turn.release);
    return rendered;
  }

  private async renderNow(
    request: Request,
    key: string | undefined,
    facts: RequestFacts | undefined,
  ): Promise<Rendered> {
    const { cache, handler } = this.options;
    const generation = cache.generation;
    let response: Response;
    try {
      response = await handler(request, facts);
    } catch (error) {
      return { kind: "failed", error };
    }
    if (response.status >= 500) return { kind: "failed", response };
    if (!key || request.method !== "GET" || !isStorable(response)) {
      return { kind: "response", response };
    }
    let body: Buffer;
    try {
      body = Buffer.from(await response.arrayBuffer());
    } catch (error) {
      return { kind: "failed", error };
    }
    const rendering: CachedRendering = {
      representation: new Representation(
        body,
        response.headers.get("content-type") ?? "text/html; charset=utf-8",
        { precompressed: precompressedOf(response) },
      ),
      headers: replayableHeaders(response.headers),
    };
    if (body.byteLength <= MAX_CACHED_BODY_BYTES) cache.set(key, rendering, generation);
    return { kind: "cached", rendering };
  }

  private async fallback(
    request: Request,
    pathname: string,
    key: string | undefined,
    outcome:
      | { kind: "failed"; response?: Response; error?: unknown }
      | { kind: "refused"; reason: Refusal },
  ): Promise<RenderOutcome> {
    const { cache, prerendered, files, logger } = this.options;
    const refused = outcome.kind === "refused" ? outcome.reason : undefined;
    // Without rendering: the server is at its render bound. At once, unless this client has
    // its share waiting already: then its answer is held first (render-admission.ts).
    if (refused === "over-share") await this.admission.holdOverShare();
    const failed: { response?: Response; error?: unknown } =
      outcome.kind === "failed" ? outcome : {};
    const reason = refused
      ? { refused }
      : failed.response
        ? { status: failed.response.status }
        : { error: describeError(failed.error) };
    if (failed.error !== undefined) {
      logger.error("rendering failed", { path: redactPath(pathname), ...reason });
    }
    if (key) {
      const last = cache.get(key);
      const headers = { "Cache-Control": STALE_PAGE_CACHE_CONTROL, [STALE_HEADER]: "1" };
      let response: Response | null = last ? await replay(request, last, headers) : null;
      const file = last ? undefined : prerendered.find(pathname);
      if (file) response = await files.serve(file, request, { headers });
      if (response) {
        await failed.response?.body?.cancel().catch(() => {});
        if (refused) renderMetrics.refused(true);
        logger.warn("serving stale content", {
          path: redactPath(pathname),
          from: last ? "render-cache" : "prerendered",
          ...reason,
        });
        return { response, source: "stale" };
      }
    }
    if (refused) {
      renderMetrics.refused(false);
      const response = withHeaders(errorPage(503), [
        ["Retry-After", String(RENDER_RETRY_AFTER_SECONDS)],
      ]);
      return { response, source: "refused" };
    }
    if (failed.response) {
      const response = withHeaders(failed.response, [["Cache-Control", NO_STORE]]);
      return { response: await finish(request, response), source: "error" };
    }
    return { response: errorPage(500), source: "error" };
  }
}

/** Only complete public pages: 200 HTML or .data, no cookies, nothing private. */
function isStorable(response: Response): boolean {
  if (response.status !== 200 || !response.body) return false;
  const headers = response.headers;
  if (!isPageType(headers.get("content-type"))) return false;
  if (headers.has("set-cookie") || headers.has("content-encoding")) return false;
  const cacheControl = headers.get("cache-control")?.toLowerCase() ?? "";
  if (/(no-store|private)/.test(cacheControl)) return false;
  const vary = headers.get("vary")?.toLowerCase().trim();
  if (vary && vary !== "accept-encoding") return false;
  const length = Number(headers.get("content-length") ?? 0);
  return length <= MAX_CACHED_BODY_BYTES;
}

/** A rendered answer's headers that belong to the rendering, not to one transfer. */
export function replayableHeaders(headers: Headers): [string, string][] {
  const kept: [string, string][] = [];
  headers.forEach((value, name) => {
    if (!NOT_REPLAYED.has(name)) kept.push([name, value]);
  });
  if (!headers.has("cache-control")) kept.push(["cache-control", PAGE_CACHE_CONTROL]);
  return kept;
}

function replay(
  request: Request,
  rendering: CachedRendering,
  overrides: Record<string, string> = {},
): Promise<Response> {
  const headers = new Headers(rendering.headers);
  for (const [name, value] of Object.entries(overrides)) headers.set(name, value);
  return rendering.representation.respond(request, { headers });
}

/** An answer not cached (404, redirect, resource route...): text is buffered to compress. */
async function finish(request: Request, response: Response): Promise<Response> {
  const headers = response.headers;
  const type = headers.get("content-type");
  if (isPageType(type) && !headers.has("cache-control")) {
    headers.set("Cache-Control", PAGE_CACHE_CONTROL);
  }
  const length = Number(headers.get("content-length") ?? 0);
  if (
    !response.body ||
    request.method === "HEAD" ||
    !isCompressibleType(type) ||
    headers.has("content-encoding") ||
    length > MAX_BUFFERED_BODY_BYTES
  ) {
    return response;
  }
  const body = Buffer.from(await response.arrayBuffer());
  const kept = new Headers();
  headers.forEach((value, name) => {
    if (!NOT_REPLAYED.has(name) || name === "set-cookie" || name === "vary") {
      kept.append(name, value);
    }
  });
  const representation = new Representation(body, type ?? "text/plain; charset=utf-8", {
    precompressed: precompressedOf(response),
  });
  return representation.respond(request, { status: response.status, headers: kept });
}

/** The request path a cache key (PageRenderer.cacheKey) is for: `page:/news/a?x=1` -> `/news/a`. */
export function requestPathOfCacheKey(key: string): string {
  const path = key.slice(key.indexOf(":") + 1);
  const query = path.indexOf("?");
  return query === -1 ? path : path.slice(0, query);
}
