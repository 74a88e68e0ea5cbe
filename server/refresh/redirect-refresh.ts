// The site's redirects kept up to date with the CMS: read and merged at start (before the
// instance says it is ready) and again after each change that can move one (a `redirect`
// entry, an address, a change of unknown reach), then swapped in whole. Every decision
// (refused entries, a page that wins, chains, loops) is made here, once per change, and each
// new one is told in one log line naming the entry (app/redirects/cms-redirects.ts).
import type { RedirectSourcesRead } from "../../app/content/cms-redirects.server";
import { EVERYTHING } from "../../app/content/content-tags.server";
import { describeError, type SiteLogger } from "../../app/logging/logger.server";
import { dataRequestOfPage } from "../../app/navigation/page-paths";
import {
  type MergedRedirects,
  mergeRedirects,
  REDIRECT_TEMPLATE,
  type RedirectNotice,
} from "../../app/redirects/cms-redirects";
import { REDIRECTS } from "../../app/redirects/redirect-table";
import { contentMetrics } from "../metrics/site-metrics";
import type { SiteRedirects } from "../serving/redirects";

export interface RedirectRefreshParts {
  redirects: SiteRedirects;
  /** What the redirects are merged from (the render thread's content client reads it). */
  read: () => Promise<RedirectSourcesRead>;
  /**
   * The `redirect` entries alone, read off the render thread (the serving thread's client):
   * a change that moves no address merges them with the addresses read last, so a redirect's
   * edit does not wait behind the pages the render thread is rendering.
   */
  readEntries?: () => Promise<RedirectSourcesRead["redirects"]>;
  siteOrigin: string;
  logger: SiteLogger;
  /** Addresses whose answer may have changed: the fast path forgets what it learned there. */
  forget: (paths: string[]) => void;
  /** After a failed read, the next try waits this long, doubled up to 30 s (default 1 s). */
  retryMs?: number;
  /** Whether a path is a file of the build (the site's own: no redirect takes it). */
  isBuildFile?: (path: string) => boolean;
}

const MAX_RETRY_MS = 30_000;
const REDIRECT_TEMPLATE_TAG = `template:${REDIRECT_TEMPLATE}`;

/** Whether a change (its tags) can move a redirect: a redirect entry, an address, anything. */
export function touchesRedirects(tags: readonly string[]): boolean {
  return tags.some(
    (tag) => tag === EVERYTHING || tag === REDIRECT_TEMPLATE_TAG || tag.startsWith("path:"),
  );
}

/** Whether a change (its tags) can move an address or an old one: then the whole read is made. */
export function movesAddresses(tags: readonly string[]): boolean {
  return tags.some((tag) => tag === EVERYTHING || tag.startsWith("path:"));
}

/** What a refresh reads: everything, or the redirect entries alone (their addresses unmoved). */
export interface RedirectRefreshRequest {
  entriesOnly?: boolean;
  /** When the change reached the site (Date.now()): its lag is measured to the swap. */
  receivedAt?: number;
}

export class RedirectRefresh {
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private retryTimer: NodeJS.Timeout | undefined;
  private retryMs: number;
  private told = new Set<string>();
  private lastNotices: readonly RedirectNotice[] = [];
  private readOnce = false;
  /** The last whole read: the addresses a read of the entries alone is merged with. */
  private lastRead: RedirectSourcesRead | undefined;
  /** What the read to come after the running one covers (the widest asked meanwhile). */
  private next: RedirectRefreshRequest | undefined;

  constructor(private readonly parts: RedirectRefreshParts) {
    this.retryMs = parts.retryMs ?? 1000;
  }

  /** The redirects the last merge left out, with why (the editors' desk lists them). */
  get notices(): readonly RedirectNotice[] {
    return this.lastNotices;
  }

  /** "reading" until the first read is merged, then "done" (a readiness condition). */
  get state(): "reading" | "done" {
    return this.readOnce ? "done" : "reading";
  }

  /** Reads and merges again; calls during a read make one more read after it. */
  refresh(request: RedirectRefreshRequest = {}): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.running) {
      this.again = true;
      this.next = this.next ? widest(this.next, request) : request;
      return this.running;
    }
    this.running = this.readAndMerge(request).finally(() => {
      this.running = undefined;
      if (this.again) {
        this.again = false;
        const next = this.next;
        this.next = undefined;
        void this.refresh(next);
      }
    });
    return this.running;
  }

  /**
   * The CMS just answered another read: a failed read waiting out its backoff is tried now,
   * so an instance that could not read its redirects in an outage is ready once the CMS is.
   */
  retryNow(): Promise<void> {
    if (this.retryTimer === undefined) return Promise.resolve();
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    return this.refresh();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
  }

  /** The entries alone when that is enough and can be read here, else the whole read. */
  private async readSources(request: RedirectRefreshRequest): Promise<RedirectSourcesRead> {
    const { parts, lastRead } = this;
    if (request.entriesOnly && parts.readEntries && lastRead) {
      return { ...lastRead, redirects: await parts.readEntries() };
    }
    const read = await parts.read();
    this.lastRead = read;
    return read;
  }

  private async readAndMerge(request: RedirectRefreshRequest): Promise<void> {
    const { parts } = this;
    const started = performance.now();
    let merged: MergedRedirects;
    try {
      const read = await this.readSources(request);
      merged = mergeRedirects(
        {
          redirects: read.redirects,
          pages: new Map(read.pages),
          past: read.past,
          isBuildFile: parts.isBuildFile,
        },
        REDIRECTS,
        parts.siteOrigin,
      );
    } catch (error) {
      parts.logger.warn("redirects unreadable: the last ones read still answer", {
        error: describeError(error),
        retryInMs: this.retryMs,
      });
      clearTimeout(this.retryTimer);
      this.retryTimer = setTimeout(() => {
        this.retryTimer = undefined;
        void this.refresh();
      }, this.retryMs);
      this.retryTimer.unref();
      this.retryMs = Math.min(this.retryMs * 2, MAX_RETRY_MS);
      return;
    }
    this.retryMs = parts.retryMs ?? 1000;
    const before = parts.redirects.exactSources();
    parts.redirects.replace(merged);
    const moved = [...new Set([...before, ...parts.redirects.exactSources()])];
    parts.forget(moved.flatMap((path) => [path, dataRequestOfPage(path)]));
    this.tell(merged.notices);
    this.lastNotices = merged.notices;
    this.readOnce = true;
    if (request.receivedAt !== undefined) {
      contentMetrics.published("redirects_live", request.receivedAt);
    }
    parts.logger.info("redirects merged", {
      cms: merged.cms.size,
      renamed: merged.renamed.size,
      leftOut: merged.notices.length,
      read: request.entriesOnly && parts.readEntries ? "entries" : "all",
      ms: Math.round(performance.now() - started),
    });
  }

  /** One line per redirect left out, once (a notice already told is not told again). */
  private tell(notices: readonly RedirectNotice[]): void {
    const now = new Set<string>();
    for (const notice of notices) {
      const key = `${notice.entryId}\n${notice.problem}`;
      now.add(key);
      if (this.told.has(key)) continue;
      const fields = { entry: notice.entryId, from: notice.from ?? null, problem: notice.problem };
      if (notice.kind === "refused") {
        this.parts.logger.warn("redirect refused", fields);
        contentMetrics.valueRefused("redirect");
      } else this.parts.logger.info("redirect not applied", fields);
    }
    this.told = now;
  }
}

/** Two requests as one: the whole read if either needs it, timed from the earlier change. */
function widest(a: RedirectRefreshRequest, b: RedirectRefreshRequest): RedirectRefreshRequest {
  const times = [a.receivedAt, b.receivedAt].filter((at) => at !== undefined);
  return {
    entriesOnly: a.entriesOnly === true && b.entriesOnly === true ? true : undefined,
    receivedAt: times.length ? Math.min(...times) : undefined,
  };
}
