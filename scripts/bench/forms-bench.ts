// Forms benchmark (`npm run bench -- forms`): 200 submissions sent at once to a real site
// process on loopback (its own data folder, a CRM stand-in answering 200). Figures of this
// run: submit latency (p50, p99, max), every submission stored and delivered, and
// deliveries per second from the first submission to the last delivery.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { openStore } from "../../server/store/open-store";
// The CRM stand-in of the tests: a local webhook that records what it receives.
import { startWebhookReceiver } from "../../tests/support/webhook-receiver";
import { startSiteProcess } from "../site-process";

const SUBMISSIONS = 200;
const DELIVERY_TIMEOUT_MS = 120_000;

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

const round = (ms: number) => Math.round(ms * 10) / 10;

export async function runFormsBench() {
  const dataDir = await mkdtemp(path.join(tmpdir(), "forms-bench-"));
  const webhook = await startWebhookReceiver();
  const site = await startSiteProcess({
    logFile: path.join(dataDir, "site.log"),
    env: {
      DATA_DIR: dataDir,
      FORMS_WEBHOOK_URL: webhook.url,
      FORMS_WEBHOOK_SECRET: "forms-bench-secret",
      FORMS_MIN_SUBMIT_SECONDS: "0",
      FORMS_RATE_LIMIT: String(SUBMISSIONS * 2),
      LOG_LEVEL: "warn",
    },
  });
  try {
    const html = await (await fetch(`${site.url}/contact`)).text();
    const stamp = /name="_stamp" value="([^"]*)"/.exec(html)?.[1] ?? "";
    const started = Date.now();
    const results = await Promise.all(
      Array.from({ length: SUBMISSIONS }, async (_, i) => {
        const sent = Date.now();
        const response = await fetch(`${site.url}/contact`, {
          method: "POST",
          redirect: "manual",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({
            _form: "contact",
            _stamp: stamp,
            name: `Load ${i}`,
            email: `load-${i}@example.com`,
            topic: "partnerships",
            message: "A message sent by the forms benchmark.",
            consent: "yes",
          }).toString(),
        });
        await response.arrayBuffer();
        return { status: response.status, ms: Date.now() - sent };
      }),
    );
    const latencies = results.map((r) => r.ms).sort((a, b) => a - b);
    const acknowledged = results.filter((r) => r.status === 303).length;

    const deadline = Date.now() + DELIVERY_TIMEOUT_MS;
    const emails = () =>
      new Set(
        webhook.received.map((r) => String(JSON.parse(r.body.toString("utf8")).fields?.email)),
      );
    while (emails().size < acknowledged && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const lastDelivery = Math.max(...webhook.received.map((d) => d.at));
    const store = await openStore({ dataDir });
    const stored = await store.submissions.list({ limit: SUBMISSIONS * 2 });
    await store.close();
    return {
      submissions: SUBMISSIONS,
      concurrency: SUBMISSIONS,
      acknowledged303: acknowledged,
      stored: stored.length,
      delivered: emails().size,
      submitLatencyMs: {
        p50: round(percentile(latencies, 50)),
        p99: round(percentile(latencies, 99)),
        max: round(latencies.at(-1) ?? Number.NaN),
      },
      allAnsweredMs: round(Math.max(...results.map((r) => r.ms))),
      deliveriesPerSecond: round(emails().size / ((lastDelivery - started) / 1000)),
    };
  } finally {
    await site.stop();
    await webhook.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
