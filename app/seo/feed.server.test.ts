import { describe, expect, it } from "vitest";
import {
  childNamed,
  childrenNamed,
  parseXmlStrict,
  type XmlElement,
} from "../../tests/support/xml-document";
import {
  atomFeed,
  FEED_ID_PREFIX,
  type FeedEntry,
  type FeedInput,
  feedEntryId,
} from "./feed.server";

const ATOM_NS = "http://www.w3.org/2005/Atom";
/** RFC 3339 date-times, as Atom requires. */
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

const entry = (n: number, extra: Partial<FeedEntry> = {}): FeedEntry => ({
  entryId: String(n).padStart(24, "0"),
  title: `Story ${n}`,
  url: `https://id5.io/news/story-${n}`,
  published: `2026-01-0${n}T09:00:00Z`,
  updated: `2026-01-0${n}T12:00:00Z`,
  summary: `About story ${n}`,
  ...extra,
});

const feed = (entries: FeedEntry[], extra: Partial<FeedInput> = {}) =>
  atomFeed({
    name: "news",
    title: "ID5 news",
    selfUrl: "https://id5.io/news/feed.atom",
    pageUrl: "https://id5.io/news",
    iconUrl: "https://id5.io/favicon.svg",
    authorName: "ID5",
    authorUrl: "https://id5.io/",
    lang: "en",
    entries,
    ...extra,
  });

const text = (element: XmlElement, name: string) => childNamed(element, name).text;

/** RFC 4287's "MUST"s for a feed and its entries, as a list of what is missing. */
function atomProblems(root: XmlElement): string[] {
  const problems: string[] = [];
  if (root.name !== "feed") problems.push(`root is <${root.name}>`);
  if (root.attributes.xmlns !== ATOM_NS) problems.push("not in the Atom namespace");
  for (const name of ["id", "title", "updated"]) {
    if (childrenNamed(root, name).length !== 1) problems.push(`feed needs one <${name}>`);
  }
  const feedHasAuthor = childrenNamed(root, "author").length > 0;
  const self = childrenNamed(root, "link").find((l) => l.attributes.rel === "self");
  if (!self?.attributes.href) problems.push("feed needs a self link");
  for (const [i, item] of childrenNamed(root, "entry").entries()) {
    for (const name of ["id", "title", "updated"]) {
      if (childrenNamed(item, name).length !== 1) problems.push(`entry ${i} needs one <${name}>`);
    }
    const alternate = childrenNamed(item, "link").find((l) => l.attributes.rel === "alternate");
    if (!alternate?.attributes.href) problems.push(`entry ${i} needs an alternate link`);
    if (!feedHasAuthor && childrenNamed(item, "author").length === 0) {
      problems.push(`entry ${i} needs an author`);
    }
    for (const name of ["updated", "published"]) {
      for (const date of childrenNamed(item, name)) {
        if (!RFC3339.test(date.text)) problems.push(`entry ${i} <${name}> ${date.text}`);
      }
    }
  }
  return problems;
}

describe("atomFeed", () => {
  it("is a well-formed Atom document with every required element", () => {
    const root = parseXmlStrict(feed([entry(2), entry(1, { author: "Jo", category: "Product" })]));
    expect(atomProblems(root)).toEqual([]);
    expect(text(root, "id")).toBe(`${FEED_ID_PREFIX}news`);
    expect(text(root, "title")).toBe("ID5 news");
    expect(root.attributes["xml:lang"]).toBe("en");
    expect(childNamed(root, "author").children.map((c) => [c.name, c.text])).toEqual([
      ["name", "ID5"],
      ["uri", "https://id5.io/"],
    ]);
    expect(childrenNamed(root, "link").map((l) => l.attributes)).toEqual([
      { rel: "self", type: "application/atom+xml", href: "https://id5.io/news/feed.atom" },
      { rel: "alternate", type: "text/html", href: "https://id5.io/news" },
    ]);
    expect(text(root, "icon")).toBe("https://id5.io/favicon.svg");
  });

  it("writes each entry: stable id, title, link, published, updated, summary, author, category", () => {
    const root = parseXmlStrict(feed([entry(1, { author: "Jo", category: "Product" })]));
    const [item] = childrenNamed(root, "entry");
    if (!item) throw new Error("no entry");
    expect(text(item, "id")).toBe(feedEntryId("000000000000000000000001"));
    expect(text(item, "id")).toBe("tag:id5.io,2026:news-article/000000000000000000000001");
    expect(text(item, "title")).toBe("Story 1");
    expect(childNamed(item, "link").attributes).toEqual({
      rel: "alternate",
      type: "text/html",
      href: "https://id5.io/news/story-1",
    });
    expect(text(item, "published")).toBe("2026-01-01T09:00:00Z");
    expect(text(item, "updated")).toBe("2026-01-01T12:00:00Z");
    expect(text(item, "summary")).toBe("About story 1");
    expect(childNamed(childNamed(item, "author"), "name").text).toBe("Jo");
    expect(childNamed(item, "category").attributes.term).toBe("Product");
  });

  it("keeps the entries' order, and is as new as its newest change", () => {
    const root = parseXmlStrict(feed([entry(3), entry(1, { updated: "2026-02-01T00:00:00Z" })]));
    expect(childrenNamed(root, "entry").map((e) => text(e, "title"))).toEqual([
      "Story 3",
      "Story 1",
    ]);
    expect(text(root, "updated")).toBe("2026-02-01T00:00:00Z");
  });

  it("never updates an entry before its publication; unknown changes count as the publication", () => {
    const early = parseXmlStrict(feed([entry(2, { updated: "2025-12-01T00:00:00Z" })]));
    expect(text(childNamed(early, "entry"), "updated")).toBe("2026-01-02T09:00:00Z");
    const unknown = parseXmlStrict(feed([entry(2, { updated: undefined })]));
    expect(text(childNamed(unknown, "entry"), "updated")).toBe("2026-01-02T09:00:00Z");
  });

  it("is still valid with no entries (updated: the epoch)", () => {
    const root = parseXmlStrict(feed([]));
    expect(atomProblems(root)).toEqual([]);
    expect(text(root, "updated")).toBe("1970-01-01T00:00:00Z");
  });

  it("escapes every value: markup, quotes and ampersands come back as the same text", () => {
    const nasty = `Q&A: "</title></entry><entry>" <b>bold</b> & 'quotes'`;
    const xml = feed([
      entry(1, {
        title: nasty,
        summary: nasty,
        author: nasty,
        category: nasty,
        url: "https://id5.io/news/a?x=1&y=<2>",
      }),
    ]);
    const item = childNamed(parseXmlStrict(xml), "entry");
    expect(text(item, "title")).toBe(nasty);
    expect(text(item, "summary")).toBe(nasty);
    expect(childNamed(childNamed(item, "author"), "name").text).toBe(nasty);
    expect(childNamed(item, "category").attributes.term).toBe(nasty);
    expect(childNamed(item, "link").attributes.href).toBe("https://id5.io/news/a?x=1&y=<2>");
    expect(childrenNamed(parseXmlStrict(xml), "entry")).toHaveLength(1);
  });

  it("drops characters XML cannot hold instead of breaking the document", () => {
    const root = parseXmlStrict(feed([entry(1, { title: "Bell\u0007 and NUL\u0000" })]));
    expect(text(childNamed(root, "entry"), "title")).toBe("Bell and NUL");
  });

  it("leaves out an entry's optional parts when the CMS has none", () => {
    const item = childNamed(
      parseXmlStrict(feed([entry(1, { summary: undefined, author: undefined })])),
      "entry",
    );
    expect(childrenNamed(item, "summary")).toEqual([]);
    expect(childrenNamed(item, "author")).toEqual([]);
  });
});
