// Content negotiation and compression of text bodies (brotli first, then gzip).
// Builds precompress with the highest settings (scripts/build.ts writes `.br`/`.gz`
// siblings); at runtime we compress what has no sibling, faster, and keep the result.
import { promisify } from "node:util";
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from "node:zlib";

export type Encoding = "br" | "gzip";
export type CompressionEffort = "max" | "fast";

/** Bodies smaller than this are sent as they are: the headers would eat the gain. */
export const MIN_COMPRESS_BYTES = 1024;

export const PRECOMPRESSED_EXTENSIONS: Record<Encoding, string> = { br: ".br", gzip: ".gz" };

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The best encoding the client accepts (RFC 9110 q-values, `*` included), or null. */
export function negotiateEncoding(acceptEncoding: string | null | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const q = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    let weight = 1;
    for (const param of params) {
      const [key, value] = param.trim().split("=");
      if (key === "q" && value !== undefined) weight = Number(value);
    }
    q.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (name: Encoding) => q.get(name) ?? q.get("*") ?? 0;
  const br = weightOf("br");
  const gz = weightOf("gzip");
  if (br > 0 && br >= gz) return "br";
  if (gz > 0) return "gzip";
  return null;
}

/**
 * Brotli quality for what is compressed while a visitor waits. Measured on the rendered `/`
 * (77 kB): quality 5 took 12.4 ms against gzip level 6's 1.5 ms; quality 4 takes 1.9 ms and
 * is still smaller than gzip (15.5 against 17.2 kB), so a `br` answer costs what `gzip` does.
 */
export const FAST_BROTLI_QUALITY = 4;

/**
 * A window no larger than the body (16 to 22 bits): the same output, and for a page a
 * fraction of the encoder's memory (measured: 300 compressions of the 77 kB `/` in a
 * thread grew its RSS by 15 MB with brotli's default 22 bits, 10 MB with 18).
 */
function windowBitsFor(length: number): number {
  return Math.min(22, Math.max(16, Math.ceil(Math.log2(length + 1))));
}

function brotliOptions(body: Uint8Array, effort: CompressionEffort) {
  return {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: effort === "max" ? 11 : FAST_BROTLI_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
      [constants.BROTLI_PARAM_LGWIN]: windowBitsFor(body.byteLength),
    },
  };
}

const gzipLevel = (effort: CompressionEffort) => (effort === "max" ? 9 : 6);

/** Compresses on libuv's thread pool (shared by every thread of the process). */
export async function compress(
  body: Uint8Array,
  encoding: Encoding,
  effort: CompressionEffort,
): Promise<Buffer> {
  if (encoding === "br") return brotliAsync(body, brotliOptions(body, effort));
  return gzipAsync(body, { level: gzipLevel(effort) });
}

/**
 * Compresses on the calling thread: the render thread's way, so the work runs at its lower
 * priority rather than on the pool the serving thread's own work waits for.
 */
export function compressSync(
  body: Uint8Array,
  encoding: Encoding,
  effort: CompressionEffort,
): Buffer {
  if (encoding === "br") return brotliCompressSync(body, brotliOptions(body, effort));
  return gzipSync(body, { level: gzipLevel(effort) });
}
