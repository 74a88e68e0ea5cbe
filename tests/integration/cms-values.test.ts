// Slugs and links as a phished editor account writes them, saved through the content
// service's API while the real build is served from it: a public news article's slug set to
// `http://evil.example/`, a public event's registration link set to `javascript:`, and a new
// article (a copy of the first) whose slug carries CR/LF. No address is made of a bad slug and no link of a bad
// URL: the public entries stay as visitors saw them, the new one is not published, each
// refusal is one line naming the entry and the prop, counted by kind, and every other page
// answers as before.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registry } from "../../server/metrics/site-metrics";
import { STALE_HEADER } from "../../server/rendering/render";
import { type ContentApi, contentApi } from "../support/content-api";
import { pollUntil } from "../support/poll";
import { type RawResponse, rawRequest } from "../support/raw-request";
import { CATCH_UP_DEADLINE_MS, caughtUp, changesRefreshed } from "../support/server-log";
import {
  REAL_SITE_START_MS,
  type RealSiteOnContent,
  serveRealBuildOnContent,
} from "../support/site-build";

/** A news article of the seed, on the first page of /news. */
const ARTICLE = {
  id: "5c4f77dfaff57e2525b0440f",
  slug: "meridian-streaming-brings-id5-id-to-ctv-apps",
};
const HOSTILE_SLUG = "http://evil.example/";
/** An event of the seed with a registration link. */
const EVENT = {
  id: "1b3f7053d871228ae7837307",
  slug: "addressability-summit-london-2026",
  registration: "https://example.com/addressability-summit-london-2026",
};
const HOSTILE_LINK = "javascript:document.documentElement.dataset.taken=1";
const NEW_ARTICLE = { title: "Evil twin", slug: "evil-twin\r\nSet-Cookie: taken=1" };
const REFUSED = "value refused: the entry stays as visitors saw it";
/** Pages that are not the edited entries' own, asked before and after the edits. */
const OTHER_PAGES = [
  "/",
  "/about",
  "/contact",
  "/jobs",
  "/resources",
  "/events",
  "/news/page/2",
  "/news/id5-id-adds-real-time-signal-scoring",
  "/events/identity-breakfast-new-york-2026",
  "/partner-programme",
];
/** A change's reading and refresh on a busy machine (the test's timeout covers it). */
const CHANGE_DEADLINE_MS = CATCH_UP_DEADLINE_MS;

let real: RealSiteOnContent | undefined;
let api: ContentApi;
let newArticleId = "";
/** What each page answered before the edits. */
const before = new Map<string, { status: number; location: unknown; body: string }>();

beforeAll(
  async () => {
    real = await serveRealBuildOnContent("cms-values", { logLevel: "info" });
    await caughtUp(real.logs);
    api = contentApi(real.contentUrl);
    for (const page of [...OTHER_PAGES, `/news/${ARTICLE.slug}`, `/events/${EVENT.slug}`]) {
      const answer = await get(page);
      before.set(page, {
        status: answer.status,
        location: answer.headers.location,
        body: answer.text,
      });
    }
    await applied(() => api.setProps("news-article", ARTICLE.id, { slug: HOSTILE_SLUG }));
    await applied(() => api.setProps("event", EVENT.id, { registration_url: HOSTILE_LINK }));
    await applied(async () => {
      newArticleId = (await api.duplicate("news-article", ARTICLE.id, NEW_ARTICLE))._id;
    });
  },
  REAL_SITE_START_MS + 6 * CHANGE_DEADLINE_MS,
);
afterAll(() => real?.close());

const site = () => real as RealSiteOnContent;
const get = (pathWithQuery: string): Promise<RawResponse> =>
  rawRequest(site().port, pathWithQuery, { headers: { Host: "id5.io" } });

/** Saves through the CMS's API; resolves once the site has read the change and refreshed. */
async function applied(save: () => Promise<unknown>): Promise<void> {
  const since = site().logs.lines.length;
  await save();
  await site().logs.waitFor(
    (lines) => lines.slice(since).some((line) => line.message === "content changed"),
    CHANGE_DEADLINE_MS,
  );
  await changesRefreshed(site().logs);
}

/** The answer at the end of the site's own redirects (a trailing slash dropped, say). */
async function followed(pathname: string): Promise<RawResponse> {
  let answer = await get(pathname);
  for (let hop = 0; hop < 3 && answer.status >= 300 && answer.status < 400; hop++) {
    const location = String(answer.headers.location);
    expect(location.startsWith("/") && !location.startsWith("//"), location).toBe(true);
    answer = await get(location);
  }
  return answer;
}

describe("a bad slug or link refuses its entry's new version only (goal 1)", () => {
  it("makes no address of a bad slug: it never answers and nothing links to it", async () => {
    for (const pathname of [
      "/news/http://evil.example/",
      "/news/http://evil.example",
      "/news/http:/evil.example",
      "/news/http%3A%2F%2Fevil.example%2F",
      "/news/evil-twin",
      "/news/evil-twin%0D%0ASet-Cookie:%20taken=1",
      `/news/${newArticleId}`,
    ]) {
      const answer = await followed(pathname);
      expect(answer.status, pathname).toBe(404);
      expect(answer.headers["set-cookie"], pathname).toBeUndefined();
    }
    for (const pathname of ["/news", "/news/feed.atom", "/sitemap.xml"]) {
      const answer = await get(pathname);
      expect(answer.status, pathname).toBe(200);
      expect(answer.text, pathname).not.toContain("evil.example");
      expect(answer.text, pathname).not.toContain("Evil twin");
      expect(answer.text, pathname).toContain(`/news/${ARTICLE.slug}`);
    }
  });

  it("keeps the edited entries' pages as visitors saw them, with no script link", async () => {
    const article = await get(`/news/${ARTICLE.slug}`);
    expect(article.status).toBe(200);
    expect(article.text).toBe(before.get(`/news/${ARTICLE.slug}`)?.body);
    const event = await get(`/events/${EVENT.slug}`);
    expect(event.status).toBe(200);
    expect(event.text).toContain(EVENT.registration);
    expect(event.text).not.toContain("javascript:");
  });

  it("answers every other page as before, none stale, nothing failed", async () => {
    for (const pathname of OTHER_PAGES) {
      const answer = await get(pathname);
      const was = before.get(pathname);
      expect({ pathname, status: answer.status, location: answer.headers.location }).toEqual({
        pathname,
        status: was?.status,
        location: was?.location,
      });
      expect(answer.headers[STALE_HEADER], pathname).toBeUndefined();
    }
    const failures = site().logs.lines.filter(
      (line) => line.level === "error" || /request failed|cannot be read/.test(line.message),
    );
    expect(failures.map((line) => line.message)).toEqual([]);
  });

  it("refuses each entry in one line naming the entry and the prop, counted by kind", async () => {
    const told = (entry: string) =>
      site()
        .logs.lines.filter((line) => line.message === REFUSED && line.fields.entry === entry)
        .map((line) => line.fields);
    expect(told(ARTICLE.id)).toEqual([expect.objectContaining({ prop: "slug", kind: "slug" })]);
    expect(told(EVENT.id)).toEqual([
      expect.objectContaining({ prop: "registration_url", kind: "url" }),
    ]);
    expect(told(newArticleId)).toEqual([expect.objectContaining({ prop: "slug", kind: "slug" })]);
    await pollUntil(
      "the refusals counted by kind",
      async () => {
        const metrics = await registry.metrics();
        return (
          /id5_cms_values_refused_total\{kind="slug"\} 2\b/.test(metrics) &&
          /id5_cms_values_refused_total\{kind="url"\} 1\b/.test(metrics)
        );
      },
      { timeoutMs: CHANGE_DEADLINE_MS },
    );
  });
});
