// At start (a restart, a new instance, a deploy), before the instance says it is ready: ask
// the CMS what it holds now, compare with what the pages were rendered from (the ledger), and
// have exactly the pages that read what changed rendered again, through the same refresher
// as a live change. Events sent while the instance was down are lost; this finds what they
// said. Until it is done, /readyz answers 503 (server/running/health.ts).

import { EVERYTHING } from "../../app/content/content-tags.server";
import {
  type ContentDifference,
  type ContentVersions,
  compareContentVersions,
} from "../../app/content/content-versions";
import type { SiteLogger } from "../../app/logging/logger.server";
import { describeError } from "../../app/logging/logger.server";

export const CATCH_UP_FIRST_RETRY_MS = 500;
export const CATCH_UP_MAX_RETRY_MS = 10_000;

export type CatchUpState = "reading" | "refreshing" | "done";

export interface CatchUpOptions {
  /** What the CMS holds now (the server build's readContentVersions). */
  readVersions: () => Promise<ContentVersions>;
  /** What the pages were rendered from; undefined: not known (every page is suspect). */
  recorded: () => ContentVersions | undefined;
  /** Has the pages that read what changed rendered again; returns how many were queued. */
  refresh: (difference: ContentDifference, versions: ContentVersions) => number;
  settled: () => Promise<void>;
  logger: SiteLogger;
}

export class ContentCatchUp {
  private current: CatchUpState = "reading";
  private stopped = false;
  private retry: { timer: NodeJS.Timeout; wake: () => void } | undefined;
  private readonly finished: Promise<void>;
  private resolveFinished!: () => void;

  constructor(private readonly options: CatchUpOptions) {
    this.finished = new Promise((resolve) => {
      this.resolveFinished = resolve;
    });
  }

  get state(): CatchUpState {
    return this.current;
  }

  get done(): boolean {
    return this.current === "done";
  }

  whenDone(): Promise<void> {
    return this.finished;
  }

  start(): void {
    void this.run(this.options.readVersions).catch((error: unknown) => {
      this.options.logger.error("content catch-up failed", { error: describeError(error) });
      this.finish();
    });
  }

  /** Stops retrying (shutdown); a refresh under way is stopped by the refresher's own stop. */
  stop(): void {
    this.stopped = true;
    if (this.retry) {
      clearTimeout(this.retry.timer);
      this.retry.wake();
    }
    this.resolveFinished();
  }

  private async run(readVersions: () => Promise<ContentVersions>): Promise<void> {
    const started = performance.now();
    const { logger } = this.options;
    let delay = CATCH_UP_FIRST_RETRY_MS;
    let versions: ContentVersions | undefined;
    for (let attempt = 1; !this.stopped; attempt += 1) {
      try {
        versions = await readVersions();
        break;
      } catch (error) {
        // Stopped while reading: the close cut the read short (its render thread closed).
        if (this.stopped) break;
        // The CMS does not answer: the instance stays not ready and asks again.
        if (attempt === 1 || attempt % 10 === 0) {
          logger.warn("content catch-up: the CMS cannot be read, trying again", {
            attempt,
            error: describeError(error),
          });
        }
        await new Promise<void>((wake) => {
          this.retry = { timer: setTimeout(wake, delay), wake };
        });
        this.retry = undefined;
        delay = Math.min(delay * 2, CATCH_UP_MAX_RETRY_MS);
      }
    }
    if (this.stopped || !versions) return;

    const recorded = this.options.recorded();
    const difference: ContentDifference = recorded
      ? compareContentVersions(recorded, versions)
      : {
          tags: [EVERYTHING],
          addedPaths: [],
          removedPaths: [],
          counts: { updated: 0, added: 0, deleted: 0, media: 0, schema: 0 },
        };
    const changed =
      difference.tags.length > 0 ||
      difference.addedPaths.length > 0 ||
      difference.removedPaths.length > 0;
    let pages = 0;
    if (changed) {
      this.current = "refreshing";
      pages = this.options.refresh(difference, versions);
      await this.options.settled();
    }
    if (this.stopped) return;
    logger.info("content caught up", {
      ...difference.counts,
      ...(recorded ? {} : { recorded: false }),
      tags: difference.tags.length,
      refreshed: pages,
      ms: Math.round(performance.now() - started),
    });
    this.finish();
  }

  private finish(): void {
    this.current = "done";
    this.resolveFinished();
  }
}
