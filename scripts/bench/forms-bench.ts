// Forms benchmark (`npm run bench -- forms`): submissions stored per second by one and by two
// site processes, on SQLite (the embedded default: both instances on one DATA_DIR) and on
// PostgreSQL (a private server started here, fsync on), and how long a stored submission
// takes to reach the CRM. Each run sends SUBMISSIONS posts, CONCURRENCY at a time, spread
// over the instances, each from its own client address (as visitors are: one address would
// make every post wait on one rate-limit row). The CRM stand-in answers 200 at once.
// Figures: stored per second (first post sent to last acknowledgement), submit latency,
// and delivery latency (from the acknowledgement to the CRM receiving it; negative when
// the outbox, woken by the insert, was faster than the answer's way back).
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { openStore } from "../../server/store/open-store";
import { type PostgresServer, startPostgres } from "../../tests/support/postgres";
// The CRM stand-in of the tests: a local webhook that records what it receives.
import { startWebhookReceiver } from "../../tests/support/webhook-receiver";
import { type SiteProcess, startSiteProcess } from "../site-process";

const SUBMISSIONS = 400;
const CONCURRENCY = 16;
const DELIVERY_TIMEOUT_MS = 120_000;

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

const round = (ms: number) => Math.round(ms * 10) / 10;

const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    p50: round(percentile(sorted, 50)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? Number.NaN),
  };
};

async function runOnce(engine: "sqlite" | "postgres", instances: 1 | 2, postgres?: PostgresServer) {
  const dataDir = await mkdtemp(path.join(tmpdir(), "forms-bench-"));
  const webhook = await startWebhookReceiver();
  const databaseUrl =
    engine === "postgres"
      ? await (postgres as PostgresServer).createDatabase(`bench_${instances}_${Date.now()}`)
      : undefined;
  const env = {
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    FORMS_WEBHOOK_URL: webhook.url,
    // A fixed key: the bench measures throughput, not secrecy.
    FORMS_WEBHOOK_SECRET: `whsec_${Buffer.alloc(32, 5).toString("base64")}`,
    FORMS_MIN_SUBMIT_SECONDS: "0",
    TRUST_PROXY: "1",
    LOG_LEVEL: "warn",
  };
  const sites: SiteProcess[] = [];
  try {
    // One after the other: the first start migrates, the second finds the schema in place.
    for (let i = 0; i < instances; i++) {
      sites.push(await startSiteProcess({ logFile: path.join(dataDir, `site-${i}.log`), env }));
    }
    const html = await (await fetch(`${sites[0]?.url}/contact`)).text();
    const stamp = /name="_stamp" value="([^"]*)"/.exec(html)?.[1] ?? "";
    const acknowledgedAt = new Map<string, number>();
    const submitMs: number[] = [];
    let next = 0;
    let failures = 0;
    const started = Date.now();
    const send = async () => {
      while (next < SUBMISSIONS) {
        const i = next++;
        const site = sites[i % sites.length] as SiteProcess;
        const email = `load-${i}@example.com`;
        const sent = Date.now();
        const response = await fetch(`${site.url}/contact`, {
          method: "POST",
          redirect: "manual",
          headers: {
            "content-type": "application/x-www-form-urlencoded",
            "x-forwarded-for": `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
          },
          body: new URLSearchParams({
            _form: "contact",
            _stamp: stamp,
            name: `Load ${i}`,
            email,
            topic: "partnerships",
            message: "A message sent by the forms benchmark.",
            consent: "yes",
          }).toString(),
        });
        await response.arrayBuffer();
        if (response.status === 303) {
          acknowledgedAt.set(email, Date.now());
          submitMs.push(Date.now() - sent);
        } else failures++;
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, send));
    const lastAcknowledged = Math.max(...acknowledgedAt.values());
    const storedPerSecond = acknowledgedAt.size / ((lastAcknowledged - started) / 1000);

    const emailOf = (body: Buffer) => String(JSON.parse(body.toString("utf8")).fields?.email);
    await webhook.waitFor(
      (received) => new Set(received.map((r) => emailOf(r.body))).size >= acknowledgedAt.size,
      DELIVERY_TIMEOUT_MS,
    );
    const firstReceipt = new Map<string, number>();
    for (const request of webhook.received) {
      const email = emailOf(request.body);
      if (!firstReceipt.has(email)) firstReceipt.set(email, request.at);
    }
    const deliveryMs = [...acknowledgedAt].map(
      ([email, at]) => (firstReceipt.get(email) as number) - at,
    );
    const store = await openStore({ dataDir, databaseUrl });
    const stored = await store.submissions.list({ limit: SUBMISSIONS * 2 });
    await store.close();
    return {
      engine,
      instances,
      acknowledged303: acknowledgedAt.size,
      refused: failures,
      stored: stored.length,
      delivered: firstReceipt.size,
      storedPerSecond: round(storedPerSecond),
      submitLatencyMs: summary(submitMs),
      deliveryLatencyMs: summary(deliveryMs),
      repeatedDeliveries: webhook.received.length - firstReceipt.size,
    };
  } finally {
    for (const site of sites) await site.stop();
    await webhook.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

export async function runFormsBench() {
  // fsync on, as a production database runs.
  const postgres = await startPostgres({ durable: true });
  try {
    const runs = [];
    for (const engine of ["sqlite", "postgres"] as const) {
      for (const instances of [1, 2] as const) {
        console.error(`forms: ${engine}, ${instances} instance${instances === 1 ? "" : "s"}…`);
        runs.push(await runOnce(engine, instances, postgres));
      }
    }
    return { submissions: SUBMISSIONS, concurrency: CONCURRENCY, runs };
  } finally {
    await postgres.stop();
  }
}
