// The sitemap follows the content on the real build, the content service its own process:
// an entry published through the service's API is listed once its page is live, a deleted
// one leaves it, and one whose publish_at is moved a few seconds ahead is listed at its time.
// (The seed's draft article is noindex, and a live entry moved to draft keeps its published
// version: a copy of a listed article is published, then deleted.)
// Every wait is on a log line or on what the site answers, with generous deadlines.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SITEMAP_CACHE_TAG } from "../../app/seo/sitemap.server";
import { type ContentApi, contentApi } from "../support/content-api";
import { caughtUp } from "../support/server-log";
import { type RealSiteOnContent, serveRealBuildOnContent } from "../support/site-build";

/** The service's watcher and socket, then a few renders, on a busy 2-core machine. */
const WAIT_MS = 60_000;
/** How far ahead a time is set: long enough for the site to hear the edit first. */
const AHEAD_MS = 8_000;
/** A published article of the seed, the slug of one the tests add, one scheduled in 2030. */
const LIVE = "faster-prebid-module-for-id5-id";
const ADDED = "the-sitemap-follows-the-content";
const SCHEDULED = "id5-opens-office-in-sao-paulo";

let real: RealSiteOnContent;
let api: ContentApi;
const ids = new Map<string, string>();

function idOf(slug: string): string {
  const id = ids.get(slug);
  if (!id) throw new Error(`no entry ${slug} in the snapshot`);
  return id;
}

async function fetchText(path: string): Promise<{ status: number; body: string }> {
  const response = await fetch(`http://127.0.0.1:${real.port}${path}`);
  return { status: response.status, body: await response.text() };
}

const listed = (sitemap: string, slug: string) => sitemap.includes(`/news/${slug}</loc>`);

/** Asks the site until `holds`, for at most WAIT_MS; returns when it first did. */
async function until(path: string, holds: (page: { status: number; body: string }) => boolean) {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const page = await fetchText(path);
    if (holds(page)) return Date.now();
    if (Date.now() > deadline) throw new Error(`${path}: never held (last ${page.status})`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Resolves once the site logged a content change of this entry after log line `since`. */
async function heard(entryId: string, since: number): Promise<void> {
  await real.logs.waitFor(
    (lines) =>
      lines
        .slice(since)
        .some((line) => line.message === "content changed" && line.fields.id === entryId),
    WAIT_MS,
  );
}

beforeAll(async () => {
  real = await serveRealBuildOnContent("sitemap", { logLevel: "info" });
  await caughtUp(real.logs);
  api = contentApi(real.contentUrl);
  for (const [slug, id] of await api.idsBySlug("news-article")) ids.set(slug, id);
}, 15 * 60_000);

afterAll(async () => {
  await real?.close();
});

describe("sitemap.xml follows content changes", { timeout: 180_000 }, () => {
  it("lists an entry once it is published", async () => {
    const before = await fetchText("/sitemap.xml");
    expect(before.status).toBe(200);
    expect(listed(before.body, LIVE)).toBe(true);
    expect(listed(before.body, ADDED)).toBe(false);

    const created = await api.duplicate("news-article", idOf(LIVE), { slug: ADDED });
    ids.set(ADDED, created._id);
    await until("/sitemap.xml", (page) => listed(page.body, ADDED));
    expect((await fetchText(`/news/${ADDED}`)).status).toBe(200);
  });

  it("drops a deleted entry, and its answer carries the tag its purge names", async () => {
    await api.remove("news-article", idOf(ADDED));
    await until("/sitemap.xml", (page) => !listed(page.body, ADDED));
    expect((await fetchText(`/news/${ADDED}`)).status).toBe(404);
    const response = await fetch(`http://127.0.0.1:${real.port}/sitemap.xml`);
    await response.arrayBuffer();
    expect(response.headers.get("cache-tag")).toBe(SITEMAP_CACHE_TAG);
  });

  it("lists a scheduled entry at its publish_at", async () => {
    expect(listed((await fetchText("/sitemap.xml")).body, SCHEDULED)).toBe(false);
    const since = real.logs.lines.length;
    const publishAt = Date.now() + AHEAD_MS;
    await api.update("news-article", idOf(SCHEDULED), {
      props: { publish_at: [{ timestamp: publishAt, timezoneOffset: 0 }] },
    });
    await heard(idOf(SCHEDULED), since);
    // The edit was heard before its time: neither the page nor the sitemap shows it yet.
    const early = await fetchText("/sitemap.xml");
    expect((await fetchText(`/news/${SCHEDULED}`)).status).toBe(404);
    expect(Date.now(), "the edit took longer than the time was ahead").toBeLessThan(publishAt);
    expect(listed(early.body, SCHEDULED)).toBe(false);

    const seen = await until("/sitemap.xml", (page) => listed(page.body, SCHEDULED));
    expect(seen).toBeGreaterThanOrEqual(publishAt);
    expect((await fetchText(`/news/${SCHEDULED}`)).status).toBe(200);
    console.log(`sitemap lists the scheduled entry ${seen - publishAt} ms after publish_at`);
  });
});
