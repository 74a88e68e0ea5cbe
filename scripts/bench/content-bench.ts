// Content platform benchmarks: the local content service serving every parsed entry of a
// template with 1,000 entries, and our client's round trip for one parsed entry. Loopback
// only, bounded counts; prints medians and p95s measured in this run.

import { createHash } from "node:crypto";
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { LOCAL_CONTENT_IDENTITY } from "../../app/config/local-content";
import { silentLogger as silentServerLogger } from "../../app/logging/logger.server";
import { createBcmsClient, silentLogger } from "../../bcms";
import { startContentServer } from "../../content-server/server";

export const GENERATED_ENTRIES = 1_000;
const LIST_RUNS = 15;
const ROUND_TRIPS = 300;

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

function summary(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { median: percentile(sorted, 50), p95: percentile(sorted, 95), n: samples.length };
}

function fakeId(seed: string): string {
  return createHash("sha1").update(seed).digest("hex").slice(0, 24);
}

/** A copy of the seed with 1,000 extra news articles cloned from a real one. */
async function snapshotWithGeneratedEntries(): Promise<{ dir: string; templateId: string }> {
  const dir = await mkdtemp(join(tmpdir(), "content-bench-"));
  await cp("content", dir, { recursive: true });
  const entriesDir = join(dir, "entries");
  let model: { templateId: string; meta: { props: { data: unknown[] }[] }[] } | undefined;
  for (const file of await readdir(entriesDir)) {
    const entry = JSON.parse(await readFile(join(entriesDir, file), "utf8"));
    const templates = await readFile(join(dir, "templates", `${entry.templateId}.json`), "utf8");
    if (JSON.parse(templates).name === "news-article") {
      model = entry;
      break;
    }
  }
  if (!model) throw new Error("the seed has no news-article entry to clone");
  for (let i = 0; i < GENERATED_ENTRIES; i++) {
    const clone = structuredClone(model) as typeof model & { _id: string };
    clone._id = fakeId(`bench-entry-${i}`);
    const props = clone.meta[0]?.props ?? [];
    if (props[0]) props[0].data = [`Generated article ${i}`];
    if (props[1]) props[1].data = [`generated-article-${i}`];
    await writeFile(join(entriesDir, `${clone._id}.json`), `${JSON.stringify(clone, null, 2)}\n`);
  }
  return { dir, templateId: model.templateId };
}

export async function runContentBench(): Promise<Record<string, unknown>> {
  const { dir, templateId } = await snapshotWithGeneratedEntries();
  const server = await startContentServer({
    dir,
    port: 0,
    host: "127.0.0.1",
    logger: silentServerLogger,
    watch: false,
    cacheDir: `${dir}-cache`,
  });
  const base = `${server.url}/api/v3/org/${LOCAL_CONTENT_IDENTITY.orgId}/instance/${LOCAL_CONTENT_IDENTITY.instanceId}`;
  const headers = {
    Authorization: `ApiKey ${LOCAL_CONTENT_IDENTITY.apiKeyId}.${LOCAL_CONTENT_IDENTITY.apiKeySecret}`,
  };
  try {
    const listTimes: number[] = [];
    let count = 0;
    let bytes = 0;
    for (let i = 0; i < LIST_RUNS + 2; i++) {
      const start = performance.now();
      const response = await fetch(`${base}/template/${templateId}/entry/all/parsed`, { headers });
      const body = await response.text();
      const elapsed = performance.now() - start;
      if (i >= 2) listTimes.push(elapsed); // two warm-up runs
      bytes = body.length;
      count = (JSON.parse(body) as { items: unknown[] }).items.length;
    }

    const client = createBcmsClient({
      orgId: LOCAL_CONTENT_IDENTITY.orgId,
      instanceId: LOCAL_CONTENT_IDENTITY.instanceId,
      apiKey: { id: LOCAL_CONTENT_IDENTITY.apiKeyId, secret: LOCAL_CONTENT_IDENTITY.apiKeySecret },
      cmsOrigin: server.url,
      logger: silentLogger,
    });
    const entryId = fakeId("bench-entry-7");
    await client.entry.getParsed("news-article", entryId); // resolves the template once
    const tripTimes: number[] = [];
    for (let i = 0; i < ROUND_TRIPS; i++) {
      const start = performance.now();
      await client.entry.getParsed("news-article", entryId);
      tripTimes.push(performance.now() - start);
    }
    client.close();
    const list = summary(listTimes);
    const trip = summary(tripTimes);
    return {
      "all parsed entries of a template": {
        entries: count,
        responseBytes: bytes,
        medianMs: Number(list.median.toFixed(1)),
        p95Ms: Number(list.p95.toFixed(1)),
        runs: list.n,
      },
      "client round trip, one parsed entry": {
        medianMs: Number(trip.median.toFixed(2)),
        p95Ms: Number(trip.p95.toFixed(2)),
        runs: trip.n,
      },
    };
  } finally {
    await server.close();
    await rm(dir, { recursive: true, force: true });
    await rm(`${dir}-cache`, { recursive: true, force: true });
  }
}
