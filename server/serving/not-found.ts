// Addresses the site does not have, answered at the cost of a file: the app's own 404 page
// (and its client-navigation data), prepared once from a render and spliced with each
// visitor's path (spliced-page.ts), one per route (an unknown article names the article
// route's modules, an unknown address the catch-all's). Prepared on a route's first unknown
// address and again when content its page shows changes; until a preparation succeeds, or
// for a path it cannot splice, the server renders the 404 as before.
import type { IncomingMessage, ServerResponse } from "node:http";
import { CACHE_TAG_HEADER, parseCacheTag } from "../../app/content/content-tags.server";
import type { SiteLogger } from "../../app/logging/logger.server";
import { dataRequestOfPage } from "../../app/navigation/page-paths";
import type { AnswerHeaders, HeadersOfAnswer } from "../security/answer-headers";
import { MIN_COMPRESS_BYTES, negotiateEncoding } from "./compression";
import { markAnsweredBy } from "./representation";
import type { DescribeRoute } from "./route-facts";
import {
  joined,
  type RenderedPage,
  type SplicedAnswer,
  SplicedPage,
  type SplicedRoute,
} from "./spliced-page";

interface Prepared {
  page: SplicedPage;
  contentType: string;
  /** The render's own headers that every answer repeats (Cache-Control, Cache-Tag...). */
  headers: [string, string][];
  /** NotFoundAnswers.fixedHeaders, by visitor and encoding (made on first use). */
  fixedHeaders: (readonly string[] | undefined)[];
}

export interface NotFoundOptions {
  /** Renders a request through the app, as the server would (no admission, no cache). */
  render: (path: string) => Promise<Response>;
  logger: SiteLogger;
  /** The headers of every answer of the site (security, framing, the policy). */
  headers: AnswerHeaders;
  /** The render's headers kept on every answer (render.ts's replayable headers). */
  keptHeaders: (headers: Headers) => [string, string][];
}

export type NotFoundKind = "page" | "data";

/** The route a 404 answer is prepared for (its id and the shape of its paths). */
export interface NotFoundRoute {
  id: string;
  tail: SplicedRoute;
}

/** What is prepared for one route: both kinds, and the content tags its page read. */
interface RouteAnswers {
  kinds: Map<NotFoundKind, Prepared>;
  tags: readonly string[];
  route: NotFoundRoute;
  preparing?: Promise<void>;
  /** After a preparation that failed (a render that failed, the CMS down): when to try again. */
  retryAt?: number;
}

/** How long after a failed preparation the next unknown address of its route tries again. */
const RETRY_PREPARATION_MS = 10_000;

export class NotFoundAnswers {
  /** By route id: each route's 404 names its own route modules, so each has its page. */
  private readonly routes = new Map<string, RouteAnswers>();
  private readonly siteHeaders = new Map<boolean, HeadersOfAnswer>();
  /** Set by stop: the server is closing, and a preparation it cuts short is no fault. */
  private stopped = false;

  constructor(private readonly options: NotFoundOptions) {}

  /** The server is closing: its render thread goes next. */
  stop(): void {
    this.stopped = true;
  }

  /**
   * Whether the 404 answers of `route` were prepared or are being prepared (or cannot be:
   * its page does not splice). False again a while after a preparation that failed.
   */
  isPrepared(route: NotFoundRoute): boolean {
    const answers = this.routes.get(route.id);
    if (!answers) return false;
    return answers.preparing !== undefined || (answers.retryAt ?? Infinity) > performance.now();
  }

  /**
   * Prepares both kinds for `route`; a kind that cannot be spliced keeps being rendered.
   * Answers prepared before stay in use until the new ones are ready.
   */
  prepare(route: NotFoundRoute): Promise<void> {
    let answers = this.routes.get(route.id);
    if (!answers) {
      answers = { kinds: new Map(), tags: [], route };
      this.routes.set(route.id, answers);
    }
    const entry = answers;
    entry.preparing ??= this.prepareRoute(entry).finally(() => {
      entry.preparing = undefined;
    });
    return entry.preparing;
  }

  /**
   * Prepares each sampled route's 404 page, one after another, so the first unknown address
   * a scanner asks for costs what the others do.
   */
  async prepareRoutesOf(build: {
    unknownAddressSamples: readonly string[];
    describeRoute: DescribeRoute;
  }): Promise<void> {
    const routes = build.unknownAddressSamples
      .map((sample) => build.describeRoute(sample))
      .flatMap((facts): NotFoundRoute[] =>
        facts.routeId && facts.tail ? [{ id: facts.routeId, tail: facts.tail }] : [],
      );
    const started = performance.now();
    let prepared = 0;
    for (const route of routes) {
      if (this.stopped) return;
      await this.prepare(route);
      prepared++;
    }
    if (prepared > 0) {
      this.options.logger.info("404 answers prepared at start", {
        routes: prepared,
        ms: Math.round(performance.now() - started),
      });
    }
  }

  /** Prepares again the routes whose 404 page read content that `touches` says changed. */
  refresh(touches: (read: readonly string[]) => boolean): void {
    for (const answers of this.routes.values()) {
      if (touches(answers.tags)) void this.prepare(answers.route);
    }
  }

  private async prepareRoute(answers: RouteAnswers): Promise<void> {
    const started = performance.now();
    const { route } = answers;
    answers.retryAt = undefined;
    const failed = () => {
      answers.retryAt = performance.now() + RETRY_PREPARATION_MS;
    };
    for (const kind of ["page", "data"] as const) {
      let last: Response | undefined;
      const render = async (path: string): Promise<RenderedPage> => {
        const response = await this.options.render(
          kind === "data" ? dataRequestOfPage(path) : path,
        );
        last = response;
        return { status: response.status, body: await response.text() };
      };
      try {
        const page = await SplicedPage.prepare(render, route.tail);
        if (!(page instanceof SplicedPage) || page.status !== 404 || !last) {
          answers.kinds.delete(kind);
          // A page that does not splice will not next time either; a failed render may.
          if (page instanceof SplicedPage) failed();
          this.options.logger.warn("the 404 answer is rendered per request", {
            route: route.id,
            kind,
            reason: page instanceof SplicedPage ? `status ${page.status}` : page.unusable,
          });
          continue;
        }
        answers.kinds.set(kind, {
          page,
          contentType: last.headers.get("content-type") ?? "text/html; charset=utf-8",
          headers: this.options.keptHeaders(last.headers),
          fixedHeaders: [],
        });
        if (kind === "page") {
          const tag = last.headers.get(CACHE_TAG_HEADER);
          answers.tags = tag ? (parseCacheTag(tag) ?? []) : [];
        }
        this.options.logger.info("404 answer prepared", {
          route: route.id,
          kind,
          ms: Math.round(performance.now() - started),
        });
      } catch (error) {
        answers.kinds.delete(kind);
        failed();
        if (this.stopped) return;
        this.options.logger.warn("the 404 answer could not be prepared", {
          route: route.id,
          kind,
          error: error instanceof Error ? error.message : String(error),
        });
      }
    }
  }

  private preparedFor(route: NotFoundRoute, kind: NotFoundKind, pagePath: string) {
    const prepared = this.routes.get(route.id)?.kinds.get(kind);
    return prepared?.page.accepts(pagePath) ? prepared : undefined;
  }

  /**
   * The answer for the full server; the security middleware adds its headers and the CSP
   * of this body's scripts. Null when the path must be rendered.
   */
  respond(
    request: Request,
    route: NotFoundRoute,
    kind: NotFoundKind,
    pagePath: string,
  ): Response | null {
    const prepared = this.preparedFor(route, kind, pagePath);
    if (!prepared) return null;
    const answer = prepared.page.splice(pagePath);
    const { gzip, body, length } = this.encoded(answer, request.headers.get("accept-encoding"));
    const headers = new Headers();
    const own = this.ownHeaders(prepared, gzip);
    for (let i = 0; i < own.length; i += 2) headers.append(own[i] as string, own[i + 1] as string);
    headers.set("ETag", answer.etag);
    headers.set("Content-Length", String(length));
    const response = new Response(
      request.method === "HEAD" ? null : (joined(body) as Uint8Array<ArrayBuffer>),
      { status: prepared.page.status, headers },
    );
    return markAnsweredBy(response, {
      policyHeader: (policy) => policy.header(answer.scriptHashes),
    });
  }

  /**
   * Writes the answer straight to node:http (the fast path), with the headers the full
   * server would add. False when the path must take the full server.
   */
  write(
    request: IncomingMessage,
    response: ServerResponse,
    route: NotFoundRoute,
    kind: NotFoundKind,
    pagePath: string,
    secure: boolean,
  ): boolean {
    const prepared = this.preparedFor(route, kind, pagePath);
    if (!prepared) return false;
    const answer = prepared.page.splice(pagePath);
    const { gzip, body, length } = this.encoded(answer, request.headers["accept-encoding"] ?? null);
    const raw = [...this.fixedHeaders(prepared, secure, gzip)];
    raw.push(
      "ETag",
      answer.etag,
      "Content-Length",
      String(length),
      "Content-Security-Policy",
      this.siteHeadersFor(secure).policy.header(answer.scriptHashes),
    );
    response.writeHead(prepared.page.status, raw);
    if (request.method === "HEAD") {
      response.end();
      return true;
    }
    // The parts as they are, in one write (no joined copy of the page).
    response.cork();
    for (const part of body) response.write(part);
    response.end(); // uncorks: the parts go out together
    return true;
  }

  /**
   * The site's headers for a visitor: the same for every address it lacks (never the one page
   * that may be framed, whose policy differs), made once.
   */
  private siteHeadersFor(secure: boolean): HeadersOfAnswer {
    let site = this.siteHeaders.get(secure);
    if (!site) {
      site = this.options.headers.of("/", secure);
      this.siteHeaders.set(secure, site);
    }
    return site;
  }

  /** The headers that do not depend on the path, flat, made once per visitor and encoding. */
  private fixedHeaders(prepared: Prepared, secure: boolean, gzip: boolean): readonly string[] {
    const key = (secure ? 2 : 0) + (gzip ? 1 : 0);
    let raw = prepared.fixedHeaders[key];
    if (!raw) {
      const made = this.ownHeaders(prepared, gzip);
      for (const [name, value] of this.siteHeadersFor(secure).headers) made.push(name, value);
      raw = made;
      prepared.fixedHeaders[key] = raw;
    }
    return raw;
  }

  /**
   * The body in the encoding the request takes. A prepared page is a 404 (prepareRoute
   * keeps no other): sent whole, as no validator makes it a 304, so only its encoding
   * varies. gzip is spliced from prepared parts; brotli would be a compression per answer.
   */
  private encoded(
    answer: SplicedAnswer,
    acceptEncoding: string | null,
  ): { gzip: boolean; body: readonly Buffer[]; length: number } {
    const gzip = answer.byteLength >= MIN_COMPRESS_BYTES && acceptsGzip(acceptEncoding);
    const body = gzip ? answer.gzip() : answer.body;
    let length = 0;
    for (const part of body) length += part.byteLength;
    return { gzip, body, length };
  }

  private ownHeaders(prepared: Prepared, gzip: boolean): string[] {
    const flat: string[] = [];
    for (const [name, value] of prepared.headers) flat.push(name, value);
    flat.push("Content-Type", prepared.contentType, "Vary", "Accept-Encoding");
    if (gzip) flat.push("Content-Encoding", "gzip");
    return flat;
  }
}

/** Accept-Encoding values seen (browsers send a handful), and whether each takes gzip. */
const gzipAccepted = new Map<string, boolean>();
const MAX_ENCODINGS_REMEMBERED = 256;

/** Whether the client takes gzip (brotli refused for the negotiation: not spliceable). */
function acceptsGzip(acceptEncoding: string | null): boolean {
  if (!acceptEncoding) return false;
  let accepted = gzipAccepted.get(acceptEncoding);
  if (accepted === undefined) {
    accepted = negotiateEncoding(`${acceptEncoding},br;q=0`) === "gzip";
    if (gzipAccepted.size >= MAX_ENCODINGS_REMEMBERED) gzipAccepted.clear();
    gzipAccepted.set(acceptEncoding, accepted);
  }
  return accepted;
}
