// `npm run bench -- schedule`: from an entry's publish_at (or unpublish_at) to its page being
// live (or gone) on EVERY instance. Two instances of the real build (`npm start`'s command)
// on one private PostgreSQL server, the content service a process of its own, the CDN a
// stand-in counting purges (tests/support/instances-on-postgres.ts). Ten live articles get
// an unpublish_at a few seconds ahead, spaced SPACING_MS apart; then the same ten get a
// publish_at (and their unpublish_at removed): 20 times. At each time both instances' page
// is polled over HTTP until it answers 404 (gone) or 200 (live); the lag of a time is the
// slower instance's. Then the purges the CDN received for each time's entry after it are
// counted, once every instance had its chance (a claim's lease past the last time).

import { PURGE_LEASE_MS } from "../../server/refresh/purge";
import {
  type Instance,
  type InstancesOnPostgres,
  startInstancesOnPostgres,
} from "../../tests/support/instances-on-postgres";
import { ensureSiteBuild } from "../../tests/support/site-build";

const ARTICLES = 10;
const SPACING_MS = 2_000;
/** The first time is this far after the edits start: all ten edits are heard before it. */
const LEAD_MS = 20_000;
const POLL_MS = 20;
const WAIT_MS = 120_000;

const progress = (line: string) => console.error(`schedule bench: ${line}`);

interface Measured {
  kind: "publish" | "unpublish";
  entryId: string;
  /** ms from the time to the page's state on each instance, and on both (the slower). */
  perInstanceMs: number[];
  everyInstanceMs: number;
  purges?: number;
}

async function statusOf(instance: Instance, path: string): Promise<number> {
  const response = await fetch(`${instance.site.url}${path}`);
  await response.body?.cancel();
  return response.status;
}

/** Polls the page on one instance from the time until it has `status`; ms after the time. */
async function lagOn(instance: Instance, path: string, status: number, at: number) {
  const deadline = at + WAIT_MS;
  for (;;) {
    if ((await statusOf(instance, path)) === status) return Date.now() - at;
    if (Date.now() > deadline)
      throw new Error(`${path} never answered ${status} on ${instance.name}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

const date = (at: number) => [{ timestamp: at, timezoneOffset: 0 }];

/** Sets the times, then measures each at its time, in order. */
async function runPhase(
  kit: InstancesOnPostgres,
  articles: { id: string; path: string }[],
  kind: Measured["kind"],
): Promise<Measured[]> {
  const first = Date.now() + LEAD_MS;
  const times = articles.map((article, index) => ({ ...article, at: first + index * SPACING_MS }));
  for (const { id, at } of times) {
    const props: Record<string, unknown[]> =
      kind === "unpublish"
        ? { unpublish_at: date(at) }
        : { unpublish_at: [], publish_at: date(at) };
    await kit.api.update("news-article", id, { props });
  }
  if (Date.now() >= first) throw new Error("the edits took longer than the lead time");
  const measured: Measured[] = [];
  for (const { id, path, at } of times) {
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));
    const status = kind === "publish" ? 200 : 404;
    const perInstanceMs = await Promise.all(
      kit.instances.map((instance) => lagOn(instance, path, status, at)),
    );
    measured.push({
      kind,
      entryId: id,
      perInstanceMs,
      everyInstanceMs: Math.max(...perInstanceMs),
    });
    progress(`${kind} ${path}: ${JSON.stringify(perInstanceMs)} ms`);
  }
  // Every instance had its chance at each purge: past the last time, a claim's lease and more.
  const last = times.at(-1)?.at ?? Date.now();
  await new Promise((resolve) =>
    setTimeout(resolve, Math.max(0, last + PURGE_LEASE_MS + 5_000 - Date.now())),
  );
  for (const [index, entry] of measured.entries()) {
    const at = times[index]?.at ?? 0;
    entry.purges = kit.cdn.purges.filter(
      (purge) => purge.receivedAt >= at && purge.tags.includes(`entry:${entry.entryId}`),
    ).length;
  }
  return measured;
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

export async function runScheduleBench(): Promise<Record<string, unknown>> {
  progress("build (if stale) and two instances on PostgreSQL…");
  await ensureSiteBuild();
  const kit = await startInstancesOnPostgres({
    label: "schedule-bench",
    count: 2,
    waitMs: WAIT_MS,
  });
  try {
    await Promise.all(kit.instances.map((instance) => kit.untilReady(instance)));
    const template = (await kit.api.templates()).find((t) => t.name === "news-article");
    const slugProp = template?.props.find((prop) => prop.name === "slug")?.id;
    const live: { id: string; path: string }[] = [];
    for (const entry of await kit.api.entries("news-article")) {
      const slug = entry.meta.find((m) => m.lng === "en")?.props.find((p) => p.id === slugProp);
      const path = typeof slug?.data[0] === "string" ? `/news/${slug.data[0]}` : undefined;
      const instance = kit.instances[0];
      if (path && instance && (await statusOf(instance, path)) === 200)
        live.push({ id: entry._id, path });
      if (live.length === ARTICLES) break;
    }
    if (live.length < ARTICLES) throw new Error(`only ${live.length} live articles`);
    const measured = [
      ...(await runPhase(kit, live, "unpublish")),
      ...(await runPhase(kit, live, "publish")),
    ];
    const lags = measured.map((m) => m.everyInstanceMs);
    const purges = measured.map((m) => m.purges ?? 0);
    return {
      note: "lag = ms from publish_at/unpublish_at to the page answering 200/404 on BOTH instances (each polled over HTTP every 20 ms from the time; the slower instance counts); purges = requests the CDN stand-in received for that time's entry after it, counted once a claim's lease (15 s) had passed the last time",
      schedules: measured.length,
      lagMs: { p50: percentile(lags, 50), p99: percentile(lags, 99), max: Math.max(...lags) },
      purgesPerSchedule: { min: Math.min(...purges), max: Math.max(...purges) },
      measured,
    };
  } finally {
    await kit.close();
  }
}
