// The outbox: delivers pending submissions to the CRM webhook, retrying with backoff until
// each is delivered or dead-lettered. Its whole state is in the store, so deliveries resume
// after a restart, an operator's retry (another process) is picked up at the next poll, and
// instances share one queue: each submission is claimed with a lease, so one instance sends
// it and one killed mid-delivery leaves it to another. A live outbox extends the lease of each
// delivery in flight, and never claims one of those again itself, however slow the store is.

import { HOUR_MS, SECOND_MS } from "../../app/config/durations";
import {
  DEFAULT_FORMS_DELIVERY_MAX_AGE_HOURS,
  DEFAULT_FORMS_DELIVERY_TIMEOUT_SECONDS,
} from "../../app/config/env.server";
import { webhookKeys } from "../../app/config/webhook-secret";
import type { SiteLogger } from "../../app/logging/logger.server";
import { formMetrics } from "../metrics/site-metrics";
import { type ClaimedSubmission, payloadOf, type SubmissionStore } from "../store/store";
import { backoffDelay, type DeliveryOutcome, deliver } from "./delivery";

export interface OutboxTimings {
  /** First retry delay ceiling (doubles per attempt). */
  baseDelayMs: number;
  maxDelayMs: number;
  timeoutMs: number;
  /** How often the store is looked at even when nothing is expected to be due. */
  pollMs: number;
  /** A submission still failing this long after it was queued is dead-lettered. */
  maxAgeMs: number;
  concurrency: number;
  /** How long stop() waits for deliveries in flight before aborting them. */
  stopTimeoutMs: number;
  now: () => number;
  random: () => number;
  fetch: typeof fetch;
}

export interface OutboxOptions extends Partial<OutboxTimings> {
  store: SubmissionStore;
  webhookUrl: string;
  /** FORMS_WEBHOOK_SECRET: one `whsec_…` secret, or two separated by a space. */
  webhookSecret: string;
  logger: SiteLogger;
}

export const DEFAULT_OUTBOX_TIMINGS: Omit<OutboxTimings, "maxAgeMs" | "now" | "random" | "fetch"> =
  {
    baseDelayMs: 5_000,
    maxDelayMs: HOUR_MS,
    timeoutMs: DEFAULT_FORMS_DELIVERY_TIMEOUT_SECONDS * SECOND_MS,
    pollMs: 5_000,
    concurrency: 4,
    stopTimeoutMs: 5_000,
  };

/**
 * A claim lasts this many attempt time limits from its last extension. An instance that
 * dies holding a claim delays that submission by this much at most; while it lives, it
 * extends the claim every LEASE_RENEWALS-th of that, so the claim only runs out when the
 * store or the process stalls for most of a lease. One that outlives its claim anyway
 * cannot overwrite the next claimant's outcome (the lease token), and a repeated send
 * carries the same idempotency key.
 */
export const LEASE_ATTEMPTS = 2;
/** Extensions per lease length: three chances to extend before the lease would run out. */
export const LEASE_RENEWALS = 4;

export class Outbox {
  private readonly options: OutboxTimings & OutboxOptions;
  private readonly webhookKeys: readonly Buffer[];
  private readonly inFlight = new Map<string, Promise<void>>();
  /** Aborts deliveries in flight when stop() runs out of patience. */
  private readonly abort = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  /** A pump is reading the store; another asked meanwhile runs when it is done. */
  private pumping: Promise<void> | undefined;
  private pumpAgain = false;
  /** The store failed at the last look: say so once, and once when it answers again. */
  private storeFailing = false;

  constructor(options: OutboxOptions) {
    this.options = {
      ...DEFAULT_OUTBOX_TIMINGS,
      maxAgeMs: DEFAULT_FORMS_DELIVERY_MAX_AGE_HOURS * HOUR_MS,
      now: Date.now,
      random: Math.random,
      fetch: globalThis.fetch,
      ...options,
    };
    this.webhookKeys = webhookKeys(options.webhookSecret);
  }

  /** Everything already pending (even long overdue) is due at once. */
  start(): void {
    if (this.running || this.abort.signal.aborted) return;
    this.running = true;
    this.pump();
  }

  /** A submission was just stored: look now rather than at the next poll. */
  kick(): void {
    if (this.running) this.pump();
  }

  get activeDeliveries(): number {
    return this.inFlight.size;
  }

  /**
   * Stops taking work, waits (bounded) for deliveries in flight, then aborts what is left;
   * aborted ones are recorded as failed attempts and are due again at the next start.
   */
  async stop(): Promise<void> {
    this.running = false;
    clearTimeout(this.timer);
    this.timer = undefined;
    // A claim under way becomes deliveries in flight: they are waited for like the others.
    await this.pumping;
    if (this.inFlight.size > 0) {
      const settled = Promise.allSettled([...this.inFlight.values()]);
      let patience: NodeJS.Timeout | undefined;
      const outOfPatience = new Promise<"late">((resolve) => {
        patience = setTimeout(() => resolve("late"), this.options.stopTimeoutMs);
      });
      const result = await Promise.race([settled, outOfPatience]);
      clearTimeout(patience);
      if (result === "late") {
        this.abort.abort();
        await settled;
      }
    }
  }

  private pump(): void {
    if (!this.running) return;
    if (this.pumping) {
      this.pumpAgain = true;
      return;
    }
    this.pumping = this.fill().finally(() => {
      this.pumping = undefined;
      if (this.pumpAgain) {
        this.pumpAgain = false;
        this.pump();
      }
    });
  }

  private async fill(): Promise<void> {
    const { store, concurrency, timeoutMs, logger } = this.options;
    try {
      const free = concurrency - this.inFlight.size;
      if (free > 0) {
        const now = this.options.now();
        const claimed = await store.claimDue(now, free, now + timeoutMs * LEASE_ATTEMPTS, [
          ...this.inFlight.keys(),
        ]);
        if (this.storeFailing) {
          this.storeFailing = false;
          logger.info("forms: the outbox reads the store again");
        }
        for (const row of claimed) {
          const delivery = this.deliverOne(row).finally(() => {
            this.inFlight.delete(row.id);
            this.pump();
          });
          this.inFlight.set(row.id, delivery);
        }
      }
    } catch (error) {
      // The store may be busy (another process writing) or down: try again at the next
      // poll, not at once.
      if (!this.storeFailing) {
        this.storeFailing = true;
        logger.error("forms: outbox could not read the store; retrying at each poll", {
          error: errorName(error),
        });
      }
      this.scheduleWakeUp(undefined);
      return;
    }
    let due: number | undefined;
    // With every slot taken, the next finished delivery pumps: waking for due work would spin.
    if (this.inFlight.size < concurrency) {
      try {
        due = await store.nextDueAt();
      } catch {
        // Polling will find it.
      }
    }
    this.scheduleWakeUp(due);
  }

  /** One timer: the next due time, or the next poll if that comes first. */
  private scheduleWakeUp(due: number | undefined): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.running) return;
    const { pollMs } = this.options;
    const delay =
      due === undefined ? pollMs : Math.min(pollMs, Math.max(0, due - this.options.now()));
    this.timer = setTimeout(() => this.pump(), delay);
    // The server's socket keeps the process alive; a pending retry alone should not.
    this.timer.unref();
  }

  private async deliverOne(row: ClaimedSubmission): Promise<void> {
    const attempt = row.attempts + 1;
    const facts = { submission: row.id, form: row.formId, attempt };
    const lease = this.keepLease(row, facts);
    try {
      await this.attemptAndRecord(row, attempt, facts);
    } finally {
      await lease.release();
    }
  }

  /**
   * Extends the claim on `row` until released, one extension at a time; says once if the
   * claim was lost (the store stalled past the lease and another instance took it over).
   */
  private keepLease(
    row: ClaimedSubmission,
    facts: Record<string, unknown>,
  ): { release(): Promise<void> } {
    const { store, logger, timeoutMs } = this.options;
    const leaseMs = timeoutMs * LEASE_ATTEMPTS;
    let released = false;
    let timer: NodeJS.Timeout | undefined;
    let extending: Promise<void> = Promise.resolve();
    const schedule = () => {
      if (released) return;
      timer = setTimeout(() => {
        extending = store.extendLease(row.id, row.leaseToken, this.options.now() + leaseMs).then(
          (held) => {
            if (held) return schedule();
            if (!released) logger.warn("forms: the claim on a delivery in flight was lost", facts);
          },
          // The store is down: the recording will fail too; try again meanwhile.
          () => schedule(),
        );
      }, leaseMs / LEASE_RENEWALS);
      // The server's socket keeps the process alive; an extension alone should not.
      timer.unref();
    };
    schedule();
    return {
      async release() {
        released = true;
        clearTimeout(timer);
        await extending;
      },
    };
  }

  private async attemptAndRecord(
    row: ClaimedSubmission,
    attempt: number,
    facts: Record<string, unknown>,
  ): Promise<void> {
    const { logger } = this.options;
    let outcome: DeliveryOutcome;
    const started = performance.now();
    try {
      outcome = await deliver({
        url: this.options.webhookUrl,
        keys: this.webhookKeys,
        payload: payloadOf(row),
        attempt,
        timeoutMs: this.options.timeoutMs,
        signal: this.abort.signal,
        now: this.options.now,
        fetch: this.options.fetch,
      });
    } catch (error) {
      const code = errorName(error);
      outcome = { kind: "retry", code, detail: code };
    }
    formMetrics.attempted(
      outcome.kind === "retry" ? "failed" : outcome.kind,
      (performance.now() - started) / 1000,
    );
    try {
      await this.record(row, attempt, outcome, facts);
    } catch (error) {
      // Not recorded: the lease runs out and the submission is sent again (same key).
      logger.error("forms: could not record a delivery outcome", {
        ...facts,
        error: errorName(error),
      });
    }
  }

  private async record(
    row: ClaimedSubmission,
    attempt: number,
    outcome: DeliveryOutcome,
    facts: Record<string, unknown>,
  ): Promise<void> {
    const { store, logger, baseDelayMs, maxDelayMs, maxAgeMs } = this.options;
    const now = this.options.now();
    if (outcome.kind === "delivered") {
      await store.markDelivered(row.id, outcome.status, now, row.leaseToken);
      logger.info("forms: submission delivered", { ...facts, status: outcome.status });
      return;
    }
    if (outcome.kind === "refused") {
      await store.markDead(row.id, outcome.detail, outcome.status, now, row.leaseToken);
      formMetrics.deadLettered();
      logger.error("forms: the webhook refused a submission; dead-lettered", {
        ...facts,
        status: outcome.status,
      });
      return;
    }
    const deadline = row.queuedAt + maxAgeMs;
    if (now >= deadline) {
      const hours = Math.round((maxAgeMs / HOUR_MS) * 10) / 10;
      await store.markDead(
        row.id,
        `${outcome.detail} (gave up after ${hours} h)`,
        outcome.status,
        now,
        row.leaseToken,
      );
      formMetrics.deadLettered();
      logger.error("forms: submission still undelivered at the age limit; dead-lettered", {
        ...facts,
        ...(outcome.status ? { status: outcome.status } : { error: outcome.code }),
      });
      return;
    }
    const delay = this.abort.signal.aborted
      ? 0 // cut short by stop(): due again as soon as an outbox runs
      : outcome.retryAfterMs !== undefined
        ? Math.min(outcome.retryAfterMs, maxDelayMs)
        : backoffDelay(attempt, baseDelayMs, maxDelayMs, this.options.random);
    // The last attempt happens at the deadline rather than never.
    const nextAt = Math.min(now + delay, deadline);
    await store.markRetry(row.id, nextAt, outcome.detail, outcome.status, row.leaseToken);
    logger.warn("forms: delivery failed; will retry", {
      ...facts,
      ...(outcome.status ? { status: outcome.status } : { error: outcome.code }),
      retryInMs: nextAt - now,
    });
  }
}

/** An error as a name or code only: messages may quote data. */
function errorName(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return typeof code === "string" ? code : error.name;
  }
  return "error";
}
