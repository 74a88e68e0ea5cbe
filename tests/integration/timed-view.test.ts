// The desk's timed view over real HTTP: the real build run as `npm start` runs it, reading a
// content service of its own process over a copy of the seed snapshot. The seed's article
// scheduled for 2030 is on /news, its page, the feed and the sitemap of the view at a time
// after it goes live, and nowhere at now; a live article given an unpublish_at before then
// is gone from the view. Browsing the view leaves the public pages and the store's record of
// public versions as they were; without the desk's session, or with a tampered, expired or
// revoked link, the view is refused.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isoDateTime } from "../../app/content/read.server";
import type { SiteProcess } from "../../scripts/site-process";
import {
  signTimedViewToken,
  TIMED_VIEW_HOURS,
  timedViewKey,
  timedViewPath,
} from "../../server/preview/timed-view-links";
import { openStore } from "../../server/store/open-store";
import { readLogLines } from "../support/log-file";
import { pollUntil } from "../support/poll";
import { rawRequest } from "../support/raw-request";
import { REAL_SITE_START_MS } from "../support/site-build";
import { type SiteInstances, startSiteInstances } from "../support/site-instances";

const PASSWORD = "the-editors-desk-password";
const SCHEDULED = "id5-opens-office-in-sao-paulo";
/** The scheduled article's publish_at in the seed (2030-03-04T12:00:00Z). */
const SCHEDULED_AT = Date.UTC(2030, 2, 4, 12);
/** A day after it: the view's instant. */
const LATER = SCHEDULED_AT + 24 * 3_600_000;
/** Given an unpublish_at before LATER on the copy, so the view at LATER no longer shows it. */
const LEAVING_AT = Date.UTC(2029, 5, 1);
/** The seed's newest live article (first on /news). */
const LEAVING = "id5-graph-adds-household-confidence-scores";
/** Renders on 2 shared cores: generous. */
const WAIT_MS = 90_000;
const TEMPLATES = [
  "page",
  "legal-page",
  "news-article",
  "event",
  "resource",
  "universal-id-page",
  "job",
];

let kit: SiteInstances;
let site: SiteProcess;
let cookie: string;
let leaving: string;
let scheduledId: string;
/** When the leaving article's edit was saved (its updatedAt). */
let editedAt: number;

async function desk(fields: Record<string, string>, withCookie = cookie) {
  return fetch(`${site.url}/_preview/`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      ...(withCookie ? { cookie: withCookie } : {}),
    },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
}

/** The timed view's address of `at` as the desk makes it (a row's button). */
async function viewOf(at: number, offset = 0): Promise<string> {
  const answer = await desk({ action: "timed-view", at: String(at), offset: String(offset) });
  expect(answer.status).toBe(303);
  const location = answer.headers.get("location") ?? "";
  expect(location).toMatch(/^\/_preview\/at\/[^/]+\/$/);
  return location.slice(0, -1);
}

const get = (path: string, withCookie = cookie) =>
  rawRequest(site.port, path, { headers: withCookie ? { cookie: withCookie } : {} });

/** Every recorded public version of every template: what the view must not add to. */
async function recordedVersions(): Promise<string[]> {
  const store = await openStore({ dataDir: kit.dataDir("site") });
  try {
    const keys: string[] = [];
    for (const template of TEMPLATES) {
      for (const key of await store.publishedVersions.listPublishedVersionKeys(template)) {
        keys.push(`${template} ${key.entryId} ${key.versionKey} ${key.path ?? ""}`);
      }
    }
    return keys.sort();
  } finally {
    await store.close();
  }
}

beforeAll(async () => {
  kit = await startSiteInstances("id5-timed-view", {
    variables: { PREVIEW_DESK_PASSWORD: PASSWORD, LOG_LEVEL: "info" },
  });
  // The newest live article (first on /news) leaves before the view's instant.
  const ids = await kit.api.idsBySlug("news-article");
  const id = ids.get(LEAVING);
  scheduledId = ids.get(SCHEDULED) ?? "";
  if (!id || !scheduledId) throw new Error(`the seed has no article ${LEAVING} or ${SCHEDULED}`);
  leaving = LEAVING;
  const saved = await kit.api.update("news-article", id, {
    props: { unpublish_at: [{ timestamp: LEAVING_AT, timezoneOffset: -120 }] },
  });
  editedAt = saved.updatedAt;
  site = await kit.start("site");
  const signedIn = await desk({ action: "sign-in", password: PASSWORD }, "");
  expect(signedIn.status).toBe(303);
  cookie = (signedIn.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
}, REAL_SITE_START_MS);

afterAll(async () => {
  await kit?.close();
});

describe("the site at a chosen time", () => {
  it("shows the scheduled article at a time after it goes live, and the leaving one gone", {
    timeout: 2 * WAIT_MS,
  }, async () => {
    // Once the site has rendered /news again for the edit (its newest change is the edit's).
    const edited = `<meta property="og:updated_time" content="${isoDateTime(new Date(editedAt))}"/>`;
    const publicNews = await pollUntil(
      () => "the public /news to show the edit of its newest article",
      async () => {
        const page = await get("/news", "");
        return page.text.includes(edited) && page;
      },
      { timeoutMs: WAIT_MS, intervalMs: 250 },
    );
    expect(publicNews.text).toContain(`/news/${leaving}"`);
    expect(publicNews.text).not.toContain(`/news/${SCHEDULED}"`);
    // Visitors' renders record the public versions they show; the view's must add none.
    expect((await get(`/news/${SCHEDULED}`, "")).status).toBe(404);
    expect((await get(`/news/${leaving}`, "")).status).toBe(200);
    const before = await recordedVersions();
    expect(before.length).toBeGreaterThan(0);

    const view = await viewOf(LATER, -180);
    const news = await get(`${view}/news`);
    expect(news.status).toBe(200);
    expect(news.text).toContain(`href="${view}/news/${SCHEDULED}"`);
    expect(news.text).not.toContain(`/news/${leaving}"`);
    expect(news.text).toContain("The site as it will be at");
    expect(news.text).toContain("2030-03-05 12:00 UTC");
    expect(news.text).toContain("2030-03-05 15:00 UTC+03:00");
    expect(news.text).toContain('href="/_preview/"');
    expect(news.text).not.toMatch(/<script\b/i);
    for (const answer of [news, await get(`${view}/news/${SCHEDULED}`)]) {
      expect(answer.status).toBe(200);
      expect(answer.headers["cache-control"]).toBe("private, no-store");
      expect(answer.headers["x-robots-tag"]).toBe("noindex");
      expect(answer.headers["referrer-policy"]).toBe("no-referrer");
    }
    expect((await get(`${view}/news/${leaving}`)).status).toBe(404);

    const feed = await get(`${view}/news/feed.atom`);
    expect(feed.status).toBe(200);
    expect(feed.headers["cache-control"]).toBe("private, no-store");
    expect(feed.text).toContain(`/news/${SCHEDULED}"`);
    expect(feed.text).not.toContain(`/news/${leaving}"`);
    const sitemap = await get(`${view}/sitemap.xml`);
    expect(sitemap.status).toBe(200);
    expect(sitemap.headers["cache-control"]).toBe("private, no-store");
    expect(sitemap.text).toContain(`/news/${SCHEDULED}</loc>`);
    expect(sitemap.text).not.toContain(`/news/${leaving}</loc>`);

    // Nothing of the view was recorded, and visitors' site is as it was.
    const after = await recordedVersions();
    expect(after).toEqual(before);
    expect(after.join("\n")).not.toContain(scheduledId);
    expect((await get("/news", "")).text).toBe(publicNews.text);
    expect((await get(`/news/${SCHEDULED}`, "")).status).toBe(404);
    expect((await get(`/news/${leaving}`, "")).status).toBe(200);
    expect((await get("/sitemap.xml", "")).text).not.toContain(`/news/${SCHEDULED}</loc>`);
  });

  it("shows the site as it is at now", async () => {
    const view = await viewOf(Date.now());
    const news = await get(`${view}/news`);
    expect(news.status).toBe(200);
    expect(news.text).not.toContain(`/news/${SCHEDULED}"`);
    expect(news.text).toContain(`href="${view}/news/${leaving}"`);
    expect((await get(`${view}/news/${SCHEDULED}`)).status).toBe(404);
  });

  it("opens from a date and time typed at the editor's offset", async () => {
    const answer = await desk({ action: "timed-view", when: "2030-03-05T09:30", zone: "+02:00" });
    expect(answer.status).toBe(303);
    const view = (answer.headers.get("location") ?? "").slice(0, -1);
    const news = await get(`${view}/news`);
    expect(news.text).toContain("2030-03-05 07:30 UTC");
    expect(news.text).toContain("2030-03-05 09:30 UTC+02:00");
    expect(news.text).toContain(`/news/${SCHEDULED}"`);
    expect((await desk({ action: "timed-view", when: "2030-02-30T09:30" })).status).toBe(400);
  });

  it("is refused without the desk's session, or with a tampered, expired or revoked link", async () => {
    const view = await viewOf(LATER);
    expect((await get(`${view}/news`)).status).toBe(200);
    expect((await get(`${view}/news`, "")).status).toBe(403);
    expect((await get(`${view}/news`, "id5_desk=1.AAAA")).status).toBe(403);
    expect((await desk({ action: "timed-view", at: String(LATER) }, "")).status).toBe(401);
    const token = view.slice("/_preview/at/".length);
    const tampered = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    const refused = await get(timedViewPath(tampered, "/news"));
    expect(refused.status).toBe(403);
    expect(refused.text).toContain("This preview link is not valid");
    // Signed with the site's own key, but issued longer ago than a view lasts.
    const store = await openStore({ dataDir: kit.dataDir("site") });
    const key = timedViewKey(await store.signingKey());
    await store.close();
    const expired = signTimedViewToken(
      { at: LATER, timezoneOffset: 0 },
      key,
      Date.now() - (TIMED_VIEW_HOURS + 1) * 3_600_000,
    ).token;
    expect((await get(timedViewPath(expired, "/news"))).status).toBe(403);
    const fresh = signTimedViewToken({ at: LATER, timezoneOffset: 0 }, key, Date.now()).token;
    expect((await get(timedViewPath(fresh, "/news"))).status).toBe(200);

    expect((await desk({ action: "revoke-all" })).status).toBe(303);
    expect((await get(`${view}/news`)).status).toBe(403);
    expect((await get(timedViewPath(fresh, "/news"))).status).toBe(403);
    // A view opened after the revocation opens.
    expect((await get(`${await viewOf(LATER)}/news`)).status).toBe(200);
    // No log line holds a link's token (the request lines redact it).
    const logged = JSON.stringify(await readLogLines(kit.logFile("site")));
    expect(logged).toContain("timed view refused");
    for (const secret of [token, expired, fresh]) expect(logged).not.toContain(secret);
  });

  it("answers a page spelled with escapes inside the view, and none naming a preview", async () => {
    const view = await viewOf(LATER);
    const escaped = await get(`${view}/news/caf%C3%A9`);
    expect(escaped.status).toBe(404);
    expect(escaped.text).toContain('id="timed-view-bar"');
    expect(escaped.headers["cache-control"]).toBe("private, no-store");
    const hidden = await get(`${view}/news/%5Fpreview/${view.slice("/_preview/at/".length)}`);
    expect(hidden.status).toBe(404);
    expect(hidden.text).not.toContain('id="timed-view-bar"');
  });

  it("sends no form from the view", async () => {
    const view = await viewOf(LATER);
    const sent = await fetch(`${site.url}${view}/contact`, {
      method: "POST",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
      body: "email=someone%40example.com",
    });
    expect(sent.status).toBe(405);
    expect(await sent.text()).toContain("Forms are not sent from a timed view");
  });
});
