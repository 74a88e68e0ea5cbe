// The fast path: static files and fresh prerendered pages answered straight from node:http,
// before any Request/Response object, URL parse or middleware exists. What it sends is not
// decided here: the first time the request pipeline (request-pipeline.ts) serves a file, it
// asks this module to learn that path, which captures the pipeline's own answer once per
// variant (each encoding, 304, plain or https visitor) and replays it. So headers
// (security, CSP with the page's script hashes, cache policy, ETag, Vary) have one home,
// and the fast path replays them byte for byte (docs/decisions/0019-one-pipeline.md).
//
// Per request this costs a map lookup, two header reads and one write. A method the site
// does not serve is refused here (serving/method-guard.ts). Anything it is not sure about
// (a POST, an encoded or unknown path, a query it cannot vouch for, a host with its own
// redirect, a variant not learned yet) falls through to the full server.
import type { IncomingMessage, ServerResponse } from "node:http";
import { type Encoding, negotiateEncoding } from "./compression";
import { refuseUnservedMethod } from "./method-guard";
import { etagMatches } from "./representation";

/** One response, ready to write: status, flat raw headers, body (shared, never copied). */
export interface ReadyAnswer {
  status: number;
  headers: string[];
  body: Buffer | null;
  /** With metrics on: where this answer's time goes, bound once to its labels, by method. */
  timers?: Record<"GET" | "HEAD", { observe(seconds: number): void }>;
}

/** What a learned path answers, for one kind of visitor (plain or https). */
export interface CapturedAnswers {
  etag: string;
  /** By negotiated encoding; "identity" when none. */
  byEncoding: Map<Encoding | "identity", ReadyAnswer>;
  notModified: ReadyAnswer;
  /** The access-log source of these answers ("static" or "prerendered"). */
  source: string;
}

export interface LearnedPath {
  kind: PathKind;
  /** A query cannot change what a static file answers; a page only when it is significant. */
  answersQuery: (rawUrl: string) => boolean;
  /** "plain" and, behind a proxy that reports https, "https". */
  variants: Map<Visitor, CapturedAnswers>;
}

export type Visitor = "plain" | "https";
/** A file of the client build, or a prerendered page (or its data), which content changes retire. */
export type PathKind = "static" | "prerendered";

/** Captures the pipeline's answers for one path and visitor (request-pipeline.ts). */
export type AnswerCapture = (path: string, visitor: Visitor) => Promise<CapturedAnswers | null>;

export interface AccessRecord {
  /** The request as node:http took it (the access line takes the visitor's details from it). */
  request: IncomingMessage;
  method: string;
  path: string;
  status: number;
  durationMs: number;
  source: string;
  /** For how many answers this line stands, when lines are sampled (`logEvery` > 1). */
  sample?: number;
}

export interface FastPathOptions {
  capture: AnswerCapture;
  /** Which visitor a request is (only differs behind a proxy that says https). */
  visitorOf: (request: IncomingMessage) => Visitor;
  /** Hosts whose requests always take the full path (a host-wide redirect such as news.). */
  hostTakesFullPath: (host: string) => boolean;
  /** Whether a query leaves a prerendered page's answer unchanged. */
  pageAnswersQuery: (rawUrl: string) => boolean;
  log: (record: AccessRecord) => void;
  /** The security headers of an answer to `rawUrl` the fast path writes itself (a 405). */
  securityHeaders?: (rawUrl: string, request: IncomingMessage) => readonly [string, string][];
  /** One request in this many is logged (1, the default: every request). */
  logEvery?: number;
  /** Most paths learned at once; the oldest learned is forgotten beyond it. */
  maxPaths?: number;
  /**
   * Tried for a path not learned: answers in full and returns the access-log source, or
   * returns undefined to leave the request to the full server (request-pipeline.ts answers
   * addresses the site does not have here).
   */
  uncaptured?: (
    request: IncomingMessage,
    response: ServerResponse,
    rawUrl: string,
  ) => string | undefined;
  /**
   * With metrics on: records an answer that has no bound timer (a refused method, an
   * unknown address); replays observe their answer's `timers`.
   */
  measured?: (
    method: string,
    status: number,
    source: string,
    rawUrl: string,
    seconds: number,
  ) => void;
}

const DEFAULT_MAX_PATHS = 20_000;
/** Distinct Accept-Encoding values remembered (browsers send a handful). */
const MAX_NEGOTIATIONS = 256;

export class FastPath {
  private readonly learned = new Map<string, LearnedPath>();
  private readonly learning = new Set<string>();
  /** Paths whose answer cannot be replayed (a file streamed from disk): not asked again. */
  private readonly unlearnable = new Set<string>();
  private readonly negotiated = new Map<string, Encoding | "identity">();
  /** Bumped when paths are forgotten, so a lesson begun before never lands after. */
  private generation = 0;
  private readonly maxPaths: number;
  private readonly logEvery: number;
  /** Requests answered since the last one logged (the first request is logged). */
  private unlogged: number;

  constructor(private readonly options: FastPathOptions) {
    this.maxPaths = options.maxPaths ?? DEFAULT_MAX_PATHS;
    this.logEvery = Math.max(1, Math.floor(options.logEvery ?? 1));
    this.unlogged = this.logEvery - 1;
  }

  get size(): number {
    return this.learned.size;
  }

  /** Answers `request` if it can; false means the full server must. */
  serve(request: IncomingMessage, response: ServerResponse): boolean {
    const method = request.method;
    const measured = this.options.measured;
    if (method !== "GET" && method !== "HEAD") {
      const started = measured ? performance.now() : 0;
      const refused = refuseUnservedMethod(
        request,
        response,
        this.options.log,
        this.options.securityHeaders?.(request.url ?? "/", request),
      );
      if (refused && measured) {
        measured(String(method), 405, "refused", "", (performance.now() - started) / 1000);
      }
      return refused;
    }
    // The clock is read only for a request whose line will be written or timed.
    const logged = this.unlogged + 1 >= this.logEvery;
    const started = logged || measured ? performance.now() : 0;
    const raw = request.url ?? "/";
    const query = raw.indexOf("?");
    const path = query === -1 ? raw : raw.slice(0, query);
    const known = this.learned.get(path);
    const host = request.headers.host;
    if (host !== undefined && this.options.hostTakesFullPath(host)) return false;
    if (known === undefined) {
      const source = this.options.uncaptured?.(request, response, raw);
      if (source === undefined) return false;
      measured?.(method, response.statusCode, source, raw, (performance.now() - started) / 1000);
      this.logAnswer(logged, request, path, response.statusCode, started, source);
      return true;
    }
    if (query !== -1 && !known.answersQuery(raw)) return false;
    const variants = known.variants.get(this.options.visitorOf(request));
    if (variants === undefined) return false;

    const ifNoneMatch = request.headers["if-none-match"];
    const answer =
      ifNoneMatch !== undefined && etagMatches(ifNoneMatch, variants.etag)
        ? variants.notModified
        : variants.byEncoding.get(this.encodingOf(request.headers["accept-encoding"]));
    if (answer === undefined) return false;

    response.writeHead(answer.status, answer.headers);
    response.end(method === "HEAD" ? undefined : (answer.body ?? undefined));
    answer.timers?.[method].observe((performance.now() - started) / 1000);
    this.logAnswer(logged, request, path, answer.status, started, variants.source);
    return true;
  }

  private logAnswer(
    logged: boolean,
    request: IncomingMessage,
    path: string,
    status: number,
    started: number,
    source: string,
  ): void {
    if (!logged) {
      this.unlogged += 1;
      return;
    }
    this.unlogged = 0;
    this.options.log({
      request,
      method: request.method ?? "GET",
      path,
      status,
      durationMs: performance.now() - started,
      source,
      ...(this.logEvery > 1 ? { sample: this.logEvery } : {}),
    });
  }

  /**
   * Learns what `path` answers for `visitor`, in the background (called after the full
   * server served it from a file). Safe to call on every request: once per path at a time.
   */
  learn(path: string, visitor: Visitor, kind: PathKind): void {
    const key = `${visitor} ${path}`;
    if (this.learning.has(key) || this.unlearnable.has(key)) return;
    if (this.learned.get(path)?.variants.has(visitor)) return;
    this.learning.add(key);
    const generation = this.generation;
    void this.options
      .capture(path, visitor)
      .then((variants) => {
        if (generation !== this.generation) return;
        if (!variants) {
          if (this.unlearnable.size >= this.maxPaths) this.unlearnable.clear();
          this.unlearnable.add(key);
          return;
        }
        let entry = this.learned.get(path);
        if (!entry) {
          entry = {
            kind,
            answersQuery: kind === "static" ? () => true : this.options.pageAnswersQuery,
            variants: new Map(),
          };
          this.learned.set(path, entry);
          if (this.learned.size > this.maxPaths) {
            const oldest = this.learned.keys().next().value;
            if (oldest !== undefined) this.learned.delete(oldest);
          }
        }
        entry.variants.set(visitor, variants);
      })
      .catch(() => {
        // The full path keeps answering; the next request will try again.
      })
      .finally(() => this.learning.delete(key));
  }

  /** Forgets the given paths (their content changed), or every prerendered one. */
  forget(paths?: Iterable<string>): void {
    this.generation += 1;
    this.unlearnable.clear();
    if (paths) {
      for (const path of paths) this.learned.delete(path);
      return;
    }
    for (const [path, entry] of this.learned) {
      if (entry.kind === "prerendered") this.learned.delete(path);
    }
  }

  private encodingOf(acceptEncoding: string | undefined): Encoding | "identity" {
    const key = acceptEncoding ?? "";
    let encoding = this.negotiated.get(key);
    if (encoding === undefined) {
      encoding = negotiateEncoding(acceptEncoding) ?? "identity";
      if (this.negotiated.size >= MAX_NEGOTIATIONS) this.negotiated.clear();
      this.negotiated.set(key, encoding);
    }
    return encoding;
  }
}

/** Response headers as the flat list node:http writes as is. `date` is node's own. */
export function rawHeadersOf(headers: Headers): string[] {
  const raw: string[] = [];
  headers.forEach((value, name) => {
    if (name !== "date") raw.push(name, value);
  });
  return raw;
}
