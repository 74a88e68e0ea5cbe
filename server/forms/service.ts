// The forms service the site runs with: the store (opened at creation), the outbox (started
// only when a webhook is configured), the rate limiter, the signing key and the retention
// job, behind the FormsService contract the app's form action uses (app/forms/service.ts).
import { createHmac } from "node:crypto";
import type { FormsSettings } from "../../app/config/env.server";
import type { FormsService, RateDecision, SubmissionRecord } from "../../app/forms/service";
import type { SiteLogger } from "../../app/logging/logger.server";
import { describeWebhook } from "./delivery";
import { Outbox, type OutboxTimings } from "./outbox";
import { RateLimiter } from "./rate-limit";
import { loadSigningKey } from "./signing-key";
import { FormsStore } from "./store";

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export interface FormsServiceOptions {
  /** Holds forms.db and, when no FORMS_SIGNING_SECRET is set, the generated signing key. */
  dataDir: string;
  settings: FormsSettings;
  logger: SiteLogger;
  /** Outbox timings (tests make them short). */
  outbox?: Partial<OutboxTimings>;
  /** How often the retention job runs after the one at start (default one hour). */
  retentionIntervalMs?: number;
  now?: () => number;
}

export interface RunningFormsService extends FormsService {
  readonly store: FormsStore;
  /** Absolute path of forms.db. */
  readonly databasePath: string;
  /** Starts the outbox (when a webhook is set) and the retention job; logs where data goes. */
  start(): void;
  /** Deletes the personal data of delivered submissions and spam past the retention. */
  purgeExpired(): { delivered: number; spam: number };
  /** Stops the outbox (waiting for deliveries in flight, bounded) and closes the store. */
  close(): Promise<void>;
}

export function createFormsService(options: FormsServiceOptions): RunningFormsService {
  const { settings, logger } = options;
  const now = options.now ?? Date.now;
  if (settings.webhookUrl && !settings.webhookSecret) {
    // parseEnv refuses this too; a service built by hand must not send unsigned deliveries.
    throw new Error("FORMS_WEBHOOK_SECRET is required when FORMS_WEBHOOK_URL is set");
  }
  const store = FormsStore.open(options.dataDir);
  let signingKey: Buffer;
  try {
    signingKey = loadSigningKey(options.dataDir, settings.signingSecret);
  } catch (error) {
    store.close();
    throw error;
  }
  const limiter = new RateLimiter({ limit: settings.ratePerHour, now });
  const outbox =
    settings.webhookUrl && settings.webhookSecret
      ? new Outbox({
          store,
          webhookUrl: settings.webhookUrl,
          webhookSecret: settings.webhookSecret,
          logger,
          maxAgeMs: settings.deliveryMaxAgeHours * HOUR_MS,
          now,
          ...options.outbox,
        })
      : undefined;
  let retentionTimer: NodeJS.Timeout | undefined;
  let started = false;
  let closed = false;

  const purgeExpired = () => {
    const before = new Date(now() - settings.retentionDays * DAY_MS);
    const delivered = store.purgeDelivered(before, now());
    const spam = store.purgeSpam(before, now());
    if (delivered + spam > 0) {
      logger.info("forms: personal data past the retention period deleted", {
        delivered,
        spam,
        retentionDays: settings.retentionDays,
      });
    }
    return { delivered, spam };
  };

  const runRetention = () => {
    try {
      purgeExpired();
    } catch (error) {
      logger.error("forms: the retention job failed", {
        error: error instanceof Error ? error.name : "error",
      });
    }
  };

  return {
    store,
    databasePath: store.path,
    minSubmitSeconds: settings.minSubmitSeconds,

    record(submission: SubmissionRecord) {
      const id = store.insert(submission, now());
      logger.info("forms: submission stored", {
        submission: id,
        form: submission.formId,
        page: submission.pagePath,
        ...(submission.spam ? { spam: submission.spam } : {}),
      });
      if (!submission.spam) outbox?.kick();
      return { id };
    },

    checkRate(key: string): RateDecision {
      return limiter.check(key);
    },

    sign(data: string): string {
      return createHmac("sha256", signingKey).update(data).digest("base64url");
    },

    start() {
      if (started || closed) return;
      started = true;
      if (outbox && settings.webhookUrl) {
        logger.info(
          `forms: submissions stored in ${store.path}; delivering to ${describeWebhook(settings.webhookUrl)}`,
        );
        outbox.start();
      } else {
        logger.warn(
          `forms: no FORMS_WEBHOOK_URL set: submissions are stored in ${store.path} and not delivered`,
        );
      }
      runRetention();
      retentionTimer = setInterval(runRetention, options.retentionIntervalMs ?? HOUR_MS);
      retentionTimer.unref();
    },

    purgeExpired,

    async close() {
      if (closed) return;
      closed = true;
      clearInterval(retentionTimer);
      await outbox?.stop();
      store.close();
    },
  };
}
