import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  createInMemoryContent,
  testDate,
  testImage,
  testLocalEntry,
  thrownResponse,
} from "../../../tests/support/content";
import {
  listNewsPaths,
  loadLatestNews,
  loadNewsArticle,
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
      author: "Jo",
      head: { title: "Story 1", description: "Short" },
      body: [{ type: "rich", nodes: [{ tag: "p", children: ["Body"] }] }],
    });
    expect(page.head.image).toContain(`/media/${"c".repeat(24)}/`);
    // An article that makes no card has no page either.
    expect((await thrownResponse(loadNewsArticle("story-2", "/news/story-2"))).status).toBe(404);
  });

  it("lists every article page and every numbered list page for prerendering", async () => {
    const articles = Array.from({ length: NEWS_PAGE_SIZE + 1 }, (_, i) => article(i + 1));
    content.reset({ entries: { "news-article": [...articles, article(20, { title: "" })] } });
    const paths = await listNewsPaths();
    expect(paths).toHaveLength(NEWS_PAGE_SIZE + 1 + 2);
    expect(paths.slice(0, 2)).toEqual(["/news/story-10", "/news/story-9"]);
    expect(paths.slice(-2)).toEqual(["/news/page/1", "/news/page/2"]);
  });
});
