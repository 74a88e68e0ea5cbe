// Tells a CDN (PURGE_URL) which tags changed: POST {"tags": [...]}. Changes are gathered for
// a short window into one request, sent only once the pages they touched are written again
// (or after a bound): a purge sent before the rewrite would have the CDN fetch and keep the
// old file. With instances sharing a database, each change's purge is claimed in the store so
// one instance sends it (docs/decisions/0021-one-purge.md).

import { DAY_MS, HOUR_MS } from "../../app/config/durations";
import { EVERYTHING } from "../../app/content/content-tags.server";
import type { SiteLogger } from "../../app/logging/logger.server";
import { describeError } from "../../app/logging/logger.server";
import { contentMetrics } from "../metrics/site-metrics";
import type { PurgeClaimStore } from "../store/store";

/** Changes told within this window after the first go out together. */
export const PURGE_WINDOW_MS = 500;
/** A purge waits for the refresh at most this long after its first change. */
export const PURGE_MAX_DELAY_MS = 10_000;
const PURGE_TIMEOUT_MS = 5_000;
/** A claim covers the request's time limit and recording it done, with room to spare. */
export const PURGE_LEASE_MS = 3 * PURGE_TIMEOUT_MS;
/** Claims are kept a day: long past any lease, short enough to stay a small table. */
const CLAIM_MEMORY_MS = DAY_MS;
const FORGET_EVERY_MS = HOUR_MS;

/**
 * The start's warning when PURGE_URL is set without PURGE_TOKEN: the purges then go out
 * without a token, which a relay that checks one refuses (401, `purge refused`), and a relay
 * that checks none lets anyone who finds it empty the CDN. Undefined when nothing is wrong.
 */
export function purgeTokenWarning(settings: {
  purgeUrl?: string;
  purgeToken?: string;
}): string | undefined {
  if (!settings.purgeUrl || settings.purgeToken) return undefined;
  return "PURGE_URL is set without PURGE_TOKEN: purges are sent without a token, so a relay that checks one refuses them (purge refused, 401) and one that does not lets anyone purge the CDN. Set the same PURGE_TOKEN on every instance and in the relay (docs/deploy.md, The CDN).";
}

export interface PurgeOptions {
  url: string;
  /** PURGE_TOKEN, sent as a bearer token: the relay at PURGE_URL refuses anyone else. */
  token?: string;
  logger: SiteLogger;
  /** Resolves when the pages told so far are written again (PageRefresher.settled). */
  settled: () => Promise<void>;
  windowMs?: number;
  maxDelayMs?: number;
  /** Shared with the other instances (DATABASE_URL): one of them sends each change's purge. */
  claims?: { store: PurgeClaimStore; holder: string; leaseMs?: number };
  now?: () => number;
}

/**
 * Tags told together; `change` names the change on every instance that hears it, and
 * `receivedAt` is when its CMS event reached this instance (the publish lag).
 */
interface Told {
  tags: readonly string[];
  change?: string;
  receivedAt?: number;
}

export class CoalescedPurge {
  private told: Told[] = [];
  private timer: NodeJS.Timeout | undefined;
  private sending: Promise<void> = Promise.resolve();
  private sent = 0;
  /** Changes another instance holds, looked at again when its lease runs out. */
  private readonly watching = new Set<NodeJS.Timeout>();
  private claimsFailing = false;
  private forgotAt = 0;
  private readonly now: () => number;

  constructor(private readonly options: PurgeOptions) {
    this.now = options.now ?? Date.now;
  }

  get requests(): number {
    return this.sent;
  }

  /** `change`: the change's name across instances (content-change.ts); none: sent here. */
  add(tags: readonly string[], change?: string, receivedAt?: number): void {
    if (tags.length === 0) return;
    this.told.push({ tags, change, receivedAt });
    if (this.timer) return;
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

  /** At shutdown: resolves when every request has ended. */
  async flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    for (const timer of this.watching) clearTimeout(timer);
    this.watching.clear();
    await this.sending;
    await this.send();
  }

  private async send(): Promise<void> {
    const batch = this.told;
    this.told = [];
    const mine = await this.claim(batch);
    if (mine.length === 0) return;
    const all = new Set(mine.flatMap((told) => told.tags));
    const tags = all.has(EVERYTHING) ? [EVERYTHING] : [...all].sort();
    const received = mine.flatMap((told) =>
      told.receivedAt === undefined ? [] : [told.receivedAt],
    );
    this.sent += 1;
    try {
      const response = await fetch(this.options.url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(this.options.token ? { authorization: `Bearer ${this.options.token}` } : {}),
        },
        body: JSON.stringify({ tags }),
        signal: AbortSignal.timeout(PURGE_TIMEOUT_MS),
      });
      await response.body?.cancel();
      if (!response.ok) {
        this.options.logger.warn("purge refused", { status: response.status, tags: tags.length });
      } else if (received.length > 0) {
        contentMetrics.published("purge_sent", Math.min(...received));
      }
    } catch (error) {
      this.options.logger.warn("purge failed", { error: describeError(error) });
    }
    // Done whatever the answer: a purge is not retried, by this instance or another.
    await this.markDone(mine);
  }

  /** What of `batch` this instance sends: all of it alone, else what it could claim. */
  private async claim(batch: Told[]): Promise<Told[]> {
    const { claims } = this.options;
    if (!claims) return batch;
    const leaseMs = claims.leaseMs ?? PURGE_LEASE_MS;
    const mine: Told[] = [];
    const others = { held: 0, done: 0 };
    for (const told of batch) {
      if (told.change === undefined) {
        mine.push(told);
        continue;
      }
      const now = this.now();
      let claim: Awaited<ReturnType<PurgeClaimStore["claim"]>>;
      try {
        claim = await claims.store.claim(told.change, claims.holder, now, now + leaseMs);
        this.claimsAnswer();
      } catch (error) {
        // Better two purges than none: without the store, each instance sends its own.
        this.claimsFail(error);
        claim = "claimed";
      }
      if (claim === "claimed") mine.push(told);
      else {
        others[claim] += 1;
        if (claim === "held") this.lookAgain(told, leaseMs);
      }
    }
    if (others.held + others.done > 0) {
      this.options.logger.info("purge: another instance sends it", others);
    }
    return mine;
  }

  /** Tells `told` again once the holder's lease has run out: claimed then if still undone. */
  private lookAgain(told: Told, leaseMs: number): void {
    const timer = setTimeout(() => {
      this.watching.delete(timer);
      this.add(told.tags, told.change, told.receivedAt);
    }, leaseMs);
    timer.unref();
    this.watching.add(timer);
  }

  private async markDone(mine: Told[]): Promise<void> {
    const { claims } = this.options;
    if (!claims) return;
    const now = this.now();
    try {
      for (const told of mine) {
        if (told.change !== undefined) await claims.store.markDone(told.change, claims.holder, now);
      }
      if (now - this.forgotAt >= FORGET_EVERY_MS) {
        this.forgotAt = now;
        await claims.store.forgetBefore(now - CLAIM_MEMORY_MS);
      }
    } catch (error) {
      // Not recorded: once the lease runs out another instance sends the purge again.
      this.claimsFail(error);
    }
  }

  private claimsFail(error: unknown): void {
    if (this.claimsFailing) return;
    this.claimsFailing = true;
    this.options.logger.warn("purge: the store does not answer; this instance purges alone", {
      error: describeError(error),
    });
  }

  private claimsAnswer(): void {
    if (!this.claimsFailing) return;
    this.claimsFailing = false;
    this.options.logger.info("purge: purges are claimed in the store again");
  }
}
