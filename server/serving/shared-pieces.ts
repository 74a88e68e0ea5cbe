// What every page carries from the CMS, put into stored pages when they are answered rather
// than rendered into each of them: the consent banner's wording. A stored page (a prerendered
// file, a page the refresher wrote) holds the wording it was rendered with in four places,
// each written its own way: the version attribute of <html>, the banner's markup in the body,
// and the root loader's `consent` value in the page's data, both in `.data` (turbo-stream) and
// in the HTML's inline context script (the same text as a script string). Those places are
// found by the texts the old wording makes there, the page cut around them, and the texts of
// the current wording joined in: the bytes a full render of the page would have. A body so
// made replaces the one kept in memory (so it is compressed, hashed and given its ETag once
// per page and wording); bodies streamed from disk keep theirs in a bounded cache. A page the
// old wording cannot be found in (one rendered with a wording this process never saw) is
// rendered again instead, and logged.
import { createHash } from "node:crypto";
import { readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { CONSENT_VERSION_ATTRIBUTE } from "../../app/consent/attributes";
import { escapeAttribute } from "../../app/consent/escape-attribute";
import type { ConsentPiece } from "../../app/consent/model";
import { describeError, type SiteLogger } from "../../app/logging/logger.server";
import {
  isPageDataFile,
  isPageHtmlFile,
  pageOfRequestPath,
  requestPathOfFile,
} from "../addresses/page-addresses";
import { Representation } from "./representation";
import type { BuildFile, ClientFiles } from "./static-files";

/** Kept next to the build: the wordings stored pages may carry, newest first. */
export const SHARED_PIECES_FILE = "shared-pieces.json";

/** Wordings remembered: the current one and those stored pages may still carry. */
const KEPT_PIECES = 4;
/** A failed read is tried again after this long (no later change may come to ask). */
const READ_RETRY_MS = 5_000;
/** Bytes of spliced bodies kept for pages streamed from disk (beyond the memory budget). */
const STREAMED_CACHE_BYTES = 32 * 1024 * 1024;

type PageKind = "html" | "data";

interface KnownPiece {
  key: string;
  piece: ConsentPiece;
}

/** A stored page cut around the places of the wording it carries. */
export interface SplitPage {
  /** The text between the places, in order (one more than the places). */
  fixed: string[];
  /** Which place (as placesOf lists them) each gap between fixed parts is. */
  order: number[];
}

/** The key of a wording: every place it writes depends on nothing else. */
export function pieceKey(piece: ConsentPiece): string {
  return createHash("sha1").update(JSON.stringify(piece)).digest("base64url").slice(0, 16);
}

/** React Router's escape of the data in its inline script (after the JSON string escape). */
const SCRIPT_ESCAPES: Record<string, string> = {
  "&": "\\u0026",
  ">": "\\u003e",
  "<": "\\u003c",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};

/** A text inside the inline context script, which holds the page's data as a string. */
function asScriptString(text: string): string {
  return JSON.stringify(text)
    .slice(1, -1)
    .replace(/[&><\u2028\u2029]/g, (c) => SCRIPT_ESCAPES[c] ?? c);
}

/** The banner's markup for a page (its address is where the form returns to). */
function markupOf(piece: ConsentPiece, page: string): string {
  return piece.parts.join(escapeAttribute(page));
}

/** The root loader's `consent` value as turbo-stream writes it: keys and values in order. */
function dataOf(piece: ConsentPiece, page: string): string {
  return `"version",${JSON.stringify(piece.version)},"html",${JSON.stringify(markupOf(piece, page))}`;
}

/** The texts a wording writes in a page, each as that place writes it. */
export function placesOf(piece: ConsentPiece, page: string, kind: PageKind): string[] {
  const data = dataOf(piece, page);
  if (kind === "data") return [data];
  return [
    `${CONSENT_VERSION_ATTRIBUTE}="${escapeAttribute(piece.version)}"`,
    markupOf(piece, page),
    asScriptString(data),
  ];
}

/** Each place found exactly once, apart: the page cut around them; else null. */
export function splitPage(text: string, places: readonly string[]): SplitPage | null {
  const found: { at: number; place: number }[] = [];
  for (let place = 0; place < places.length; place++) {
    const needle = places[place] as string;
    const at = text.indexOf(needle);
    if (at < 0 || text.indexOf(needle, at + 1) >= 0) return null;
    found.push({ at, place });
  }
  found.sort((a, b) => a.at - b.at);
  const fixed: string[] = [];
  let from = 0;
  for (const { at, place } of found) {
    if (at < from) return null;
    fixed.push(text.slice(from, at));
    from = at + (places[place] as string).length;
  }
  fixed.push(text.slice(from));
  return { fixed, order: found.map((f) => f.place) };
}

/**
 * turbo-stream writes a string once and refers to it by index after: a version equal to
 * another string of the page's data would be written as a reference by a render. Such a
 * page (rare: a version like `2026-11` is no other value) is rendered instead.
 */
function versionSharedWithData(split: SplitPage, piece: ConsentPiece, kind: PageKind): boolean {
  const element = JSON.stringify(piece.version);
  const written = kind === "data" ? element : asScriptString(element);
  const separators = kind === "data" ? [",", "["] : [","];
  return split.fixed.some((part) =>
    separators.some((before) => part.includes(`${before}${written},`)),
  );
}

export function joinPage(split: SplitPage, places: readonly string[]): string {
  let out = split.fixed[0] as string;
  for (let i = 0; i < split.order.length; i++) {
    out += places[split.order[i] as number] as string;
    out += split.fixed[i + 1] as string;
  }
  return out;
}

/**
 * `text`, a page that carries one of `known`, with `current` in its places instead; the same
 * text when it carries `current`; null when it carries none of them (or cannot be spliced).
 */
export function spliceCurrent(
  text: string,
  page: string,
  kind: PageKind,
  current: ConsentPiece,
  known: readonly ConsentPiece[],
): string | null {
  const now = placesOf(current, page, kind);
  if (splitPage(text, now)) return text;
  for (const piece of known) {
    if (piece === current) continue;
    const split = splitPage(text, placesOf(piece, page, kind));
    if (!split) continue;
    if (versionSharedWithData(split, current, kind)) return null;
    return joinPage(split, now);
  }
  return null;
}

export interface SharedPiecesOptions {
  files: ClientFiles;
  /** Where the known wordings are kept across starts (the build's folder). */
  dir: string;
  /** The wording as the CMS holds it now, read on this thread. */
  read: () => Promise<ConsentPiece>;
  logger: SiteLogger;
  /** The wording changed: answers captured of stored pages are dropped. */
  onChanged: () => void;
  /** A stored page that carries no known wording: rendered (per request until written). */
  unsplittable: (page: string) => void;
}

/** What the answer of a stored page is made from: its own body, another, or a render. */
export type PieceAnswer = Representation | "as-stored" | "render";

export class SharedPieces {
  private known: KnownPiece[] = [];
  private reading: Promise<void> | undefined;
  private readAgain = false;
  private retry: NodeJS.Timeout | undefined;
  /** The write of the known wordings under way (one at a time, in order). */
  private writing: Promise<void> = Promise.resolve();
  private stopped = false;
  /** Representations known to carry a wording (by key): checked once each. */
  private readonly carries = new WeakMap<Representation, string>();
  /** Files streamed from disk (beyond the memory budget): their answers, least recently used first. */
  private readonly streamed = new Map<string, StreamedAnswer>();
  private streamedBytes = 0;
  /** Pages already sent to be rendered for a wording: each once. */
  private readonly reported = new Set<string>();
  private readonly splicing = new Map<string, Promise<PieceAnswer>>();

  constructor(private readonly options: SharedPiecesOptions) {}

  /** The wordings remembered from earlier runs (a page written then may carry one). */
  static async load(options: SharedPiecesOptions): Promise<SharedPieces> {
    const pieces = new SharedPieces(options);
    try {
      const text = await readFile(path.join(options.dir, SHARED_PIECES_FILE), "utf8");
      const listed = (JSON.parse(text) as { consent?: unknown }).consent;
      if (Array.isArray(listed)) {
        pieces.known = listed
          .filter(isPiece)
          .slice(0, KEPT_PIECES)
          .map((piece) => ({ key: pieceKey(piece), piece }));
      }
    } catch {
      // None yet (a fresh build): the first read is the one its pages carry, or not.
    }
    return pieces;
  }

  /** The wording in force: the first read's, and each read's since. */
  get current(): ConsentPiece | undefined {
    return this.currentPiece?.piece;
  }

  private currentPiece: KnownPiece | undefined;
  private firstRead: "reading" | "done" = "reading";

  /** "done" once the first read ended (read or failed: stored pages keep theirs then). */
  get state(): "reading" | "done" {
    return this.firstRead;
  }

  /** Reads the wording again (reads asked while one runs are folded into one more). */
  refresh(): Promise<void> {
    if (this.reading) {
      this.readAgain = true;
      return this.reading;
    }
    this.reading = this.readLoop().finally(() => {
      this.reading = undefined;
    });
    return this.reading;
  }

  /** Resolves once the reads asked so far are done. */
  async settled(): Promise<void> {
    while (this.reading) await this.reading;
  }

  /** No read is tried again after this; resolves once the known wordings are kept. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    await this.reading?.catch(() => {});
    await this.writing;
  }

  private async readLoop(): Promise<void> {
    clearTimeout(this.retry);
    do {
      this.readAgain = false;
      try {
        this.use(await this.options.read());
      } catch (error) {
        // The pages keep the wording they have until a read succeeds: the change that asked
        // is recorded as applied, so nothing else would ask again.
        this.options.logger.warn("consent wording could not be read: stored pages keep theirs", {
          error: describeError(error),
        });
        if (!this.stopped) {
          this.retry = setTimeout(() => void this.refresh(), READ_RETRY_MS);
          this.retry.unref();
        }
      }
    } while (this.readAgain);
    this.firstRead = "done";
  }

  /** Makes `piece` the wording stored pages are answered with. */
  use(piece: ConsentPiece): void {
    const key = pieceKey(piece);
    if (this.currentPiece?.key === key) return;
    const first = this.currentPiece === undefined;
    const entry = this.known.find((k) => k.key === key) ?? { key, piece };
    this.currentPiece = entry;
    this.known = [entry, ...this.known.filter((k) => k.key !== key)].slice(0, KEPT_PIECES);
    this.streamed.clear();
    this.streamedBytes = 0;
    this.writing = this.writing.then(() => this.remember());
    if (!first) {
      this.options.logger.info("consent wording changed: stored pages answer with it", {
        version: piece.version,
      });
    }
    this.options.onChanged();
  }

  private async remember(): Promise<void> {
    const file = path.join(this.options.dir, SHARED_PIECES_FILE);
    const temporary = `${file}.${process.pid}.tmp`;
    try {
      await writeFile(temporary, JSON.stringify({ consent: this.known.map((k) => k.piece) }));
      await rename(temporary, file);
    } catch (error) {
      this.options.logger.warn("could not keep the known consent wordings", {
        error: describeError(error),
      });
    }
  }

  /**
   * What a stored file is answered from: "as-stored" for a file that carries no piece (or the
   * current one, as kept by ClientFiles), a body with the current wording spliced in, or
   * "render" when it cannot be made.
   */
  answerOf(file: BuildFile): Promise<PieceAnswer> {
    const current = this.currentPiece;
    const kind = pageKindOf(file.relPath);
    if (!current || !kind) return Promise.resolve("as-stored");
    const cached = this.streamed.get(file.relPath);
    if (cached && cached.file === file && cached.key === current.key) {
      this.streamed.delete(file.relPath);
      this.streamed.set(file.relPath, cached);
      return Promise.resolve(cached.answer);
    }
    const running = this.splicing.get(file.relPath);
    if (running) return running;
    const made = this.splice(file, kind, current).finally(() => this.splicing.delete(file.relPath));
    this.splicing.set(file.relPath, made);
    return made;
  }

  private async splice(file: BuildFile, kind: PageKind, current: KnownPiece): Promise<PieceAnswer> {
    try {
      return await this.spliceFile(file, kind, current);
    } catch (error) {
      // The file vanished since the scan (a build replaced underneath the server): the page
      // renders, as it does when the file is served as stored.
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return "render";
      throw error;
    }
  }

  private async spliceFile(
    file: BuildFile,
    kind: PageKind,
    current: KnownPiece,
  ): Promise<PieceAnswer> {
    const { files } = this.options;
    const kept = files.representation(file);
    if (!kept) {
      const body = await readFile(file.absPath);
      const answer = this.spliced(file, kind, current, new Representation(body, file.contentType));
      if (answer !== "render") this.keepStreamed(file, current.key, answer);
      return answer;
    }
    const stored = await kept;
    if (this.carries.get(stored) === current.key) return "as-stored";
    const answer = this.spliced(file, kind, current, stored);
    if (!(answer instanceof Representation) || this.currentPiece !== current) return answer;
    // Written again meanwhile (a refresh): that new body is what answers, checked next time.
    return files.replaceInMemory(file.relPath, kept, answer) ? answer : "as-stored";
  }

  /** `stored` with the current wording in its places (itself when it carries it already). */
  private spliced(
    file: BuildFile,
    kind: PageKind,
    current: KnownPiece,
    stored: Representation,
  ): PieceAnswer {
    const page = pageOfRequestPath(requestPathOfFile(file.relPath));
    const text = stored.body.toString("utf8");
    const known = this.known.map((k) => k.piece);
    const spliced = spliceCurrent(text, page, kind, current.piece, known);
    if (spliced === null) {
      this.cannotSplit(file, page, current);
      return "render";
    }
    if (spliced === text) {
      this.carries.set(stored, current.key);
      return "as-stored";
    }
    const body = new Representation(Buffer.from(spliced, "utf8"), file.contentType, {
      effort: "fast",
    });
    this.carries.set(body, current.key);
    return body;
  }

  private keepStreamed(file: BuildFile, key: string, answer: Representation | "as-stored"): void {
    const old = this.streamed.get(file.relPath);
    if (old) this.streamedBytes -= bytesOf(old.answer);
    this.streamed.delete(file.relPath);
    this.streamed.set(file.relPath, { file, key, answer });
    this.streamedBytes += bytesOf(answer);
    for (const [rel, entry] of this.streamed) {
      if (this.streamedBytes <= STREAMED_CACHE_BYTES) break;
      this.streamed.delete(rel);
      this.streamedBytes -= bytesOf(entry.answer);
    }
  }

  private cannotSplit(file: BuildFile, page: string, current: KnownPiece): void {
    const name = `${page}@${current.key}`;
    if (this.reported.has(name)) return;
    this.reported.add(name);
    this.options.logger.warn("stored page carries no known consent wording: rendered again", {
      page,
      file: file.relPath,
    });
    this.options.unsplittable(page);
  }
}

interface StreamedAnswer {
  file: BuildFile;
  key: string;
  answer: Representation | "as-stored";
}

/** What an answer holds in memory (a file answered as stored holds nothing here). */
function bytesOf(answer: Representation | "as-stored"): number {
  return answer === "as-stored" ? 64 : answer.byteSize;
}

function pageKindOf(relPath: string): PageKind | undefined {
  if (isPageHtmlFile(relPath)) return "html";
  if (isPageDataFile(relPath)) return "data";
  return undefined;
}

function isPiece(value: unknown): value is ConsentPiece {
  if (typeof value !== "object" || value === null) return false;
  const { version, parts } = value as Partial<ConsentPiece>;
  return (
    typeof version === "string" &&
    Array.isArray(parts) &&
    parts.length > 0 &&
    parts.every((part) => typeof part === "string")
  );
}
