// Background re-rendering of prerendered pages after a content change, a few at a time, their
// files rewritten, so visitors keep getting files (and the fast path) and never wait for a
// render after a publish. Until a page's new files land its old ones answer; a page whose
// entry is gone (404) loses its files; one that cannot be rendered now (CMS down) is retired,
// so requests render it (or fall back to the old file, stale). While visitors keep the server
// busy, each page is followed by a pause (rendering/visitor-traffic.ts), so refreshing takes
// at most a fixed share of the time.

import { CACHE_TAG_HEADER, parseCacheTag } from "../../app/content/content-tags.server";
import type { SiteLogger } from "../../app/logging/logger.server";
import { describeError } from "../../app/logging/logger.server";
import { dataRequestOfPage } from "../../app/navigation/page-paths";
import { filesOfPage, requestPathOfFile } from "../addresses/page-addresses";
import { contentMetrics } from "../metrics/site-metrics";
import type { SiteRequestHandler } from "../rendering/server-build";
import type { Pacing } from "../rendering/visitor-traffic";
import type { PrerenderedPages } from "../serving/prerendered";
import type { ClientFiles } from "../serving/static-files";
import type { ContentDependencies } from "./content-dependencies";

export const DEFAULT_REFRESH_CONCURRENCY = 2;
/** While visitors keep the server busy, refreshing takes at most this share of the time. */
export const BUSY_REFRESH_SHARE = 0.2;

export interface PageRefresherOptions {
  handler: SiteRequestHandler;
  files: ClientFiles;
  prerendered: PrerenderedPages;
  dependencies: ContentDependencies;
  logger: SiteLogger;
  /** Called with the request paths whose answer changed (the fast path forgets them). */
  onChanged: (paths: string[]) => void;
  concurrency?: number;
  /** Without it, pages are rendered as fast as the concurrency allows. */
  pacing?: Pacing;
  /**
   * Called each time nothing is left to render. `clean`: every page given since the last
   * call was written or removed (none retired, none dropped by stop()).
   */
  onIdle?: (clean: boolean) => void;
}

type Outcome = "written" | "removed" | "retired";
interface Written {
  outcome: "written";
  body: Buffer;
  tags: string[] | undefined;
}
type Rendered = Written | { outcome: Exclude<Outcome, "written"> };

export class PageRefresher {
  /** In order of rendering. */
  private queued = new Set<string>();
  private readonly running = new Set<string>();
  /** Pages asked for again while rendering: rendered once more after. */
  private readonly again = new Set<string>();
  private readonly idleWaiters: (() => void)[] = [];
  private readonly concurrency: number;
  private batch:
    | { started: number; pages: number; outcomes: Record<Outcome, number>; dropped: boolean }
    | undefined;
  /** A pause between pages while the server is busy (pacing). */
  private resume: NodeJS.Timeout | undefined;
  /** Set by stop: the server is closing, and a render it cuts short is no fault. */
  private stopping = false;

  constructor(private readonly options: PageRefresherOptions) {
    this.concurrency = Math.max(1, options.concurrency ?? DEFAULT_REFRESH_CONCURRENCY);
  }

  get pending(): number {
    return this.queued.size + this.running.size;
  }

  /**
   * Each page once, however often asked. `first`: ahead of what is queued (one edit's few
   * pages do not wait behind the whole site being refreshed after a reconnect).
   */
  enqueue(pages: Iterable<string>, options: { first?: boolean } = {}): void {
    const fresh: string[] = [];
    for (const page of pages) {
      if (this.running.has(page)) this.again.add(page);
      else fresh.push(page);
    }
    if (options.first) {
      // A Set keeps the first place of each page: the fresh ones go first.
      this.queued = new Set([...fresh, ...this.queued]);
    } else {
      for (const page of fresh) this.queued.add(page);
    }
    this.batch ??= {
      started: performance.now(),
      pages: 0,
      outcomes: { written: 0, removed: 0, retired: 0 },
      dropped: false,
    };
    this.pump();
    // Nothing to render (a change no prerendered page read): the batch ends at once.
    if (this.pending === 0) this.finishBatch();
  }

  /**
   * Stops serving these pages' files as fresh until they are rendered again: requests render
   * them meanwhile (used at start for pages known to be older than the CMS).
   */
  retire(pages: Iterable<string>): void {
    const { prerendered } = this.options;
    const relPaths: string[] = [];
    const requestPaths: string[] = [];
    for (const page of pages) {
      if (prerendered.isResource(page)) {
        relPaths.push(page.slice(1));
        requestPaths.push(page);
      } else {
        const { html, data } = filesOfPage(page);
        relPaths.push(html, data);
        requestPaths.push(page, dataRequestOfPage(page));
      }
    }
    prerendered.retire(relPaths);
    this.options.onChanged(requestPaths);
  }

  stop(): Promise<void> {
    this.stopping = true;
    if (this.batch && this.queued.size > 0) this.batch.dropped = true;
    this.queued.clear();
    this.again.clear();
    if (this.resume) {
      clearTimeout(this.resume);
      this.resume = undefined;
      if (this.pending === 0) this.finishBatch();
    }
    return this.settled();
  }

  settled(): Promise<void> {
    if (this.pending === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private pump(): void {
    if (this.resume) return;
    const limit = this.options.pacing?.limit(this.concurrency) ?? this.concurrency;
    while (this.running.size < limit && this.queued.size > 0) {
      const page = this.queued.values().next().value as string;
      this.queued.delete(page);
      this.running.add(page);
      const started = performance.now();
      void this.refresh(page)
        .catch((error: unknown): Outcome => {
          const fields = { page, error: describeError(error) };
          if (this.stopping) {
            this.options.logger.info("page refresh left undone: the server is closing", fields);
          } else {
            this.options.logger.error("page refresh failed", fields);
          }
          return "retired";
        })
        .then((outcome) => {
          if (this.batch) {
            this.batch.pages += 1;
            this.batch.outcomes[outcome] += 1;
          }
          this.running.delete(page);
          if (this.again.delete(page)) this.queued.add(page);
          this.pauseOrPump(performance.now() - started);
          if (this.pending === 0) this.finishBatch();
        });
    }
  }

  /** Starts the next pages now, or after a pause in proportion to `took` while busy. */
  private pauseOrPump(took: number): void {
    const pause =
      this.queued.size === 0 || this.resume ? 0 : (this.options.pacing?.pauseAfter(took) ?? 0);
    if (pause === 0) {
      this.pump();
      return;
    }
    this.resume = setTimeout(() => {
      this.resume = undefined;
      this.pump();
    }, pause);
  }

  private finishBatch(): void {
    const batch = this.batch;
    this.batch = undefined;
    if (batch && batch.pages > 0) {
      this.options.logger.info("pages refreshed", {
        pages: batch.pages,
        ...batch.outcomes,
        ms: Math.round(performance.now() - batch.started),
      });
    }
    if (batch) this.options.onIdle?.(batch.outcomes.retired === 0 && !batch.dropped);
    for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  private async refresh(page: string): Promise<Outcome> {
    const { prerendered } = this.options;
    if (prerendered.isResource(page)) {
      const rendered = await this.render(page, page);
      if (rendered.outcome !== "written")
        return this.dropped(page, page.slice(1), rendered.outcome);
      return this.write(page, page.slice(1), page, rendered);
    }
    const { html, data } = filesOfPage(page);
    const dataPath = dataRequestOfPage(page);
    // The HTML first: it decides whether the page still exists. Rendered at the address
    // visitors use (no trailing slash), as the render path would.
    const htmlRendered = await this.render(page, page);
    if (htmlRendered.outcome !== "written") {
      await this.drop(page, html, htmlRendered.outcome);
      await this.drop(page, data, htmlRendered.outcome);
      return htmlRendered.outcome;
    }
    const dataRendered = await this.render(page, dataPath);
    // The data before the HTML: a visitor who got the new HTML navigates with new data.
    if (dataRendered.outcome === "written") await this.write(page, data, dataPath, dataRendered);
    else await this.drop(page, data, dataRendered.outcome);
    await this.write(page, html, page, htmlRendered);
    return dataRendered.outcome;
  }

  private async render(page: string, requestPath: string): Promise<Rendered> {
    const { handler, logger } = this.options;
    const response = await handler(new Request(`http://localhost${requestPath}`));
    if (response.status === 404 || response.status === 410) {
      await response.body?.cancel();
      return { outcome: "removed" };
    }
    if (response.status !== 200) {
      await response.body?.cancel();
      logger.warn("page refresh: not rendered, the page renders per request until it is", {
        page,
        status: response.status,
      });
      return { outcome: "retired" };
    }
    const body = Buffer.from(await response.arrayBuffer());
    return {
      outcome: "written",
      body,
      tags: parseCacheTag(response.headers.get(CACHE_TAG_HEADER)),
    };
  }

  private async write(
    page: string,
    relPath: string,
    requestPath: string,
    rendered: Written,
  ): Promise<Outcome> {
    const { files, prerendered, dependencies } = this.options;
    await files.write(relPath, rendered.body);
    prerendered.restore(relPath);
    dependencies.record(page, rendered.tags ?? []);
    contentMetrics.pagesRewritten(1);
    this.options.onChanged([requestPath]);
    return "written";
  }

  private async dropped(page: string, relPath: string, outcome: Outcome): Promise<Outcome> {
    await this.drop(page, relPath, outcome);
    return outcome;
  }

  private async drop(page: string, relPath: string, outcome: Outcome): Promise<void> {
    const { files, prerendered, dependencies } = this.options;
    if (outcome === "removed") {
      prerendered.remove(relPath);
      await files.remove(relPath);
      dependencies.forget(page);
    } else {
      prerendered.retire([relPath]);
    }
    this.options.onChanged([requestPathOfFile(relPath)]);
  }
}
