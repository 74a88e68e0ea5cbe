// The forms service the site runs with: the site's store (server/store/: SQLite or
// PostgreSQL), the outbox (started only when a webhook is configured), the shared rate
// limit, the signing key and the retention job, behind the FormsService contract the app's
// form action uses (app/forms/contract.ts).

import { HOUR_MS } from "../../app/config/durations";
import type { FormsSettings } from "../../app/config/env.server";
import type { FormsService, RateDecision, SubmissionRecord } from "../../app/forms/contract";
import { purposeSigners } from "../../app/forms/tokens.server";
import type { SiteLogger } from "../../app/logging/logger.server";
import { formMetrics, readGaugesFrom, storeMetrics } from "../metrics/site-metrics";
import { RATE_WINDOW_MS } from "../security/rate-limit";
import { siteSigningKeys } from "../store/site-signing-keys";
import { type SiteStore, SUBMISSION_STATUSES, type SubmissionStatus } from "../store/store";
import { describeWebhook } from "./delivery";
import { Outbox, type OutboxTimings } from "./outbox";

const DAY_MS = 24 * HOUR_MS;

export interface FormsServiceOptions {
  /** The site's store, opened; the service closes it when it closes. */
  store: SiteStore;
  settings: FormsSettings;
  logger: SiteLogger;
  /** Outbox timings (tests make them short). */
  outbox?: Partial<OutboxTimings>;
  /** How often the retention job runs after the one at start (default one hour). */
  retentionIntervalMs?: number;
  now?: () => number;
}

export interface RunningFormsService extends FormsService {
  readonly store: SiteStore;
  /** Where submissions are kept: forms.db's path, or the database (no password). */
  readonly databasePath: string;
  /** Starts the outbox (when a webhook is set) and the retention job; logs where data goes. */
  start(): void;
  /**
   * Deletes the personal data of submissions of every status past the retention
   * (FORMS_RETENTION_DAYS, counted as PURGE_AGE_FROM says); returns how many, by status.
   */
  purgeExpired(): Promise<Record<SubmissionStatus, number>>;
  /** Stops the outbox (waiting for deliveries in flight, bounded) and closes the store. */
  close(): Promise<void>;
}

export async function createFormsService(
  options: FormsServiceOptions,
): Promise<RunningFormsService> {
  const { settings, logger, store } = options;
  const now = options.now ?? Date.now;
  if (settings.webhookUrl && !settings.webhookSecret) {
    // parseEnv refuses this too; a service built by hand must not send unsigned deliveries.
    throw new Error("FORMS_WEBHOOK_SECRET is required when FORMS_WEBHOOK_URL is set");
  }
  const signingKeys = await siteSigningKeys(store, settings);
  const outbox =
    settings.webhookUrl && settings.webhookSecret
      ? new Outbox({
          store: store.submissions,
          webhookUrl: settings.webhookUrl,
          webhookSecret: settings.webhookSecret,
          logger,
          maxAgeMs: settings.deliveryMaxAgeHours * HOUR_MS,
          timeoutMs: settings.deliveryTimeoutSeconds * 1000,
          now,
          ...options.outbox,
        })
      : undefined;
  let retentionTimer: NodeJS.Timeout | undefined;
  let started = false;
  let closed = false;
  let forgetGauges = () => {};

  const purgeExpired = async () => {
    const at = now();
    const before = new Date(at - settings.retentionDays * DAY_MS);
    const purged = { pending: 0, delivered: 0, dead: 0, spam: 0 };
    for (const status of SUBMISSION_STATUSES) {
      purged[status] = await store.submissions.purge(status, before, at);
    }
    await store.rateLimits.purgeExpired(at - RATE_WINDOW_MS);
    if (Object.values(purged).some((count) => count > 0)) {
      logger.info("forms: personal data past the retention period deleted", {
        ...purged,
        retentionDays: settings.retentionDays,
      });
    }
    return purged;
  };

  const runRetention = () => {
    purgeExpired().catch((error: unknown) => {
      logger.error("forms: the retention job failed", {
        error: error instanceof Error ? error.name : "error",
      });
    });
  };

  return {
    store,
    databasePath: store.location,
    minSubmitSeconds: settings.minSubmitSeconds,

    async record(submission: SubmissionRecord) {
      let id: string;
      try {
        id = await storeMetrics.timed(() => store.submissions.insert(submission, now()));
      } catch (error) {
        formMetrics.submitted(submission.formId, "refused");
        throw error;
      }
      formMetrics.submitted(submission.formId, submission.spam ? "spam" : "accepted");
      logger.info("forms: submission stored", {
        submission: id,
        form: submission.formId,
        page: submission.pagePath,
        ...(submission.spam ? { spam: submission.spam } : {}),
      });
      if (!submission.spam) outbox?.kick();
      return { id };
    },

    async checkRate(key: string, formId: string): Promise<RateDecision> {
      const decision = await storeMetrics
        .timed(() =>
          store.rateLimits.hit(key, {
            limit: settings.ratePerHour,
            windowMs: RATE_WINDOW_MS,
            now: now(),
          }),
        )
        .catch((error: unknown) => {
          formMetrics.submitted(formId, "refused");
          throw error;
        });
      if (!decision.allowed) formMetrics.submitted(formId, "rate_limited");
      return decision;
    },

    signer: purposeSigners(signingKeys.current, signingKeys.previous),

    start() {
      if (started || closed) return;
      started = true;
      if (outbox && settings.webhookUrl) {
        logger.info(
          `forms: submissions stored in ${store.location}; delivering to ${describeWebhook(settings.webhookUrl)}`,
        );
        outbox.start();
      } else {
        logger.warn(
          `forms: no FORMS_WEBHOOK_URL set: submissions are stored in ${store.location} and not delivered`,
        );
      }
      forgetGauges = readGaugesFrom({
        outbox: async () => {
          const { count, oldestQueuedAt } = await storeMetrics.timed(() =>
            store.submissions.waiting(),
          );
          const age = oldestQueuedAt === undefined ? 0 : (now() - oldestQueuedAt) / 1000;
          return { depth: count, oldestAgeSeconds: Math.max(0, age) };
        },
      });
      runRetention();
      retentionTimer = setInterval(runRetention, options.retentionIntervalMs ?? HOUR_MS);
      retentionTimer.unref();
    },

    purgeExpired,

    async close() {
      if (closed) return;
      closed = true;
      forgetGauges();
      clearInterval(retentionTimer);
      await outbox?.stop();
      await store.close();
    },
  };
}
