// Nothing acknowledged is lost: a stream of submissions to a real site process, SIGKILL
// right after the last acknowledgement, then a restart. Every acknowledged submission is in
// the database, and once the CRM answers, every one is delivered (signed, with a stable
// idempotency key). The process under test is `npm start`'s entry with its own data folder.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { E2E_CONTENT_DIR } from "../../playwright.config";
import { type SiteProcess, startSiteProcess } from "../../scripts/site-process";
import { TEST_BUILD_SETTINGS } from "../support/build-settings";
import { deliveryVerifies, webhookSecretFor } from "../support/standard-webhooks";
import {
  deliveredPayload,
  formBody,
  stampIn,
  startWebhookReceiver,
  storedSubmissions,
  uniqueEmail,
  type WebhookReceiver,
} from "./support/forms";
import { expect, test } from "./support/reused-page";

const SECRET = webhookSecretFor("forms-durability");
const SUBMISSIONS = 40;
const CONCURRENCY = 4;

let dataDir: string;
let webhook: WebhookReceiver;
let site: SiteProcess | undefined;

test.beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "id5-forms-durability-"));
  webhook = await startWebhookReceiver(() => ({ status: 503 }));
});

test.afterEach(async () => {
  await site?.stop();
  await webhook.close();
  await rm(dataDir, { recursive: true, force: true });
});

function siteEnv(): Record<string, string> {
  return {
    // The settings the shared build was made with: this start must not build again.
    ...TEST_BUILD_SETTINGS,
    CONTENT_DIR: E2E_CONTENT_DIR,
    DATA_DIR: dataDir,
    FORMS_WEBHOOK_URL: webhook.url,
    FORMS_WEBHOOK_SECRET: SECRET,
    FORMS_MIN_SUBMIT_SECONDS: "0",
    FORMS_RATE_LIMIT: "100000",
    LOG_LEVEL: "warn",
  };
}

test("every acknowledged submission survives a SIGKILL and is delivered after restart", async () => {
  test.setTimeout(180_000);
  const logFile = path.join(dataDir, "site.log");
  site = await startSiteProcess({ logFile, env: siteEnv() });
  const page = await fetch(`${site.url}/contact`);
  expect(page.status).toBe(200);
  const stamp = stampIn(await page.text());
  expect(stamp).not.toBe("");

  const acknowledged: string[] = [];
  let next = 0;
  const send = async () => {
    while (next < SUBMISSIONS) {
      next += 1;
      const email = uniqueEmail(`durable-${next}`);
      const response = await fetch(`${site?.url}/contact`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: formBody({
          _form: "contact",
          _stamp: stamp,
          name: "Durable Tester",
          email,
          topic: "support",
          message: "Please keep this message safe.",
          consent: "yes",
        }),
      });
      if (response.status === 303) acknowledged.push(email);
      else throw new Error(`submission answered ${response.status}`);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, send));
  // Right after the last acknowledgement: no graceful shutdown, nothing gets to finish.
  await site.kill();
  expect(acknowledged).toHaveLength(SUBMISSIONS);

  const stored = new Set(storedSubmissions({}, dataDir).map((row) => row.fields?.email));
  expect(acknowledged.filter((email) => !stored.has(email))).toEqual([]);

  // A submission that failed before the kill waits out its backoff after the restart too (up
  // to 40 s after a fourth failure, 80 s after a fifth: how many happened depends on how long
  // sending took). The wait covers the latest retry the store holds, plus the delivery.
  const lastRetryAt = Math.max(
    Date.now(),
    ...storedSubmissions({}, dataDir).map((row) => row.nextAttemptAt ?? 0),
  );
  const deliveryDeadlineMs = lastRetryAt - Date.now() + 60_000;
  test.setTimeout(test.info().timeout + deliveryDeadlineMs);

  // The CRM recovers; the restarted site resumes the outbox from the database.
  webhook.answerWith(() => ({ status: 200 }));
  site = await startSiteProcess({ logFile, env: siteEnv() });
  await expect
    .poll(() => storedSubmissions({ status: "delivered" }, dataDir).length, {
      timeout: deliveryDeadlineMs,
    })
    .toBe(SUBMISSIONS);

  const delivered = webhook.received.filter((request) => request.repeat === 0);
  const emails = new Set(delivered.map((request) => deliveredPayload(request).fields.email));
  expect(acknowledged.filter((email) => !emails.has(email))).toEqual([]);
  for (const request of webhook.received) {
    expect(deliveryVerifies(request, SECRET)).toBe(true);
    expect(request.key).toBe(deliveredPayload(request).id);
  }
});
