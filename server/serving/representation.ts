// A complete, in-memory response body with its validators: what static files,
// prerendered pages and cached renderings are served from. Handles ETag/304, HEAD,
// and compression by Accept-Encoding (each encoding computed once, then kept). An HTML
// body also keeps its Content-Security-Policy: its inline scripts are hashed once, on
// first need, and the header string kept per policy variant, so serving it again costs
// a map lookup, never a body scan.
import { createHash } from "node:crypto";
import type { DocumentPolicy } from "../security/content-security-policy";
import { inlineScriptHashes } from "../security/script-hashes";
import {
  type CompressionEffort,
  compress,
  type Encoding,
  MIN_COMPRESS_BYTES,
  negotiateEncoding,
} from "./compression";
import { isCompressibleType, isHtmlType } from "./mime";

/** What knows the Content-Security-Policy of a body it answered with. */
export interface PolicySource {
  policyHeader(policy: DocumentPolicy): string;
}

/** Which body answered a response (read by the security-header middleware). */
const answeredBy = new WeakMap<Response, PolicySource>();

/** The body `response` was made from (a representation, a streamed file), if known. */
export function representationOf(response: Response): PolicySource | undefined {
  return answeredBy.get(response);
}

export function markAnsweredBy(response: Response, source: PolicySource): Response {
  answeredBy.set(response, source);
  return response;
}

/** The policy header of an HTML body under each variant, built from its hashes once. */
export class HashedPolicy implements PolicySource {
  private readonly headers = new Map<DocumentPolicy, string>();

  constructor(private readonly hashes: () => readonly string[]) {}

  policyHeader(policy: DocumentPolicy): string {
    let header = this.headers.get(policy);
    if (header === undefined) {
      header = policy.header(this.hashes());
      this.headers.set(policy, header);
    }
    return header;
  }
}

/** Bodies compressed elsewhere (the build's siblings, a render thread), loaded on need. */
export type PrecompressedBodies = Partial<Record<Encoding, () => Promise<Buffer>>>;

export class Representation implements PolicySource {
  readonly etag: string;
  readonly compressible: boolean;
  /** An HTML document: the only kind whose inline scripts run. */
  readonly isHtml: boolean;
  private readonly effort: CompressionEffort;
  private readonly precompressed: PrecompressedBodies;
  private readonly encoded = new Map<Encoding, Promise<Buffer>>();
  private readonly policy = new HashedPolicy(() => this.inlineScriptHashes);
  private scriptHashes?: readonly string[];

  constructor(
    readonly body: Buffer,
    readonly contentType: string,
    options: {
      etag?: string;
      effort?: CompressionEffort;
      precompressed?: PrecompressedBodies;
    } = {},
  ) {
    this.etag = options.etag ?? weakEtagOf(body);
    this.compressible = isCompressibleType(contentType) && body.byteLength >= MIN_COMPRESS_BYTES;
    this.isHtml = isHtmlType(contentType);
    this.effort = options.effort ?? "fast";
    this.precompressed = options.precompressed ?? {};
  }

  /** Bytes held: the body plus a generous estimate of its compressed variants. */
  get byteSize(): number {
    return this.compressible ? Math.ceil(this.body.byteLength * 1.4) : this.body.byteLength;
  }

  /** The hash sources of the body's inline scripts (none for other types), computed once. */
  get inlineScriptHashes(): readonly string[] {
    this.scriptHashes ??= this.isHtml ? inlineScriptHashes(this.body) : [];
    return this.scriptHashes;
  }

  policyHeader(policy: DocumentPolicy): string {
    return this.isHtml ? this.policy.policyHeader(policy) : policy.withoutHashes;
  }

  /** The bytes sent for `encoding` (the body itself when null or not compressible). */
  bodyFor(encoding: Encoding | null): Promise<Buffer> {
    return encoding && this.compressible ? this.encodedBody(encoding) : Promise.resolve(this.body);
  }

  private encodedBody(encoding: Encoding): Promise<Buffer> {
    let pending = this.encoded.get(encoding);
    if (!pending) {
      const load = this.precompressed[encoding];
      // A precompressed sibling (from the build) when there is one, else compress now.
      pending = load
        ? load().catch(() => compress(this.body, encoding, this.effort))
        : compress(this.body, encoding, this.effort);
      this.encoded.set(encoding, pending);
      // A failed compression is retried next time rather than cached.
      pending.catch(() => this.encoded.delete(encoding));
    }
    return pending;
  }

  /** `headers` are added to the answer (Cache-Control, ...). */
  async respond(
    request: Request,
    init: { status?: number; headers?: HeadersInit } = {},
  ): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set("Content-Type", this.contentType);
    headers.set("ETag", this.etag);
    if (this.compressible) headers.append("Vary", "Accept-Encoding");
    const status = init.status ?? 200;
    if (status === 200 && etagMatches(request.headers.get("if-none-match"), this.etag)) {
      headers.delete("Content-Type");
      return this.answered(new Response(null, { status: 304, headers }));
    }
    let body: Buffer = this.body;
    const encoding = this.compressible
      ? negotiateEncoding(request.headers.get("accept-encoding"))
      : null;
    if (encoding) {
      try {
        body = await this.encodedBody(encoding);
        headers.set("Content-Encoding", encoding);
      } catch {
        body = this.body;
      }
    }
    headers.set("Content-Length", String(body.byteLength));
    const payload = request.method === "HEAD" ? null : (body as Uint8Array<ArrayBuffer>);
    return this.answered(new Response(payload, { status, headers }));
  }

  private answered(response: Response): Response {
    return markAnsweredBy(response, this);
  }
}

export function weakEtagOf(body: Uint8Array): string {
  return `W/"${createHash("sha1").update(body).digest("base64url").slice(0, 22)}"`;
}

/** Weak comparison (RFC 9110 §13.1.2): `W/"x"` matches `"x"`; `*` matches anything. */
export function etagMatches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  const wanted = opaque(etag);
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || opaque(tag) === wanted);
}
