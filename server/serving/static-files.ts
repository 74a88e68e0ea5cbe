// The client build (build/client) as an index of regular files, read once at start: a
// request can only ever reach a file in this index, looked up by its exact decoded path,
// so there is no directory listing and no way out of the folder. Bodies are kept in memory
// within a budget, larger ones streamed. While the server runs only pages (with their data
// files) and the sitemap change, and only through this index (`write`, `remove`: page-refresh.ts,
// sitemap-refresh.ts in server/refresh/), so memory and disk agree.
import { createReadStream, type Dirent } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { ASSETS_DIR, LATEST_BUILD_FILE } from "../../app/config/build-files";
import {
  HOUR_CACHE_CONTROL,
  IMMUTABLE_CACHE_CONTROL,
  NO_CACHE,
} from "../../app/config/cache-control";
import { inlineScriptHashes } from "../security/script-hashes";
import { type Encoding, PRECOMPRESSED_EXTENSIONS } from "./compression";
import { contentTypeOf, isHtmlType } from "./mime";
import {
  etagMatches,
  HashedPolicy,
  markAnsweredBy,
  type PolicySource,
  Representation,
  weakEtagOf,
} from "./representation";

/** Files above this size are streamed from disk instead of being kept in memory. */
const MAX_MEMORY_FILE_BYTES = 2 * 1024 * 1024;
/** Total bytes of file bodies kept in memory; beyond it, files are streamed. */
const MEMORY_BUDGET_BYTES = 128 * 1024 * 1024;

export interface BuildFile {
  /** Path relative to the client folder, with `/` separators: `assets/app-x1.js`. */
  relPath: string;
  absPath: string;
  size: number;
  mtimeMs: number;
  contentType: string;
  /** Precompressed siblings written by the build (`x.js.br`, `x.js.gz`). */
  precompressed: Partial<Record<Encoding, string>>;
}

export function cacheControlOfStatic(relPath: string): string {
  if (relPath.startsWith(`${ASSETS_DIR}/`)) return IMMUTABLE_CACHE_CONTROL;
  if (relPath === LATEST_BUILD_FILE) return NO_CACHE;
  return HOUR_CACHE_CONTROL;
}

export class ClientFiles {
  private readonly representations = new Map<string, Promise<Representation>>();
  /** The policies of HTML files too large for memory: hashed once, only the hashes kept. */
  private readonly streamedPolicies = new Map<string, Promise<PolicySource>>();
  /** The bytes each body kept in memory was counted for (a spliced body differs from its file). */
  private readonly charged = new Map<string, number>();
  private memoryBytes = 0;

  private constructor(
    readonly dir: string,
    private readonly files: Map<string, BuildFile>,
    private readonly memoryBudgetBytes: number,
  ) {}

  /** Indexes every regular file under `dir` (symlinks and other oddities are skipped). */
  static async scan(
    dir: string,
    options: { memoryBudgetBytes?: number } = {},
  ): Promise<ClientFiles> {
    const root = path.resolve(dir);
    const files = new Map<string, BuildFile>();
    let entries: Dirent[] = [];
    try {
      entries = await readdir(root, { recursive: true, withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
    const found = entries
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name));
    const all = new Set(found.map((file) => toRel(root, file)));
    for (const absPath of found) {
      const relPath = toRel(root, absPath);
      const base = siblingBase(relPath);
      if (base && all.has(base)) continue; // a precompressed sibling, served through its base
      const info = await stat(absPath);
      const precompressed: BuildFile["precompressed"] = {};
      for (const [encoding, ext] of Object.entries(PRECOMPRESSED_EXTENSIONS)) {
        if (all.has(relPath + ext)) {
          precompressed[encoding as Encoding] = path.join(root, relPath + ext);
        }
      }
      files.set(relPath, {
        relPath,
        absPath,
        size: info.size,
        mtimeMs: info.mtimeMs,
        contentType: contentTypeOf(relPath),
        precompressed,
      });
    }
    return new ClientFiles(root, files, options.memoryBudgetBytes ?? MEMORY_BUDGET_BYTES);
  }

  lookup(pathname: string): BuildFile | undefined {
    return this.files.get(pathname.replace(/^\/+/, ""));
  }

  get(relPath: string): BuildFile | undefined {
    return this.files.get(relPath);
  }

  list(): BuildFile[] {
    return [...this.files.values()];
  }

  /**
   * Replaces (or adds) a file: written beside and renamed over, so a reader never sees half
   * of it; the build's compressed siblings are deleted (the body is compressed on demand).
   */
  async write(relPath: string, body: Buffer): Promise<BuildFile> {
    const absPath = path.join(this.dir, ...relPath.split("/"));
    if (!absPath.startsWith(this.dir + path.sep)) throw new Error(`outside the build: ${relPath}`);
    await mkdir(path.dirname(absPath), { recursive: true });
    writeCount += 1;
    const temporary = `${absPath}.${process.pid}.${writeCount}.tmp`;
    await writeFile(temporary, body);
    await rename(temporary, absPath);
    await this.removeSiblings(absPath);
    const info = await stat(absPath);
    const file: BuildFile = {
      relPath,
      absPath,
      size: info.size,
      mtimeMs: info.mtimeMs,
      contentType: contentTypeOf(relPath),
      precompressed: {},
    };
    this.forgetBody(relPath);
    this.files.set(relPath, file);
    // Kept in memory within the same budget as files read from disk: rendering every page
    // of a large site again must not keep every body (10,000 articles: over 500 MB).
    if (this.fitsInMemory(body.byteLength)) {
      this.charge(relPath, body.byteLength);
      this.representations.set(
        relPath,
        Promise.resolve(new Representation(body, file.contentType, { effort: "fast" })),
      );
    }
    return file;
  }

  /**
   * Replaces the body kept in memory for a file by `next`, made from it (the page with the
   * shared pieces of now spliced in), unless the file was written again meanwhile: `from` is
   * what representation() answered. The file on disk is left as it is.
   */
  replaceInMemory(
    relPath: string,
    from: Promise<Representation>,
    next: Representation,
  ): Promise<Representation> | undefined {
    if (this.representations.get(relPath) !== from) return undefined;
    this.memoryBytes -= this.charged.get(relPath) ?? 0;
    this.charge(relPath, next.body.byteLength);
    const replaced = Promise.resolve(next);
    this.representations.set(relPath, replaced);
    this.streamedPolicies.delete(relPath);
    return replaced;
  }

  private charge(relPath: string, bytes: number): void {
    this.memoryBytes += bytes;
    this.charged.set(relPath, bytes);
  }

  private fitsInMemory(bytes: number): boolean {
    return bytes <= MAX_MEMORY_FILE_BYTES && this.memoryBytes + bytes <= this.memoryBudgetBytes;
  }

  get bytesInMemory(): number {
    return this.memoryBytes;
  }

  /** Deletes a file (a page whose entry is gone) from the index and the disk. */
  async remove(relPath: string): Promise<void> {
    const file = this.files.get(relPath);
    if (!file) return;
    this.forgetBody(relPath);
    this.files.delete(relPath);
    await rm(file.absPath, { force: true });
    await this.removeSiblings(file.absPath);
  }

  private forgetBody(relPath: string): void {
    if (this.representations.has(relPath)) this.memoryBytes -= this.charged.get(relPath) ?? 0;
    this.charged.delete(relPath);
    this.representations.delete(relPath);
    this.streamedPolicies.delete(relPath);
  }

  private async removeSiblings(absPath: string): Promise<void> {
    for (const ext of Object.values(PRECOMPRESSED_EXTENSIONS)) {
      await rm(absPath + ext, { force: true });
    }
  }

  representation(file: BuildFile): Promise<Representation> | null {
    const known = this.representations.get(file.relPath);
    if (known) return known;
    if (!this.fitsInMemory(file.size)) return null;
    this.charge(file.relPath, file.size);
    // A file without siblings that is worth compressing was rewritten by the server (a page
    // rendered again): compressed on demand like the server's renderings, not at the build's
    // highest effort (67 ms against 1.4 ms for an article page, in brotli).
    const hasSiblings = Object.keys(file.precompressed).length > 0;
    const loading = readFile(file.absPath).then(
      (body) =>
        new Representation(body, file.contentType, {
          effort: hasSiblings ? "max" : "fast",
          precompressed: Object.fromEntries(
            Object.entries(file.precompressed).map(([encoding, sibling]) => [
              encoding,
              () => readFile(sibling),
            ]),
          ),
        }),
    );
    this.representations.set(file.relPath, loading);
    loading.catch(() => {
      if (this.representations.get(file.relPath) !== loading) return;
      this.representations.delete(file.relPath);
      this.memoryBytes -= this.charged.get(file.relPath) ?? 0;
      this.charged.delete(file.relPath);
    });
    return loading;
  }

  /**
   * Serves `file` for a GET or HEAD request, with validators and compression; null when
   * the file has vanished since the scan (a build replaced underneath a running server).
   */
  async serve(
    file: BuildFile,
    request: Request,
    init: { status?: number; headers?: HeadersInit } = {},
  ): Promise<Response | null> {
    try {
      const representation = this.representation(file);
      if (representation) return (await representation).respond(request, init);
      await stat(file.absPath);
      const response = this.stream(file, request, init);
      // A streamed page still needs the hashes of its inline scripts, or it cannot hydrate.
      return isHtmlType(file.contentType)
        ? markAnsweredBy(response, await this.streamedPolicy(file))
        : response;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }

  private streamedPolicy(file: BuildFile): Promise<PolicySource> {
    let known = this.streamedPolicies.get(file.relPath);
    if (!known) {
      known = readFile(file.absPath).then((body) => {
        const hashes = inlineScriptHashes(body);
        return new HashedPolicy(() => hashes);
      });
      this.streamedPolicies.set(file.relPath, known);
      known.catch(() => this.streamedPolicies.delete(file.relPath));
    }
    return known;
  }

  private stream(
    file: BuildFile,
    request: Request,
    init: { status?: number; headers?: HeadersInit },
  ): Response {
    const headers = new Headers(init.headers);
    const etag = weakEtagOf(Buffer.from(`${file.size}-${file.mtimeMs}`));
    headers.set("ETag", etag);
    if (etagMatches(request.headers.get("if-none-match"), etag)) {
      return new Response(null, { status: 304, headers });
    }
    headers.set("Content-Type", file.contentType);
    headers.set("Content-Length", String(file.size));
    const body =
      request.method === "HEAD"
        ? null
        : (Readable.toWeb(createReadStream(file.absPath)) as ReadableStream<Uint8Array>);
    return new Response(body, { status: init.status ?? 200, headers });
  }
}

let writeCount = 0;

function toRel(root: string, absPath: string): string {
  return path.relative(root, absPath).split(path.sep).join("/");
}

function siblingBase(relPath: string): string | null {
  for (const ext of Object.values(PRECOMPRESSED_EXTENSIONS)) {
    if (relPath.endsWith(ext)) return relPath.slice(0, -ext.length);
  }
  return null;
}
