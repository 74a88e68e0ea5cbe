import type { EntryParsed } from "@thebcms/types";
import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  type ContentReads,
  parsedTestEntry,
  TEST_LANGUAGES,
  type TestEntry,
} from "../../tests/support/content";
import { contentTag, recordRead, withReadRecord } from "./content-tags.server";
import {
  findPublishedEntryById,
  findPublishedEntryByPath,
  findPublishedEntryBySlug,
  getEntryAddresses,
  getEntryPathIndex,
  getListOrders,
  getPublishedEntries,
  type LocalEntry,
  orderedList,
  readEntryPages,
} from "./entries.server";
import { withViewAt } from "./preview-context.server";

// A client that, like the content client's cache, hands out the same entry objects on every
// read until the list is replaced (`replace`), so reads of one list can be told apart.
let lists: Record<string, EntryParsed[]> = {};
let reads = 0;
const client = {
  entry: {
    getAllParsed: async (template: string) => {
      reads += 1;
      return [...(lists[template] ?? [])];
    },
  },
  language: { getAll: async () => TEST_LANGUAGES },
  media: { getAll: async () => [] },
} satisfies ContentReads;
vi.mock("./content-client.server", () => ({ getContentClient: () => client }));

const id = (n: number) => n.toString(16).padStart(24, "0");

function parsed(
  template: string,
  n: number,
  meta: Record<string, unknown>,
  status: TestEntry["status"] = "Published",
): EntryParsed {
  return parsedTestEntry(template, { id: id(n), meta, status });
}

const article = (n: number, slug = `story-${n}`, status: TestEntry["status"] = "Published") =>
  parsed("news-article", n, { title: `Story ${n}`, slug }, status);

function replace(template: string, entries: EntryParsed[]) {
  lists = { ...lists, [template]: entries };
}

beforeEach(() => {
  lists = {};
  reads = 0;
});

describe("published lists", () => {
  it("finds by slug, path and id as a scan in list order would, drafts left out", async () => {
    replace("news-article", [
      article(1),
      article(2, "twin"),
      article(3, "twin"),
      article(4, "draft", "Draft"),
      parsed("news-article", 5, { title: "No slug" }),
    ]);
    replace("page", [parsed("page", 6, { title: "About", slug: "about", path: "/about" })]);
    expect((await findPublishedEntryBySlug("news-article", "story-1"))?.id).toBe(id(1));
    expect((await findPublishedEntryBySlug("news-article", "twin"))?.id).toBe(id(2));
    expect(await findPublishedEntryBySlug("news-article", "draft")).toBeUndefined();
    // An entry without a slug is addressed by its id.
    expect((await findPublishedEntryBySlug("news-article", id(5)))?.id).toBe(id(5));
    expect((await findPublishedEntryByPath("page", "/about"))?.id).toBe(id(6));
    expect(await findPublishedEntryByPath("page", "/nowhere")).toBeUndefined();
    expect((await findPublishedEntryById("news-article", id(3)))?.meta.slug).toBe("twin");
    expect((await getPublishedEntries("news-article")).map((e) => e.id)).toEqual(
      [1, 2, 3, 5].map(id),
    );
  });

  it("records the entry found, or the list when none is", async () => {
    replace("news-article", [article(1)]);
    const found = await withReadRecord(() => findPublishedEntryBySlug("news-article", "story-1"));
    expect(found.tags).toEqual([contentTag.entry(id(1))]);
    const missing = await withReadRecord(() => findPublishedEntryBySlug("news-article", "none"));
    expect(missing.tags).toEqual([contentTag.template("news-article")]);
  });

  it("sees a new read of the list at once: an edited, added or removed entry", async () => {
    replace("news-article", [article(1), article(2)]);
    expect((await findPublishedEntryBySlug("news-article", "story-2"))?.meta.title).toBe("Story 2");
    const edited = parsed("news-article", 2, { title: "Edited", slug: "story-2" });
    replace("news-article", [article(1), edited, article(3)]);
    expect((await findPublishedEntryBySlug("news-article", "story-2"))?.meta.title).toBe("Edited");
    expect((await findPublishedEntryBySlug("news-article", "story-3"))?.id).toBe(id(3));
    replace("news-article", [article(3)]);
    expect(await findPublishedEntryBySlug("news-article", "story-1")).toBeUndefined();
    expect((await getEntryPathIndex()).get(id(3))).toBe("/news/story-3");
    expect((await getEntryPathIndex()).has(id(1))).toBe(false);
  });

  it("orders a list once per read of it, recording the order and the ordering's reads", async () => {
    const seed = Array.from({ length: 5 }, (_, i) => article(i + 1));
    replace("news-article", seed);
    const order = vi.fn((entries: readonly LocalEntry[]) => {
      recordRead(contentTag.media("cover"));
      return entries.map((entry) => ({ entry })).reverse();
    });
    const ordered = orderedList("news-article", order);
    expect(() => orderedList("news-article", order)).toThrow(/registered/);
    const first = await withReadRecord(ordered);
    const second = await withReadRecord(ordered);
    expect(order).toHaveBeenCalledTimes(1);
    expect(second.value).toBe(first.value);
    for (const record of [first, second]) {
      expect(record.tags).toEqual([contentTag.media("cover"), contentTag.order("news-article")]);
    }
    expect(await getListOrders()).toEqual(
      new Map([["news-article", [5, 4, 3, 2, 1].map(id).join(",")]]),
    );
    replace("news-article", [...seed, article(6)]);
    expect((await ordered()).map((item) => item.entry.id)).toEqual([6, 5, 4, 3, 2, 1].map(id));
    expect(order).toHaveBeenCalledTimes(2);
    expect((await getListOrders()).get("news-article")?.split(",")).toHaveLength(6);
  });

  it("keeps the address index while no list changes", async () => {
    replace("news-article", [article(1)]);
    replace("page", [parsed("page", 2, { title: "About", slug: "about", path: "/about" })]);
    const addresses = await getEntryAddresses();
    expect([...addresses]).toEqual([
      [id(2), { path: "/about", templateName: "page" }],
      [id(1), { path: "/news/story-1", templateName: "news-article" }],
    ]);
    expect(await getEntryAddresses()).toBe(addresses);
    const before = reads;
    await getEntryPathIndex();
    expect(reads).toBeGreaterThan(before); // each call still asks the client (its cache answers)
    replace("page", [parsed("page", 2, { title: "About", slug: "about", path: "/about-us" })]);
    expect((await getEntryAddresses()).get(id(2))?.path).toBe("/about-us");
  });
});

describe("a timed view of the lists", () => {
  const LATER = Date.UTC(2030, 2, 5);
  const due = (n: number, meta: Record<string, unknown> = {}) =>
    parsed("news-article", n, {
      title: `Story ${n}`,
      slug: `story-${n}`,
      publish_at: { timestamp: Date.UTC(2030, 2, 4), timezoneOffset: 0 },
      ...meta,
    });

  it("shows the entries due by then, and leaves the public address index as it was", async () => {
    replace("news-article", [article(1), due(2)]);
    const addresses = await getEntryAddresses();
    expect(addresses.has(id(2))).toBe(false);
    const then = await withViewAt(LATER, () => getEntryAddresses());
    expect(then.get(id(2))?.path).toBe("/news/story-2");
    expect(await getEntryAddresses()).toBe(addresses);
  });

  it("lists the pages of what is shown then that may be indexed, each path once", async () => {
    replace("news-article", [article(1), due(2), due(3, { seo: { no_index: true } })]);
    const paths = async () => (await readEntryPages()).map((page) => page.path).sort();
    expect(await paths()).toEqual(["/news/story-1"]);
    expect(await withViewAt(LATER, paths)).toEqual(["/news/story-1", "/news/story-2"]);
  });
});
