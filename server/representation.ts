// A complete, in-memory response body with its validators: what static files,
// prerendered pages and cached renderings are served from. Handles ETag/304, HEAD,
// and compression by Accept-Encoding (each encoding computed once, then kept).
import { createHash } from "node:crypto";
import {
  type CompressionEffort,
  compress,
  type Encoding,
  MIN_COMPRESS_BYTES,
  negotiateEncoding,
} from "./compression";
import { isCompressibleType } from "./mime";

export class Representation {
  readonly etag: string;
  readonly compressible: boolean;
  private readonly effort: CompressionEffort;
  private readonly precompressed: Partial<Record<Encoding, () => Promise<Buffer>>>;
  private readonly encoded = new Map<Encoding, Promise<Buffer>>();

  constructor(
    readonly body: Buffer,
    readonly contentType: string,
    options: {
      etag?: string;
      effort?: CompressionEffort;
      precompressed?: Partial<Record<Encoding, () => Promise<Buffer>>>;
    } = {},
  ) {
    this.etag = options.etag ?? weakEtagOf(body);
    this.compressible = isCompressibleType(contentType) && body.byteLength >= MIN_COMPRESS_BYTES;
    this.effort = options.effort ?? "fast";
    this.precompressed = options.precompressed ?? {};
  }

  /** Bytes held: the body plus a generous estimate of its compressed variants. */
  get byteSize(): number {
    return this.compressible ? Math.ceil(this.body.byteLength * 1.4) : this.body.byteLength;
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

  /**
   * The response for `request`: 304 when its If-None-Match matches, the body in the best
   * accepted encoding otherwise, no body for HEAD. `headers` are added (Cache-Control, ...).
   */
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
      return new Response(null, { status: 304, headers });
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
    return new Response(payload, { status, headers });
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
