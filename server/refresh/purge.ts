// Tells a CDN (PURGE_URL) which tags changed: POST {"tags": [...]}. Changes are gathered for
// a short window and sent as one request with the union of their tags, and only once the
// pages they touched are written again (or after a bound): a purge sent before the rewrite
// would have the CDN fetch and keep the old file. One publish that moves a list (several
// events a few milliseconds apart) is one purge, and a burst of edits is a few, not one each.

import { EVERYTHING } from "../../app/content/content-tags.server";
import type { SiteLogger } from "../../app/logging/logger.server";
import { describeError } from "../../app/logging/logger.server";
import { contentMetrics } from "../metrics/site-metrics";

/** Changes told within this window after the first go out together. */
export const PURGE_WINDOW_MS = 500;
/** A purge waits for the refresh at most this long after its first change. */
export const PURGE_MAX_DELAY_MS = 10_000;
const PURGE_TIMEOUT_MS = 5_000;

export interface PurgeOptions {
  url: string;
  logger: SiteLogger;
  /** Resolves when the pages told so far are written again (PageRefresher.settled). */
  settled: () => Promise<void>;
  windowMs?: number;
  maxDelayMs?: number;
}

export class CoalescedPurge {
  private tags = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private sending: Promise<void> = Promise.resolve();
  private sent = 0;
  /** When the earliest CMS event among the gathered tags reached the site (publish lag). */
  private earliestReceived: number | undefined;

  constructor(private readonly options: PurgeOptions) {}

  /** How many purge requests were sent. */
  get requests(): number {
    return this.sent;
  }

  add(tags: readonly string[], receivedAt?: number): void {
    for (const tag of tags) this.tags.add(tag);
    if (receivedAt !== undefined && tags.length > 0) {
      this.earliestReceived = Math.min(this.earliestReceived ?? receivedAt, receivedAt);
    }
    if (this.timer || this.tags.size === 0) return;
    const windowMs = this.options.windowMs ?? PURGE_WINDOW_MS;
    const maxDelayMs = this.options.maxDelayMs ?? PURGE_MAX_DELAY_MS;
    this.timer = setTimeout(() => {
      let bound: NodeJS.Timeout | undefined;
      const waited = Promise.race([
        this.options.settled(),
        new Promise<void>((resolve) => {
          bound = setTimeout(resolve, Math.max(0, maxDelayMs - windowMs)).unref();
        }),
      ]);
      this.sending = this.sending
        .then(() => waited)
        .finally(() => clearTimeout(bound))
        .then(() => {
          this.timer = undefined;
          return this.send();
        });
    }, windowMs).unref();
  }

  /** Sends what is gathered now (at shutdown); resolves when every request has ended. */
  async flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    await this.sending;
    await this.send();
  }

  private async send(): Promise<void> {
    if (this.tags.size === 0) return;
    const tags = this.tags.has(EVERYTHING) ? [EVERYTHING] : [...this.tags].sort();
    this.tags = new Set();
    const receivedAt = this.earliestReceived;
    this.earliestReceived = undefined;
    this.sent += 1;
    try {
      const response = await fetch(this.options.url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ tags }),
        signal: AbortSignal.timeout(PURGE_TIMEOUT_MS),
      });
      await response.body?.cancel();
      if (!response.ok) {
        this.options.logger.warn("purge refused", { status: response.status, tags: tags.length });
      } else if (receivedAt !== undefined) {
        contentMetrics.published("purge_sent", receivedAt);
      }
    } catch (error) {
      this.options.logger.warn("purge failed", { error: describeError(error) });
    }
  }
}
