// Addresses the site does not have, answered at the cost of a file: the app's own 404 page
// (and its client-navigation data), prepared once from a render and spliced with each
// visitor's path (spliced-page.ts). Prepared on the first unknown address and again when
// content the page shows changes (its header and footer); until a preparation succeeds, or
// for a path it cannot splice, the server renders the 404 as before.
import type { IncomingMessage, ServerResponse } from "node:http";
import { CACHE_TAG_HEADER } from "../../app/content/content-tags.server";
import type { SiteLogger } from "../../app/logging/logger.server";
import { parseCacheTag } from "../refresh/content-dependencies";
import type { DocumentPolicy } from "../security/content-security-policy";
import { MIN_COMPRESS_BYTES, negotiateEncoding } from "./compression";
import { etagMatches, markAnsweredBy } from "./representation";
import { type RenderedPage, type SplicedAnswer, SplicedPage } from "./spliced-page";

/** What the 404 answers of one kind (page or data) are made of. */
interface Prepared {
  page: SplicedPage;
  contentType: string;
  /** The render's own headers that every answer repeats (Cache-Control, Cache-Tag...). */
  headers: [string, string][];
}

export interface NotFoundOptions {
  /** Renders a request through the app, as the server would (no admission, no cache). */
  render: (path: string) => Promise<Response>;
  logger: SiteLogger;
  /** The headers the site adds around every answer (security, framing), for a visitor. */
  siteHeaders: (secure: boolean) => { headers: [string, string][]; policy: DocumentPolicy };
  /** The render's headers kept on every answer (render.ts's replayable headers). */
  keptHeaders: (headers: Headers) => [string, string][];
}

export type NotFoundKind = "page" | "data";

/** The path of a `.data` request's page, as the 404 data names it (`/x.data` -> `/x`). */
const dataRequestOf = (page: string) => `${page}.data`;

export class NotFoundAnswers {
  private readonly kinds = new Map<NotFoundKind, Prepared>();
  private tags: string[] = [];
  private preparing?: Promise<void>;
  private attempted = false;

  constructor(private readonly options: NotFoundOptions) {}

  /** The content tags the 404 page read (a change to them prepares it again). */
  get contentTags(): readonly string[] {
    return this.tags;
  }

  /** Whether a preparation was started (answers may still be rendered: see `answers`). */
  get prepared(): boolean {
    return this.attempted;
  }

  /**
   * Prepares both kinds; a kind that cannot be spliced keeps being rendered. The answers
   * prepared before stay in use until the new ones are ready.
   */
  prepare(): Promise<void> {
    this.attempted = true;
    this.preparing ??= this.prepareBoth().finally(() => {
      this.preparing = undefined;
    });
    return this.preparing;
  }

  private async prepareBoth(): Promise<void> {
    for (const kind of ["page", "data"] as const) {
      let last: Response | undefined;
      const render = async (path: string): Promise<RenderedPage> => {
        const response = await this.options.render(kind === "data" ? dataRequestOf(path) : path);
        last = response;
        return { status: response.status, body: await response.text() };
      };
      try {
        const page = await SplicedPage.prepare(render);
        if (!(page instanceof SplicedPage) || page.status !== 404 || !last) {
          this.kinds.delete(kind);
          this.options.logger.warn("the 404 answer is rendered per request", {
            kind,
            reason: page instanceof SplicedPage ? `status ${page.status}` : page.unusable,
          });
          continue;
        }
        const headers = this.options.keptHeaders(last.headers);
        this.kinds.set(kind, {
          page,
          contentType: last.headers.get("content-type") ?? "text/html; charset=utf-8",
          headers,
        });
        if (kind === "page") {
          const tag = last.headers.get(CACHE_TAG_HEADER);
          this.tags = tag ? (parseCacheTag(tag) ?? []) : [];
        }
      } catch (error) {
        this.kinds.delete(kind);
        this.options.logger.warn("the 404 answer could not be prepared", {
          kind,
          error: error instanceof Error ? error.message : String(error),
        });
      }
    }
  }

  /** Whether `path` of this kind is answered without rendering. */
  answers(kind: NotFoundKind, pagePath: string): boolean {
    return this.kinds.get(kind)?.page.accepts(pagePath) ?? false;
  }

  /**
   * The answer for the full server; the security middleware adds its headers and the CSP
   * of this body's scripts. Null when the path must be rendered.
   */
  respond(request: Request, kind: NotFoundKind, pagePath: string): Response | null {
    const prepared = this.kinds.get(kind);
    if (!prepared?.page.accepts(pagePath)) return null;
    const answer = prepared.page.splice(pagePath);
    const { status, headers, body } = this.answer(prepared, answer, {
      method: request.method,
      ifNoneMatch: request.headers.get("if-none-match"),
      acceptEncoding: request.headers.get("accept-encoding"),
    });
    const response = new Response(body as Uint8Array<ArrayBuffer> | null, {
      status,
      headers: new Headers(headers),
    });
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
    kind: NotFoundKind,
    pagePath: string,
    secure: boolean,
  ): boolean {
    const prepared = this.kinds.get(kind);
    if (!prepared?.page.accepts(pagePath)) return false;
    const answer = prepared.page.splice(pagePath);
    const { status, headers, body } = this.answer(prepared, answer, {
      method: request.method ?? "GET",
      ifNoneMatch: request.headers["if-none-match"] ?? null,
      acceptEncoding: request.headers["accept-encoding"] ?? null,
    });
    const site = this.options.siteHeaders(secure);
    const raw: string[] = [];
    for (const [name, value] of headers) raw.push(name, value);
    for (const [name, value] of site.headers) raw.push(name, value);
    raw.push("Content-Security-Policy", site.policy.header(answer.scriptHashes));
    response.writeHead(status, raw);
    response.end(body ?? undefined);
    return true;
  }

  private answer(
    prepared: Prepared,
    answer: SplicedAnswer,
    request: { method: string; ifNoneMatch: string | null; acceptEncoding: string | null },
  ): { status: number; headers: [string, string][]; body: Buffer | null } {
    const headers: [string, string][] = [
      ...prepared.headers,
      ["Content-Type", prepared.contentType],
      ["ETag", answer.etag],
      ["Vary", "Accept-Encoding"],
    ];
    if (etagMatches(request.ifNoneMatch, answer.etag)) {
      return {
        status: 304,
        headers: headers.filter(([name]) => name !== "Content-Type"),
        body: null,
      };
    }
    // gzip is spliced from prepared parts; brotli would be a compression per request.
    const gzip =
      answer.body.byteLength >= MIN_COMPRESS_BYTES && acceptsGzip(request.acceptEncoding);
    const body = gzip ? answer.gzip() : answer.body;
    if (gzip) headers.push(["Content-Encoding", "gzip"]);
    headers.push(["Content-Length", String(body.byteLength)]);
    return {
      status: prepared.page.status,
      headers,
      body: request.method === "HEAD" ? null : body,
    };
  }
}

/** Whether the client takes gzip (brotli refused for the negotiation: not spliceable). */
function acceptsGzip(acceptEncoding: string | null): boolean {
  return Boolean(acceptEncoding) && negotiateEncoding(`${acceptEncoding},br;q=0`) === "gzip";
}
