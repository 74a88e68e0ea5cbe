// Keeps sitemap.xml true to the pages served now, when the build wrote it (public/'s own is
// left alone): a page written or removed by a content change can add, drop or re-date a URL.
// A touched sitemap is written again (the build's rule: app/seo/sitemap.server.ts) once the
// refresher is idle, so a burst of changes is one write, through the client files, so disk and
// memory agree. Each page's entry (lastmod, or noindex) is read once and kept until it changes.

import { readFile } from "node:fs/promises";
import path from "node:path";
import type { SiteLogger } from "../../app/logging/logger.server";
import { describeError } from "../../app/logging/logger.server";
import { isDataRequest } from "../../app/navigation/page-paths";
import {
  SITEMAP_FILE,
  SITEMAP_RECORD_FILE,
  type SitemapPage,
  type SitemapRecord,
  sitemapPageOf,
  sitemapXml,
} from "../../app/seo/sitemap.server";
import { filesOfPage } from "../addresses/page-addresses";
import type { PrerenderedPages } from "../serving/prerendered";
import type { ClientFiles } from "../serving/static-files";

export const SITEMAP_REQUEST_PATH = `/${SITEMAP_FILE}`;

export interface SitemapRefreshOptions {
  files: Pick<ClientFiles, "get" | "write">;
  prerendered: Pick<PrerenderedPages, "pagePaths" | "isResource">;
  siteOrigin: string;
  logger: SiteLogger;
  /** Called with the sitemap's request path once its new body is served. */
  onChanged: (paths: string[]) => void;
}

/** A page's place in the sitemap: its entry, or null when it is noindex (or has no file). */
type Listing = SitemapPage | null;

export class SitemapRefresh {
  /** What each page contributes, as last read; a page missing here is read at the next write. */
  private readonly listings = new Map<string, Listing>();
  private stale = false;
  private again = false;
  private writing: Promise<void> | undefined;
  private lastBody: string | undefined;
  private written = 0;
  private stopped = false;

  constructor(private readonly options: SitemapRefreshOptions) {}

  /**
   * A SitemapRefresh when the build wrote the sitemap (its record says so), none when
   * public/ provided it or the build predates the record.
   */
  static async forBuild(
    buildDir: string,
    options: SitemapRefreshOptions,
  ): Promise<SitemapRefresh | undefined> {
    const record = await readFile(path.join(buildDir, SITEMAP_RECORD_FILE), "utf8").then(
      (text) => JSON.parse(text) as Partial<SitemapRecord>,
      () => undefined,
    );
    if (record?.writtenByBuild !== true) {
      options.logger.info("sitemap.xml is not the build's own: it stays as it is");
      return undefined;
    }
    return new SitemapRefresh(options);
  }

  get writes(): number {
    return this.written;
  }

  /**
   * Whether rendering these pages again may move the sitemap: one it lists, or one not read
   * yet (a page known to be noindex cannot).
   */
  mayList(pages: Iterable<string>): boolean {
    for (const page of pages) {
      if (this.isPage(page) && this.listings.get(page) !== null) return true;
    }
    return false;
  }

  /** Request paths whose answer changed (PageRefresher's onChanged): their pages are read again. */
  touched(paths: Iterable<string>): void {
    for (const page of paths) {
      if (!this.isPage(page)) continue;
      this.listings.delete(page);
      this.stale = true;
    }
  }

  /** Nothing is left to render: a sitemap a change touched is written again (once). */
  idle(): void {
    if (!this.stale || this.stopped) return;
    this.stale = false;
    if (this.writing) {
      this.again = true;
      return;
    }
    this.writing = this.writeUntilCurrent().finally(() => {
      this.writing = undefined;
    });
  }

  /**
   * No write starts from now on; resolves once the one running is done, so nothing is written
   * into the build after the server has closed.
   */
  stop(): Promise<void> {
    this.stopped = true;
    this.again = false;
    return this.settled();
  }

  /** Resolves once no write is running (a purge waits for it: the CDN must fetch the new one). */
  settled(): Promise<void> {
    return this.writing ?? Promise.resolve();
  }

  private isPage(requestPath: string): boolean {
    return (
      requestPath !== SITEMAP_REQUEST_PATH &&
      !isDataRequest(requestPath) &&
      !this.options.prerendered.isResource(requestPath)
    );
  }

  private async writeUntilCurrent(): Promise<void> {
    do {
      this.again = false;
      try {
        await this.write();
      } catch (error) {
        this.options.logger.error("sitemap.xml could not be written again", {
          error: describeError(error),
        });
      }
    } while (this.again && !this.stopped);
  }

  private async write(): Promise<void> {
    const { files, prerendered, siteOrigin, logger, onChanged } = this.options;
    const started = performance.now();
    const pages = prerendered.pagePaths();
    const listed: SitemapPage[] = [];
    let leftOut = 0;
    for (const page of pages) {
      let listing = this.listings.get(page);
      if (listing === undefined) {
        listing = await this.read(page);
        this.listings.set(page, listing);
      }
      if (listing) listed.push(listing);
      else leftOut += 1;
    }
    const current = new Set(pages);
    for (const page of this.listings.keys()) if (!current.has(page)) this.listings.delete(page);
    const body = sitemapXml(siteOrigin, listed);
    this.lastBody ??= await this.readServed();
    if (body === this.lastBody) return;
    await files.write(SITEMAP_FILE, Buffer.from(body));
    this.lastBody = body;
    this.written += 1;
    onChanged([SITEMAP_REQUEST_PATH]);
    // Pages left out (noindex, or no file): why a live page may be missing from the count.
    logger.info("sitemap written", {
      urls: listed.length,
      leftOut,
      ms: Math.round(performance.now() - started),
    });
  }

  private async read(page: string): Promise<Listing> {
    const file = this.options.files.get(filesOfPage(page).html);
    const html = file && (await readFile(file.absPath, "utf8").catch(() => undefined));
    return sitemapPageOf(page, html);
  }

  private async readServed(): Promise<string | undefined> {
    const file = this.options.files.get(SITEMAP_FILE);
    return file && readFile(file.absPath, "utf8").catch(() => undefined);
  }
}
