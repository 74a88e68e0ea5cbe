// The pages React Router prerendered at build time: a page's HTML and its client-navigation
// data, and resource routes' bodies as they are (where each is written: page-addresses.ts).
// The build lists them in build/prerendered.json; without it they are discovered (every
// index.html and .data file outside assets/ and builds/). They are the build's cache, kept
// true: a change has the pages it touches rendered again in the background (page-refresh.ts)
// while the old files keep answering. A page whose refresh failed is retired: served only as
// the last resort when a rendering fails (render.ts). A build older than the content starts
// with every page retired.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { NON_PAGE_DIRS } from "../../app/config/build-files";
import {
  filesAnsweringRequest,
  isPageDataFile,
  isPageHtmlFile,
  requestPathOfFile,
} from "../addresses/page-addresses";
import type { BuildFile, ClientFiles } from "./static-files";

/** Written by scripts/build.ts next to client/ and server/ (not served). */
export const PRERENDER_MANIFEST_FILE = "prerendered.json";

export interface PrerenderManifest {
  /** Files of the client build that prerendering wrote, relative to build/client. */
  files: string[];
  /**
   * Of those, the pages (and their data) that carry a form: rendered per request, the
   * files kept only as the outage fallback.
   */
  dynamic?: string[];
}

export class PrerenderedPages {
  /** Files not served as fresh pages (their content changed and no refresh landed yet). */
  private readonly retired = new Set<string>();
  private readonly prerendered: Set<string>;
  private readonly dynamic: ReadonlySet<string>;

  constructor(
    private readonly files: ClientFiles,
    prerendered: Iterable<string>,
    options: { dynamic?: Iterable<string> } = {},
  ) {
    this.prerendered = new Set(prerendered);
    this.dynamic = new Set(options.dynamic ?? []);
  }

  static async load(buildDir: string, files: ClientFiles): Promise<PrerenderedPages> {
    const listed = await readManifest(path.join(buildDir, PRERENDER_MANIFEST_FILE));
    const prerendered = new Set(
      (listed?.files ?? discover(files.list().map((file) => file.relPath))).filter((rel) =>
        files.get(rel),
      ),
    );
    return new PrerenderedPages(files, prerendered, { dynamic: listed?.dynamic });
  }

  /** The prerendered file that may answer as a fresh page (not one that carries a form). */
  findFresh(pathname: string): BuildFile | undefined {
    const file = this.find(pathname);
    return file && !this.dynamic.has(file.relPath) && !this.retired.has(file.relPath)
      ? file
      : undefined;
  }

  /** Whether a file is served as a fresh page (not retired, not carrying a form). */
  isFresh(relPath: string): boolean {
    return (
      this.prerendered.has(relPath) && !this.retired.has(relPath) && !this.dynamic.has(relPath)
    );
  }

  /** Stops serving these files as fresh pages; they stay available as a fallback. */
  retire(relPaths: Iterable<string>): void {
    for (const rel of relPaths) if (this.prerendered.has(rel)) this.retired.add(rel);
  }

  /** Serves a (re)written file as a fresh page. */
  restore(relPath: string): void {
    this.prerendered.add(relPath);
    this.retired.delete(relPath);
  }

  /** A page that is gone: its files are no longer prerendered pages at all. */
  remove(relPath: string): void {
    this.prerendered.delete(relPath);
    this.retired.delete(relPath);
  }

  /** The manifest as the files are now (pages written or removed since the build included). */
  toManifest(): PrerenderManifest {
    return { files: [...this.prerendered].sort(), dynamic: [...this.dynamic].sort() };
  }

  /** Whether a client-build file belongs to prerendering (then it is not a static file). */
  isPrerendered(relPath: string): boolean {
    return this.prerendered.has(relPath);
  }

  pagePaths(): string[] {
    return [...this.prerendered].filter(isPageHtmlFile).map(requestPathOfFile).sort();
  }

  /** Whether `path` is a prerendered resource (a feed, an image), not a page. */
  isResource(path: string): boolean {
    const rel = path.slice(1);
    return this.prerendered.has(rel) && !isPageDataFile(rel) && !isPageHtmlFile(rel);
  }

  /** Site paths of prerendered answers that are neither pages nor their data (a feed...). */
  resourcePaths(): string[] {
    return [...this.prerendered]
      .filter((rel) => !isPageHtmlFile(rel) && !isPageDataFile(rel))
      .map(requestPathOfFile)
      .sort();
  }

  /**
   * The prerendered file that answers a decoded request path, whether or not it is still
   * fresh: `/about` -> about/index.html, `/about.data` -> about.data.
   */
  find(pathname: string): BuildFile | undefined {
    const { html, other } = filesAnsweringRequest(pathname);
    if (html && this.prerendered.has(html)) return this.files.get(html);
    return other && this.prerendered.has(other) ? this.files.get(other) : undefined;
  }
}

async function readManifest(file: string): Promise<PrerenderManifest | undefined> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch {
    return undefined;
  }
  const parsed = JSON.parse(text) as Partial<PrerenderManifest>;
  if (!Array.isArray(parsed.files) || !parsed.files.every((f) => typeof f === "string")) {
    throw new Error(`${file}: expected {"files": [...]}`);
  }
  const dynamic = Array.isArray(parsed.dynamic)
    ? parsed.dynamic.filter((f): f is string => typeof f === "string")
    : [];
  return { files: parsed.files, dynamic };
}

/** Fallback when the build wrote no manifest: pages and their data, nothing else. */
export function discover(relPaths: readonly string[]): string[] {
  return relPaths.filter((rel) => {
    if (NON_PAGE_DIRS.has(rel.split("/")[0] ?? "")) return false;
    return isPageHtmlFile(rel) || isPageDataFile(rel);
  });
}
