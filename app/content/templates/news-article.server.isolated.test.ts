import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  createInMemoryContent,
  TEST_MODIFIED_AT,
  testDate,
  testImage,
  testLocalEntry,
  thrownResponse,
} from "../../../tests/support/content";
import { withReadRecord } from "../content-tags.server";
import {
  listNewsImagePaths,
  listNewsPaths,
  loadLatestNews,
  loadNewsArticle,
  loadNewsCard,
  loadNewsFeedItems,
  loadNewsList,
  NEWS_PAGE_SIZE,
  toNewsCard,
} from "./news-article.server";

const content = createInMemoryContent();
vi.mock("../content-client.server", () => ({ getContentClient: () => content.client }));

/** Article n is dated n days into 2026, so a higher n is newer. */
function article(n: number, meta: Record<string, unknown> = {}) {
  const day = String(n).padStart(2, "0");
  return {
    id: n.toString(16).padStart(24, "0"),
    meta: { title: `Story ${n}`, slug: `story-${n}`, date: testDate(`2026-01-${day}`), ...meta },
  };
}

beforeEach(() => content.reset());
afterEach(() => vi.restoreAllMocks());

describe("toNewsCard", () => {
  it("maps a dated, titled article; the category defaults to company", () => {
    const entry = testLocalEntry("news-article", {
      title: "Launch",
      slug: "launch",
      description: "We launched",
      date: testDate("2026-03-12"),
      cover: testImage("c".repeat(24)),
    });
    expect(toNewsCard(entry)).toMatchObject({
      slug: "launch",
      href: "/news/launch",
      title: "Launch",
      description: "We launched",
      date: "2026-03-12",
      dateLabel: "12 March 2026",
      category: "company",
      cover: { mediaType: "IMG" },
    });
    expect(toNewsCard(testLocalEntry("news-article", { title: "Undated" }))).toBeUndefined();
    expect(
      toNewsCard(testLocalEntry("news-article", { date: testDate("2026-03-12") })),
    ).toBeUndefined();
  });
});

describe("news loaders", () => {
  it("pages the list newest first, nine to a page; a page past the end is a 404", async () => {
    const articles = Array.from({ length: NEWS_PAGE_SIZE + 2 }, (_, i) => article(i + 1));
    content.reset({ entries: { "news-article": articles } });
    const first = await loadNewsList(1, "/news");
    expect(first.pageCount).toBe(2);
    expect(first.items.map((c) => c.slug)).toEqual(
      Array.from({ length: NEWS_PAGE_SIZE }, (_, i) => `story-${NEWS_PAGE_SIZE + 2 - i}`),
    );
    expect((await loadNewsList(2, "/news/page/2")).items.map((c) => c.slug)).toEqual([
      "story-2",
      "story-1",
    ]);
    for (const page of [0, 3, 1.5]) {
      expect((await thrownResponse(loadNewsList(page, `/news/page/${page}`))).status).toBe(404);
    }
  });

  it("has one empty page when there is no news, and gives the home page the latest", async () => {
    expect(await loadNewsList(1, "/news")).toEqual({ items: [], page: 1, pageCount: 1 });
    content.reset({ entries: { "news-article": [article(1), article(3), article(2)] } });
    expect((await loadLatestNews(2)).map((c) => c.slug)).toEqual(["story-3", "story-2"]);
  });

  it("maps an article page: its card, head, author and body; unknown slugs are 404s", async () => {
    content.reset({
      entries: {
        "news-article": [
          {
            ...article(1, { author: "Jo", description: "Short", cover: testImage("c".repeat(24)) }),
            content: [{ type: "paragraph", value: "<p>Body</p>" }],
          },
          article(2, { title: "" }),
        ],
      },
    });
    const page = await loadNewsArticle("story-1", "/news/story-1");
    expect(page).toMatchObject({
      slug: "story-1",
      href: "/news/story-1",
      publishedAt: "2026-01-01T00:00:00Z",
      modifiedAt: TEST_MODIFIED_AT,
      author: "Jo",
      head: { title: "Story 1", description: "Short" },
      body: [{ type: "rich", nodes: [{ tag: "p", children: ["Body"] }] }],
    });
    expect(page.head.image).toContain(`/media/${"c".repeat(24)}/`);
    // An article that makes no card has no page either.
    expect((await thrownResponse(loadNewsArticle("story-2", "/news/story-2"))).status).toBe(404);
  });

  it("orders articles of one day by their time", async () => {
    const at = (time: string) => ({
      timestamp: Date.parse(`2026-02-01T${time}Z`),
      timezoneOffset: 0,
    });
    content.reset({
      entries: {
        "news-article": [
          article(1, { slug: "morning", date: at("08:00:00") }),
          article(2, { slug: "evening", date: at("19:00:00") }),
          article(3, { slug: "noon", date: at("12:00:00") }),
        ],
      },
    });
    expect((await loadLatestNews(3)).map((c) => c.slug)).toEqual(["evening", "noon", "morning"]);
  });

  it("gives the feed the newest articles with their entry id, date-time and byline", async () => {
    content.reset({
      entries: {
        "news-article": [article(1, { author: "Jo" }), article(3), article(2, { title: "" })],
      },
    });
    const items = await loadNewsFeedItems(5, "/news/feed.atom");
    expect(items.map((i) => i.slug)).toEqual(["story-3", "story-1"]);
    expect(items[1]).toMatchObject({
      entryId: (1).toString(16).padStart(24, "0"),
      title: "Story 1",
      href: "/news/story-1",
      publishedAt: "2026-01-01T00:00:00Z",
      modifiedAt: TEST_MODIFIED_AT,
      author: "Jo",
    });
    expect(items[0]).not.toHaveProperty("author");
    expect(await loadNewsFeedItems(1, "/news/feed.atom")).toHaveLength(1);
  });

  it("gives a share image its article's card, and 404s for an unknown or untitled one", async () => {
    content.reset({ entries: { "news-article": [article(1), article(2, { title: "" })] } });
    expect(await loadNewsCard("story-1", "/og/news/story-1.png")).toMatchObject({
      title: "Story 1",
      dateLabel: "1 January 2026",
    });
    for (const slug of ["story-2", "nothing"]) {
      const missing = loadNewsCard(slug, `/og/news/${slug}.png`);
      expect((await thrownResponse(missing)).status).toBe(404);
    }
    expect(await listNewsImagePaths()).toEqual(["/og/news/story-1.png"]);
  });

  it("lists every article page and every numbered list page for prerendering", async () => {
    const articles = Array.from({ length: NEWS_PAGE_SIZE + 1 }, (_, i) => article(i + 1));
    content.reset({ entries: { "news-article": [...articles, article(20, { title: "" })] } });
    const paths = await listNewsPaths();
    expect(paths).toHaveLength(NEWS_PAGE_SIZE + 1 + 2);
    expect(paths.slice(0, 2)).toEqual(["/news/story-10", "/news/story-9"]);
    expect(paths.slice(-2)).toEqual(["/news/page/1", "/news/page/2"]);
  });

  it("records the order and the articles and covers a list page shows, not every article's", async () => {
    const articles = Array.from({ length: NEWS_PAGE_SIZE + 3 }, (_, i) =>
      article(i + 1, { cover: testImage((i + 1).toString(16).padStart(24, "c")) }),
    );
    content.reset({ entries: { "news-article": articles } });
    const { tags } = await withReadRecord(() => loadNewsList(2, "/news/page/2"));
    expect(tags.filter((tag) => tag.startsWith("media:"))).toEqual(
      [3, 2, 1].map((n) => `media:${n.toString(16).padStart(24, "c")}`).sort(),
    );
    expect(tags.filter((tag) => tag.startsWith("entry:"))).toEqual(
      [3, 2, 1].map((n) => `entry:${articles[n - 1]?.id}`).sort(),
    );
    expect(tags).toContain("order:news-article");
    expect(tags).not.toContain("template:news-article");
  });
});
