// Every output a change moves agrees with the content, on the real site as `npm start` runs
// it (the real build) reading a content service run as its own process, as in production.
// Each change goes through the content service's API as an editor's CMS sends it, or is a
// time the site applies itself. After each one: the article's page, the /news list, the
// Atom feed, the sitemap (listed or not, and its lastmod the page's own), an old address
// (301 to the new one) and an unknown address of the route (404). The tests run in order:
// a scheduled publish of the seed's draft (noindex: live, listed, in the feed, never in the
// sitemap), an edit that makes it indexable, a live article's title edited, its slug
// changed, then its unpublish_at. Every wait is on a log line or on what the site answers.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { isNoIndexHtml, pageUpdatedTime } from "../../app/seo/sitemap.server";
import type { SiteProcess } from "../../scripts/site-process";
import type { ContentApi } from "../support/content-api";
import { readLogLines } from "../support/log-file";
import { pollUntil, testTimeBudget } from "../support/poll";
import { untilInstanceReady } from "../support/site-instance";
import { type SiteInstances, startSiteInstances } from "../support/site-instances";

/** Edits heard, pages rendered again, on a busy 2-core machine: generous. */
const WAIT_MS = 60_000;
const TEST_TIMEOUT_MS = 110_000;
const budget = testTimeBudget(TEST_TIMEOUT_MS);
/** How far ahead a time is set, at least: the site must hear the edit first. */
const AHEAD_MS = 10_000;
const ORIGIN = "https://id5.io";
/** The seed's draft article (noindex in its seo group). */
const DRAFT = "partner-roundup-q4-2026";
/**
 * A live article of the seed in the feed and the sitemap, and second on /news's first page:
 * still on it once the draft, newer, is published.
 */
const LIVE = "meridian-streaming-brings-id5-id-to-ctv-apps";
const RENAMED = `${LIVE}-renamed`;
/** An address of the article route that no entry has. */
const UNKNOWN = "/news/no-article-has-this-address";

let cluster: SiteInstances;
let api: ContentApi;
let site: SiteProcess;
const ids = new Map<string, string>();
let slowestSaveMs = 0;

interface LogLine {
  msg?: string;
  event?: string;
  id?: string;
  entry?: string;
}

interface Answer {
  status: number;
  location: string | null;
  body: string;
}

async function ask(pathname: string): Promise<Answer> {
  const response = await fetch(`${site.url}${pathname}`, { redirect: "manual" });
  return {
    status: response.status,
    location: response.headers.get("location"),
    body: await response.text(),
  };
}

function idOf(slug: string): string {
  const id = ids.get(slug);
  if (!id) throw new Error(`no entry ${slug} in the snapshot`);
  return id;
}

const logOf = () => readLogLines<LogLine>(cluster.logFile("site"));
const heard = (entryId: string) => (line: LogLine) =>
  line.msg === "content changed" && line.event === "entry" && line.id === entryId;

/** Saves a change of an entry and waits until the site heard it. */
async function save(slug: string, change: Parameters<ContentApi["update"]>[2]): Promise<void> {
  const id = idOf(slug);
  const started = Date.now();
  const before = (await logOf()).filter(heard(id)).length;
  await api.update("news-article", id, change);
  await pollUntil(
    `the site to hear the edit of ${slug}`,
    async () => (await logOf()).filter(heard(id)).length > before,
    { timeoutMs: budget.left(WAIT_MS) },
  );
  slowestSaveMs = Math.max(slowestSaveMs, Date.now() - started);
}

/** Asks the site until `holds`; fails naming `what` and the last answer. */
async function until(what: string, pathname: string, holds: (answer: Answer) => boolean) {
  let last: Answer | undefined;
  await pollUntil(
    () => `${pathname} to hold: ${what} (last ${last?.status} ${last?.location ?? ""})`,
    async () => {
      last = await ask(pathname);
      return holds(last);
    },
    { timeoutMs: budget.left(WAIT_MS), intervalMs: 100 },
  );
}

/** Whether a page or feed links to `path` (an href, an Atom id, a sitemap loc). */
const linksTo = (body: string, path: string) =>
  body.includes(`${path}"`) || body.includes(`${path}<`);

/** A page's <lastmod> in the sitemap: undefined when it is not listed, null with none. */
function sitemapEntry(sitemap: string, page: string): string | null | undefined {
  const url = sitemap.split("<url>").find((part) => part.includes(`<loc>${ORIGIN}${page}</loc>`));
  if (url === undefined) return undefined;
  return /<lastmod>([^<]+)<\/lastmod>/.exec(url)?.[1] ?? null;
}

/**
 * What a page says of itself that the other outputs must agree with: its status, whether
 * it may be indexed, when it last changed, and its title (the <h1>'s text).
 */
async function pageFacts(page: string) {
  const answer = await ask(page);
  return {
    status: answer.status,
    noIndex: isNoIndexHtml(answer.body),
    updated: pageUpdatedTime(answer.body),
    body: answer.body,
  };
}

/** Waits until the sitemap's entry for `page` is `wanted` (a lastmod, or not listed). */
function untilSitemap(
  what: string,
  page: string,
  wanted: (entry: string | null | undefined) => boolean,
) {
  return until(what, "/sitemap.xml", (answer) => wanted(sitemapEntry(answer.body, page)));
}

/** An unknown address of the article route is still not found. */
async function expectUnknownNotFound(): Promise<void> {
  expect((await ask(UNKNOWN)).status, `${UNKNOWN} answers 404`).toBe(404);
}
const date = (at: number) => [{ timestamp: at, timezoneOffset: 0 }];

/**
 * An article's seo group as it is, with `no_index` set to `noIndex`: the seed's draft is
 * noindex, and a noindex page is rightly left out of the sitemap.
 */
async function seoWith(slug: string, noIndex: boolean): Promise<unknown> {
  const template = (await api.templates()).find((t) => t.name === "news-article");
  const seoId = template?.props.find((prop) => prop.name === "seo")?.id;
  const group = (await api.groups()).find((g) => g.name === "seo");
  const noIndexId = group?.props.find((prop) => prop.name === "no_index")?.id;
  const entry = (await api.entries("news-article")).find((e) => e._id === idOf(slug));
  const seo = entry?.meta.find((meta) => meta.lng === "en")?.props.find((p) => p.id === seoId);
  if (!seo || !noIndexId) throw new Error(`no seo group with no_index on ${slug}`);
  const data = structuredClone(seo.data) as unknown as {
    items: { props: { id: string; data: unknown[] }[] }[];
  };
  for (const item of data.items) {
    item.props = [
      ...item.props.filter((prop) => prop.id !== noIndexId),
      { id: noIndexId, data: [noIndex] },
    ];
  }
  return data;
}

beforeAll(async () => {
  cluster = await startSiteInstances("every-output", {
    variables: { SITE_ORIGIN: ORIGIN, LOG_LEVEL: "info" },
  });
  api = cluster.api;
  for (const [slug, id] of await api.idsBySlug("news-article")) ids.set(slug, id);
  site = await cluster.start("site", { startTimeoutMs: WAIT_MS });
  await untilInstanceReady(site.url, WAIT_MS);
}, 15 * 60_000);

afterAll(async () => {
  await cluster?.close();
});

beforeEach(() => budget.start());

describe("every output follows the content, on a content service of its own", {
  timeout: TEST_TIMEOUT_MS,
}, () => {
  it("a scheduled publish: live, listed, in the feed at its time; noindex keeps it out of the sitemap", async () => {
    const page = `/news/${DRAFT}`;
    const newsBefore = sitemapEntry((await ask("/sitemap.xml")).body, "/news");
    const publishAt = Date.now() + Math.max(AHEAD_MS, 3 * slowestSaveMs);
    await save(DRAFT, { status: "Published", props: { publish_at: date(publishAt) } });
    // Heard before the time: nothing shows it yet.
    expect((await ask(page)).status).toBe(404);
    expect(linksTo((await ask("/news")).body, page)).toBe(false);
    expect(linksTo((await ask("/news/feed.atom")).body, page)).toBe(false);
    expect(sitemapEntry((await ask("/sitemap.xml")).body, page)).toBeUndefined();
    expect(Date.now(), "the edit took longer than the time was ahead").toBeLessThan(publishAt);

    await until("the article live", page, (answer) => answer.status === 200);
    await until("the list links it", "/news", (answer) => linksTo(answer.body, page));
    await until("the feed links it", "/news/feed.atom", (answer) => linksTo(answer.body, page));
    // The list now shows a newer article: its lastmod moves, so the sitemap is written again.
    const news = await pageFacts("/news");
    expect(news.updated).not.toBe(newsBefore);
    await untilSitemap("/news's lastmod is the list's own", "/news", (e) => e === news.updated);
    const facts = await pageFacts(page);
    expect(facts.noIndex, "the seed's draft is noindex").toBe(true);
    expect(sitemapEntry((await ask("/sitemap.xml")).body, page)).toBeUndefined();
    await expectUnknownNotFound();
  });

  it("an edit that lets the published draft be indexed lists it in the sitemap", async () => {
    const page = `/news/${DRAFT}`;
    await save(DRAFT, { props: { seo: await seoWith(DRAFT, false) } });
    await until("the page may be indexed", page, (answer) => !isNoIndexHtml(answer.body));
    const facts = await pageFacts(page);
    expect(facts.status).toBe(200);
    await untilSitemap("the sitemap lists it with its lastmod", page, (e) => e === facts.updated);
    await expectUnknownNotFound();
  });

  it("a title edited in the CMS: the page, the list, the feed and the sitemap's lastmod", async () => {
    const page = `/news/${LIVE}`;
    const title = "Meridian Streaming brings ID5 ID to CTV apps, retitled in the CMS";
    const before = await pageFacts(page);
    expect(before.body).not.toContain(title);
    await save(LIVE, { props: { title: [title] } });
    await until("the page shows the new title", page, (answer) => answer.body.includes(title));
    await until("the list shows it", "/news", (answer) => answer.body.includes(title));
    await until("the feed shows it", "/news/feed.atom", (answer) => answer.body.includes(title));
    const after = await pageFacts(page);
    expect(after.updated).not.toBe(before.updated);
    await untilSitemap("its lastmod is the page's", page, (e) => e === after.updated);
    await expectUnknownNotFound();
  });

  it("a slug changed: the old address redirects, every output names the new one", async () => {
    const old = `/news/${LIVE}`;
    const page = `/news/${RENAMED}`;
    await save(LIVE, { props: { slug: [RENAMED] } });
    ids.set(RENAMED, idOf(LIVE));
    await until("the article at its new address", page, (answer) => answer.status === 200);
    await until(
      `the old address redirects to ${page}`,
      old,
      (answer) => answer.status === 301 && answer.location === page,
    );
    const links = (answer: Answer) => linksTo(answer.body, page) && !linksTo(answer.body, old);
    await until("the list links the new address only", "/news", links);
    await until("the feed links the new address only", "/news/feed.atom", links);
    const facts = await pageFacts(page);
    await untilSitemap("the sitemap lists the new address", page, (e) => e === facts.updated);
    await untilSitemap("the sitemap drops the old address", old, (e) => e === undefined);
    await expectUnknownNotFound();
  });

  it("a scheduled unpublish: gone from the page, the list, the feed and the sitemap", async () => {
    const page = `/news/${RENAMED}`;
    const unpublishAt = Date.now() + Math.max(AHEAD_MS, 3 * slowestSaveMs);
    await save(RENAMED, { props: { unpublish_at: date(unpublishAt) } });
    expect((await ask(page)).status).toBe(200);
    expect(Date.now(), "the edit took longer than the time was ahead").toBeLessThan(unpublishAt);
    await until("the article gone", page, (answer) => answer.status === 404);
    const gone = (answer: Answer) => !linksTo(answer.body, page);
    await until("the list no longer links it", "/news", gone);
    await until("the feed no longer links it", "/news/feed.atom", gone);
    await untilSitemap("the sitemap no longer lists it", page, (e) => e === undefined);
    await expectUnknownNotFound();
  });
});
