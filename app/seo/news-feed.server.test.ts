import { describe, expect, it } from "vitest";
import type { NewsFeedItemModel } from "~/content/models";
import { childNamed, childrenNamed, parseXmlStrict } from "../../tests/support/xml-document";
import { feedEntryId } from "./feed.server";
import { newsFeedResponse, newsFeedXml } from "./news-feed.server";

const item = (n: number, extra: Partial<NewsFeedItemModel> = {}): NewsFeedItemModel => ({
  entryId: String(n).repeat(24),
  slug: `story-${n}`,
  href: `/news/story-${n}`,
  title: `Story ${n}`,
  description: `About ${n}`,
  date: "2026-01-01",
  dateLabel: "1 January 2026",
  category: "partnerships",
  publishedAt: `2026-01-0${n}T09:00:00Z`,
  modifiedAt: `2026-01-0${n}T10:00:00Z`,
  ...extra,
});

describe("newsFeedXml", () => {
  const root = parseXmlStrict(newsFeedXml("https://id5.io/", [item(2), item(1, { author: "Jo" })]));

  it("points at the feed, the news list and the icon on the canonical origin", () => {
    expect(childrenNamed(root, "link").map((l) => l.attributes.href)).toEqual([
      "https://id5.io/news/feed.atom",
      "https://id5.io/news",
    ]);
    expect(childNamed(root, "icon").text).toBe("https://id5.io/favicon.svg");
  });

  it("gives each article its absolute link, CMS id, dates, summary and category label", () => {
    const [first, second] = childrenNamed(root, "entry");
    expect(childNamed(first ?? root, "id").text).toBe(feedEntryId("2".repeat(24)));
    expect(childNamed(first ?? root, "link").attributes.href).toBe("https://id5.io/news/story-2");
    expect(childNamed(first ?? root, "published").text).toBe("2026-01-02T09:00:00Z");
    expect(childNamed(first ?? root, "updated").text).toBe("2026-01-02T10:00:00Z");
    expect(childNamed(first ?? root, "summary").text).toBe("About 2");
    expect(childNamed(first ?? root, "category").attributes.term).toBe("Partnerships");
    expect(childNamed(childNamed(second ?? root, "author"), "name").text).toBe("Jo");
  });
});

describe("newsFeedResponse", () => {
  it("answers as an Atom document in UTF-8", async () => {
    const response = newsFeedResponse([item(1)]);
    expect(response.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
    expect(await response.text()).toMatch(/^<\?xml version="1.0" encoding="utf-8"\?>\n<feed /);
  });
});
