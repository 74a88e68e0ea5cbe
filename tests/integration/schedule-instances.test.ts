// Scheduled publish and unpublish on two instances of the real site (the real build, as
// `npm start` runs it) on one PostgreSQL server, the content service its own process, the
// CDN a stand-in recording purges. Times are real and a few seconds ahead; every wait is on
// a log line or a page's content. Shown: a publish and an unpublish at their times on both
// instances (the lag is logged, not held to a budget), one purge per time across the two,
// a rework scheduled on a live page, bad times leaving an entry as it was with one log line,
// and a time passing while an instance is stopped, applied before it says ready.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Purge } from "../support/cdn-stand-in";
import {
  type Instance,
  type InstanceLogLine,
  type InstancesOnPostgres,
  startInstancesOnPostgres,
} from "../support/instances-on-postgres";
import { pollUntil, testTimeBudget } from "../support/poll";
import { ensureSiteBuild } from "../support/site-build";

/** Starts, renders and purges on 2 shared cores: generous. */
const WAIT_MS = 90_000;
/** Each test's own timeout; its chained waits share it (testTimeBudget). */
const TEST_TIMEOUT_MS = 240_000;
const budget = testTimeBudget(TEST_TIMEOUT_MS);
/** The page is asked this often for a change due at a time: the lag logged is this close. */
const PAGE_POLL_MS = 100;
/**
 * How far ahead a time is set, at least: both instances must hear the edit first. A slow
 * machine is slow at that too, so the lead grows with the slowest save seen (`ahead`).
 */
const AHEAD_MS = 20_000;
let slowestSaveMs = 0;
const ahead = () => Math.max(AHEAD_MS, 3 * slowestSaveMs);

let kit: InstancesOnPostgres;
/** A live article the first test unpublishes at a time. */
const LIVE = "faster-prebid-module-for-id5-id";
/** Entry ids by slug, read from the content service. */
const ids = new Map<string, string>();

async function fetchText(instance: Instance, path: string) {
  const response = await fetch(`${instance.site.url}${path}`);
  return { status: response.status, body: await response.text() };
}

/** Polls a page on an instance until `holds`; returns when it first did (ms). */
function until(
  instance: Instance,
  path: string,
  holds: (page: { status: number; body: string }) => boolean,
): Promise<number> {
  let last = 0;
  return pollUntil(
    () => `${instance.name} ${path} to hold (last ${last})`,
    async () => {
      const page = await fetchText(instance, path);
      last = page.status;
      return holds(page) && Date.now();
    },
    { timeoutMs: budget.left(WAIT_MS), intervalMs: PAGE_POLL_MS },
  );
}

const date = (at: number) => [{ timestamp: at, timezoneOffset: -60 }];
const applied = (entryId: string) => (line: InstanceLogLine) =>
  line.msg === "scheduled time applied" && line.entry === entryId;
/** A content change told by the CMS about this entry (the edit was heard). */
const heard = (entryId: string) => (line: InstanceLogLine) =>
  line.msg === "content changed" && line.event === "entry" && line.id === entryId;
const purgesOf = (entryId: string) => (purges: Purge[]) =>
  purges.filter((purge) => purge.tags.includes(`entry:${entryId}`));

function idOf(slug: string): string {
  const id = ids.get(slug);
  if (!id) throw new Error(`no entry ${slug} in the snapshot`);
  return id;
}

/**
 * Saves a change of an entry and waits until both instances heard it and its purge went
 * out; returns how many purges of the entry the CDN has had by then.
 */
async function save(
  slug: string,
  change: Parameters<InstancesOnPostgres["api"]["update"]>[2],
): Promise<number> {
  const id = idOf(slug);
  const started = Date.now();
  const before = await Promise.all(
    kit.instances.map(async ({ name }) => (await kit.logOf(name)).filter(heard(id)).length),
  );
  const purged = purgesOf(id)(kit.cdn.purges).length;
  await kit.api.update("news-article", id, change);
  await Promise.all(
    kit.instances.map(({ name }, index) =>
      kit.waitForLines(name, heard(id), (before[index] ?? 0) + 1),
    ),
  );
  await kit.cdn.waitFor((purges) => purgesOf(id)(purges).length > purged);
  slowestSaveMs = Math.max(slowestSaveMs, Date.now() - started);
  return purgesOf(id)(kit.cdn.purges).length;
}

/** Whether a page or feed links to `path` (an href or an Atom id). */
const linksTo = (body: string, path: string) =>
  body.includes(`${path}"`) || body.includes(`${path}<`);

/** How many times the instances found a purge sent by the other ("done"), in all. */
async function purgesLeftToAnother(): Promise<number> {
  let done = 0;
  for (const { name } of kit.instances) {
    for (const line of await kit.logOf(name)) {
      if (line.msg === "purge: another instance sends it") done += Number(line.done ?? 0);
    }
  }
  return done;
}

beforeAll(async () => {
  await ensureSiteBuild();
  kit = await startInstancesOnPostgres({
    label: "schedule",
    count: 2,
    waitMs: () => budget.left(WAIT_MS),
  });
  await Promise.all(kit.instances.map((instance) => kit.untilReady(instance)));
  for (const [slug, id] of await kit.api.idsBySlug("news-article")) ids.set(slug, id);
  // A save as the tests make them, timed before any time is set: a live article is given an
  // unpublish time a day away (the first test brings it near).
  await save(LIVE, { props: { unpublish_at: date(Date.now() + 24 * 3_600_000) } });
}, 15 * 60_000);

afterAll(async () => {
  await kit?.close();
});

beforeEach(() => budget.start());

describe("scheduled publish and unpublish on two instances", { timeout: TEST_TIMEOUT_MS }, () => {
  it("publishes and unpublishes at their times on both, with one purge each", async () => {
    const draft = "partner-roundup-q4-2026";
    const live = LIVE;
    const publishAt = Date.now() + ahead();
    const unpublishAt = publishAt + 2_000;
    const draftPurges = await save(draft, {
      status: "Published",
      props: { publish_at: date(publishAt) },
    });
    const livePurges = await save(live, { props: { unpublish_at: date(unpublishAt) } });
    const leftBefore = await purgesLeftToAnother();
    // Both heard the edits: the draft is Published but not live yet, the live one still is.
    for (const instance of kit.instances) {
      expect((await fetchText(instance, `/news/${draft}`)).status).toBe(404);
      expect(linksTo((await fetchText(instance, "/news")).body, `/news/${draft}`)).toBe(false);
      expect((await fetchText(instance, `/news/${live}`)).status).toBe(200);
    }
    // Those answers were given before the time (else they say nothing).
    expect(Date.now(), "the edits took longer than the time was ahead").toBeLessThan(publishAt);
    const lags = await Promise.all(
      kit.instances.map(async (instance) => ({
        instance: instance.name,
        publishedMs: (await until(instance, `/news/${draft}`, (p) => p.status === 200)) - publishAt,
        unpublishedMs:
          (await until(instance, `/news/${live}`, (p) => p.status === 404)) - unpublishAt,
      })),
    );
    console.log(`publish and unpublish lag (page seen over HTTP): ${JSON.stringify(lags)}`);
    for (const instance of kit.instances) {
      // The list and the feed are written again in the same refresh, maybe a moment later.
      for (const path of ["/news", "/news/feed.atom"]) {
        await until(
          instance,
          path,
          (p) => linksTo(p.body, `/news/${draft}`) && !linksTo(p.body, `/news/${live}`),
        );
      }
      for (const [slug, kind] of [
        [draft, "publish"],
        [live, "unpublish"],
      ] as const) {
        const [line] = await kit.waitForLines(instance.name, applied(idOf(slug)));
        expect(line).toMatchObject({ kind, template: "news-article" });
        console.log(`${instance.name} applied the ${kind} ${line?.lagMs} ms after its time`);
      }
    }
    // Each time's purge went out once: the other instance had its chance and found it sent.
    await kit.cdn.waitFor((purges) => purgesOf(idOf(draft))(purges).length > draftPurges);
    await kit.cdn.waitFor((purges) => purgesOf(idOf(live))(purges).length > livePurges);
    await pollUntil(
      "each instance that did not send a time's purge to find it sent",
      async () => (await purgesLeftToAnother()) >= leftBefore + 2,
      { timeoutMs: budget.left(WAIT_MS) },
    );
    const purges = JSON.stringify(kit.cdn.purges);
    expect(purgesOf(idOf(draft))(kit.cdn.purges).length, purges).toBe(draftPurges + 1);
    expect(purgesOf(idOf(live))(kit.cdn.purges).length, purges).toBe(livePurges + 1);
  });

  it("keeps a live page's published version until its rework's publish_at", async () => {
    const slug = "truedata-one-year-on";
    const original = (await fetchText(kit.instances[0] as Instance, `/news/${slug}`)).body;
    expect(original).not.toContain("Rework going live");
    const at = Date.now() + ahead();
    await save(slug, {
      props: { title: ["Rework going live at its time"], publish_at: date(at) },
    });
    expect(Date.now(), "the edit took longer than the time was ahead").toBeLessThan(at);
    for (const instance of kit.instances) {
      const page = await fetchText(instance, `/news/${slug}`);
      expect(page.status).toBe(200);
      expect(page.body).not.toContain("Rework going live");
    }
    for (const instance of kit.instances) {
      const seen = await until(instance, `/news/${slug}`, (p) =>
        p.body.includes("Rework going live"),
      );
      expect(seen).toBeGreaterThanOrEqual(at);
    }
  });

  it("leaves an entry as it was on bad times, with one log line per instance", async () => {
    const slug = "five-identity-predictions-for-2026";
    const now = Date.now();
    await save(slug, {
      props: {
        title: ["Backwards schedule"],
        publish_at: date(now + 60 * 60_000),
        unpublish_at: date(now),
      },
    });
    const refused = (line: InstanceLogLine) =>
      line.msg === "schedule refused: the entry stays as visitors saw it" &&
      line.entry === idOf(slug);
    for (const instance of kit.instances) {
      // Rendered several times: the page, the list, the feed.
      for (const path of [`/news/${slug}`, "/news", "/news/feed.atom", `/news/${slug}`]) {
        const page = await fetchText(instance, path);
        expect(page.body).not.toContain("Backwards schedule");
      }
      expect((await fetchText(instance, `/news/${slug}`)).status).toBe(200);
      const lines = await kit.waitForLines(instance.name, refused);
      expect(lines).toHaveLength(1);
      expect(String(lines[0]?.problem)).toMatch(/unpublish_at .* is not after publish_at/);
    }
  });

  it("applies a time that passed while an instance was stopped before it says ready", async () => {
    const slug = "us-state-privacy-laws-2026-what-changes";
    const [running, stopped] = kit.instances as [Instance, Instance];
    // Set while both run; the time passes while one is stopped, with no edit meanwhile.
    const at = Date.now() + ahead();
    await save(slug, { props: { unpublish_at: date(at) } });
    await kit.stop(stopped);
    expect(Date.now(), "the edit and the stop took longer than the time was ahead").toBeLessThan(
      at,
    );
    await kit.waitForLines(running.name, applied(idOf(slug)));
    const caughtUpBefore = (await kit.logOf(stopped.name)).filter(
      (line) => line.msg === "content caught up",
    ).length;
    await kit.restart(stopped);
    await kit.untilReady(stopped);
    // Read once: an instance that says ready has written the lines it logged before.
    const [caughtUp] = (await kit.logOf(stopped.name))
      .filter((line) => line.msg === "content caught up")
      .slice(caughtUpBefore);
    console.log(`restarted instance caught up: ${JSON.stringify(caughtUp)}`);
    expect(Number(caughtUp?.refreshed ?? 0)).toBeGreaterThan(0);
    expect((await fetchText(stopped, `/news/${slug}`)).status).toBe(404);
    expect(linksTo((await fetchText(stopped, "/news")).body, `/news/${slug}`)).toBe(false);
  });
});
