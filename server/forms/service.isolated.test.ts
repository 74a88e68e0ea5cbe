import { createHmac } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { FormsSettings } from "../../app/config/env.server";
import { sampleSubmission } from "../../tests/support/form-submission";
import { webhookSecretFor } from "../../tests/support/standard-webhooks";
import {
  type RecordingLogger,
  recordingLogger,
  startWebhookReceiver,
  type WebhookReceiver,
} from "../../tests/support/webhook-receiver";
import { openStore } from "../store/open-store";
import { SQLITE_FILE } from "../store/sqlite-store";
import { createFormsService, type FormsServiceOptions, type RunningFormsService } from "./service";

const DAY = 24 * 60 * 60 * 1000;
const SETTINGS: FormsSettings = {
  retentionDays: 90,
  ratePerHour: 2,
  minSubmitSeconds: 3,
  deliveryMaxAgeHours: 72,
  deliveryTimeoutSeconds: 10,
};

let dir: string;
let logger: RecordingLogger;
let service: RunningFormsService | undefined;
let receiver: WebhookReceiver | undefined;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "forms-service-"));
  logger = recordingLogger();
});
afterEach(async () => {
  await service?.close();
  service = undefined;
  await receiver?.close();
  receiver = undefined;
  await rm(dir, { recursive: true, force: true });
});

/** The service over the SQLite store in `dataDir`, as `npm start` makes it by default. */
async function serviceIn(
  dataDir: string,
  options: Omit<FormsServiceOptions, "store" | "logger"> & { logger?: RecordingLogger },
): Promise<RunningFormsService> {
  const store = await openStore({ dataDir });
  try {
    return await createFormsService({ logger, ...options, store });
  } catch (error) {
    await store.close();
    throw error;
  }
}

describe("createFormsService", () => {
  it("stores without a webhook, and says so once at start", async () => {
    service = await serviceIn(path.join(dir, "data"), { settings: SETTINGS, logger });
    const file = path.join(dir, "data", SQLITE_FILE);
    expect(service.databasePath).toBe(file);
    service.start();
    service.start();
    expect(logger.lines.filter((line) => line.message.startsWith("forms: no FORMS"))).toEqual([
      {
        level: "warn",
        message: `forms: no FORMS_WEBHOOK_URL set: submissions are stored in ${file} and not delivered`,
        fields: {},
      },
    ]);
    const { id } = await service.record(sampleSubmission());
    expect((await service.store.submissions.get(id))?.status).toBe("pending");
    expect(JSON.stringify(logger.lines)).not.toContain("ada@example.com");
  });

  it("signs with keys derived from the generated key, base64url", async () => {
    service = await serviceIn(dir, { settings: SETTINGS, logger });
    const key = Buffer.from((await readFile(path.join(dir, "signing-key"), "utf8")).trim(), "hex");
    const stampKey = createHmac("sha256", key).update("id5 form stamp v1").digest();
    const expected = createHmac("sha256", stampKey).update("stamp:contact:abc").digest("base64url");
    expect(service.signer("form-stamp").sign("stamp:contact:abc")).toBe(expected);
    expect(service.minSubmitSeconds).toBe(3);
  });

  it("signs with keys derived from FORMS_SIGNING_SECRET when set", async () => {
    const secret = "a-configured-signing-secret";
    service = await serviceIn(dir, {
      settings: { ...SETTINGS, signingSecret: secret },
      logger,
    });
    const linkKey = createHmac("sha256", secret).update("id5 download link v1").digest();
    expect(service.signer("download-link").sign("x")).toBe(
      createHmac("sha256", linkKey).update("x").digest("base64url"),
    );
    expect(service.signer("download-link").formerSign?.("x")).toBe(
      createHmac("sha256", secret).update("x").digest("base64url"),
    );
  });

  it("takes what FORMS_SIGNING_SECRET_PREVIOUS signed, and signs with FORMS_SIGNING_SECRET", async () => {
    const previous = "the-secret-before-the-rotation";
    service = await serviceIn(dir, {
      settings: {
        ...SETTINGS,
        signingSecret: "the-secret-after-the-rotation",
        previousSigningSecret: previous,
      },
      logger,
    });
    const stampKey = createHmac("sha256", previous).update("id5 form stamp v1").digest();
    const signer = service.signer("form-stamp");
    expect(signer.previousSign?.("x")).toBe(
      createHmac("sha256", stampKey).update("x").digest("base64url"),
    );
    expect(signer.sign("x")).not.toBe(signer.previousSign?.("x"));
  });

  it("takes what the generated key signed before a rotation", async () => {
    const store = await openStore({ dataDir: dir });
    const replaced = await store.rotateSigningKey(Date.now());
    await store.close();
    service = await serviceIn(dir, { settings: SETTINGS, logger });
    const stampKey = createHmac("sha256", replaced.key).update("id5 form stamp v1").digest();
    expect(service.signer("form-stamp").previousSign?.("x")).toBe(
      createHmac("sha256", stampKey).update("x").digest("base64url"),
    );
  });

  it("counts attempts per key against the hourly limit", async () => {
    service = await serviceIn(dir, { settings: SETTINGS, logger });
    expect(await service.checkRate("1.2.3.4|contact", "contact")).toEqual({ allowed: true });
    expect(await service.checkRate("1.2.3.4|contact", "contact")).toEqual({ allowed: true });
    expect(await service.checkRate("1.2.3.4|contact", "contact")).toMatchObject({ allowed: false });
  });

  it("delivers what it records, and never logs the webhook's credentials or query", async () => {
    receiver = await startWebhookReceiver();
    const webhookSecret = webhookSecretFor("service");
    const hook = new URL(receiver.url);
    hook.username = "crm-user";
    hook.password = "crm-password";
    hook.search = "?token=query-token";
    service = await serviceIn(dir, {
      settings: { ...SETTINGS, webhookUrl: hook.href, webhookSecret },
      logger,
      outbox: { pollMs: 60_000 },
    });
    service.start();
    expect(logger.lines[0]).toEqual({
      level: "info",
      message: `forms: submissions stored in ${service.databasePath}; delivering to ${receiver.url}`,
      fields: {},
    });
    const { id } = await service.record(sampleSubmission());
    await receiver.waitFor((received) => received.length === 1);
    expect(receiver.received[0]?.key).toBe(id);
    // Credentials in the URL become basic authentication.
    expect(receiver.received[0]?.headers.authorization).toBe(
      `Basic ${Buffer.from("crm-user:crm-password").toString("base64")}`,
    );
    await logger.waitFor((lines) => lines.some((l) => l.message === "forms: submission delivered"));
    expect((await service.store.submissions.get(id))?.status).toBe("delivered");
    const logs = JSON.stringify(logger.lines);
    for (const hidden of ["crm-user", "crm-password", "query-token", webhookSecret]) {
      expect(logs).not.toContain(hidden);
    }
  });

  it("refuses a webhook without a secret", async () => {
    await expect(
      serviceIn(dir, {
        settings: { ...SETTINGS, webhookUrl: "https://crm.example/hook" },
        logger,
      }),
    ).rejects.toThrow(/FORMS_WEBHOOK_SECRET/);
  });

  it("purges personal data of every status past the retention at start and then on its schedule", async () => {
    const now = Date.now();
    service = await serviceIn(dir, {
      settings: SETTINGS,
      logger,
      retentionIntervalMs: 50,
    });
    const store = service.store.submissions;
    const oldDelivered = await store.insert(sampleSubmission(), now - 100 * DAY);
    await store.markDelivered(oldDelivered, 200, now - 99 * DAY);
    const recentDelivered = await store.insert(sampleSubmission(), now - 100 * DAY);
    await store.markDelivered(recentDelivered, 200, now - 10 * DAY);
    const oldSpam = await store.insert(sampleSubmission({ spam: "honeypot" }), now - 91 * DAY);
    // A dead letter is kept the whole period from its death, so an operator can act on it.
    const oldDead = await store.insert(sampleSubmission(), now - 100 * DAY);
    await store.markDead(oldDead, "HTTP 400: email a@example.com refused", 400, now - 95 * DAY);
    const recentDead = await store.insert(sampleSubmission(), now - 100 * DAY);
    await store.markDead(recentDead, "HTTP 400", 400, now - 10 * DAY);
    // Stored only (no webhook): pending for ever, until the retention ends it.
    const oldPending = await store.insert(sampleSubmission(), now - 91 * DAY);
    const recentPending = await store.insert(sampleSubmission(), now - 89 * DAY);

    service.start();
    const purges = (count: number) => (lines: RecordingLogger["lines"]) =>
      lines.filter((line) => line.message.startsWith("forms: personal data")).length >= count;
    await logger.waitFor(purges(1));
    expect(logger.lines.find((line) => line.message.startsWith("forms: personal"))?.fields).toEqual(
      {
        pending: 1,
        delivered: 1,
        dead: 1,
        spam: 1,
        retentionDays: 90,
      },
    );
    expect(await store.get(oldDelivered)).toMatchObject({ fields: null, status: "delivered" });
    expect(await store.get(oldSpam)).toMatchObject({ fields: null, status: "spam" });
    expect(await store.get(oldDead)).toMatchObject({
      fields: null,
      attribution: null,
      consent: null,
      lastError: null,
      status: "dead",
    });
    // A pending submission purged has nothing left to deliver: it is dead, never due again.
    expect(await store.get(oldPending)).toMatchObject({
      fields: null,
      status: "dead",
      nextAttemptAt: null,
    });
    expect(await store.nextDueAt()).toBe((await store.get(recentPending))?.nextAttemptAt);
    // Not yet past the retention: kept whole.
    for (const id of [recentDelivered, recentDead, recentPending]) {
      expect((await store.get(id))?.fields, id).not.toBeNull();
    }
    expect((await store.get(recentDead))?.lastError).toBe("HTTP 400");

    const later = await store.insert(sampleSubmission(), now - 100 * DAY);
    await store.markDelivered(later, 200, now - 95 * DAY);
    await logger.waitFor(purges(2));
    expect((await store.get(later))?.fields).toBeNull();
  });
});
