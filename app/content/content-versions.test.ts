import { describe, expect, it } from "vitest";
import {
  advanceContentVersions,
  type ContentVersions,
  compareContentVersions,
  emptyContentVersions,
  parseContentVersions,
} from "./content-versions";

function versions(overrides: Partial<ContentVersions> = {}): ContentVersions {
  return {
    ...emptyContentVersions(),
    entries: {
      a1: { template: "news-article", updatedAt: 100, path: "/news/first" },
      a2: { template: "news-article", updatedAt: 200, path: "/news/second" },
      b1: { template: "consent-banner", updatedAt: 50 },
    },
    media: { m1: 10 },
    schema: { "template:t1": 1, "group:g1": 1 },
    orders: { "news-article": "a2,a1" },
    ...overrides,
  };
}

describe("compareContentVersions", () => {
  it("finds nothing when nothing changed", () => {
    const difference = compareContentVersions(versions(), versions());
    expect(difference.tags).toEqual([]);
    expect(difference.addedPaths).toEqual([]);
    expect(difference.removedPaths).toEqual([]);
    expect(difference.counts).toEqual({ updated: 0, added: 0, deleted: 0, media: 0, schema: 0 });
  });

  it("names an updated entry and its template", () => {
    const after = versions();
    after.entries.a1 = { template: "news-article", updatedAt: 101, path: "/news/first" };
    const difference = compareContentVersions(versions(), after);
    expect(difference.tags).toEqual(["entry:a1", "template:news-article"]);
    expect(difference.counts.updated).toBe(1);
    expect(difference.addedPaths).toEqual([]);
  });

  it("names an entry whose shown version a time changed, with no edit", () => {
    const showing = (shown: string) => {
      const record = versions();
      record.entries.a1 = { template: "news-article", updatedAt: 100, path: "/news/first", shown };
      return record;
    };
    const before = showing("90");
    const after = showing("100");
    const difference = compareContentVersions(before, after);
    expect(difference.tags).toEqual(["entry:a1", "template:news-article"]);
    expect(difference.counts.updated).toBe(1);
    // A record written before versions said what was shown: not compared.
    expect(compareContentVersions(versions(), after).tags).toEqual([]);
  });

  it("names a new entry, its address and the order it joined", () => {
    const after = versions({ orders: { "news-article": "a3,a2,a1" } });
    after.entries.a3 = { template: "news-article", updatedAt: 300, path: "/news/third" };
    const difference = compareContentVersions(versions(), after);
    expect(difference.tags).toEqual([
      "entry:a3",
      "order:news-article",
      "path:a3",
      "template:news-article",
    ]);
    expect(difference.addedPaths).toEqual(["/news/third"]);
    expect(difference.counts.added).toBe(1);
  });

  it("names a deleted entry and the address it left", () => {
    const after = versions({ orders: { "news-article": "a2" } });
    delete after.entries.a1;
    const difference = compareContentVersions(versions(), after);
    expect(difference.tags).toEqual([
      "entry:a1",
      "order:news-article",
      "path:a1",
      "template:news-article",
    ]);
    expect(difference.removedPaths).toEqual(["/news/first"]);
    expect(difference.counts.deleted).toBe(1);
  });

  it("tells a new slug as an address removed and one added", () => {
    const after = versions();
    after.entries.a2 = { template: "news-article", updatedAt: 201, path: "/news/renamed" };
    const difference = compareContentVersions(versions(), after);
    expect(difference.tags).toContain("path:a2");
    expect(difference.addedPaths).toEqual(["/news/renamed"]);
    expect(difference.removedPaths).toEqual(["/news/second"]);
  });

  it("names media items changed, added or gone, and the library", () => {
    const difference = compareContentVersions(versions(), versions({ media: { m1: 11, m2: 1 } }));
    expect(difference.tags).toEqual(["media", "media:m1", "media:m2"]);
    expect(difference.counts.media).toBe(2);
  });

  it("tells a change of the schema as a change of everything", () => {
    const after = versions({ schema: { "template:t1": 2, "group:g1": 1 } });
    after.entries.a1 = { template: "news-article", updatedAt: 101, path: "/news/first" };
    expect(compareContentVersions(versions(), after).tags).toEqual(["*"]);
    const widgetAdded = versions({ schema: { ...versions().schema, "widget:w1": 1 } });
    expect(compareContentVersions(versions(), widgetAdded).tags).toEqual(["*"]);
  });
});

describe("advanceContentVersions", () => {
  it("moves forward only what the change named", () => {
    const current = versions({ media: { m1: 11 } });
    current.entries.a1 = { template: "news-article", updatedAt: 101, path: "/news/first" };
    current.entries.a2 = { template: "news-article", updatedAt: 201, path: "/news/second" };
    const next = advanceContentVersions(versions(), current, ["entry:a1", "template:news-article"]);
    expect(next.entries.a1?.updatedAt).toBe(101);
    // Its own change was not handled yet: still found at the next start.
    expect(next.entries.a2?.updatedAt).toBe(200);
    expect(next.media.m1).toBe(10);
    expect(compareContentVersions(next, current).tags).toEqual([
      "entry:a2",
      "media",
      "media:m1",
      "template:news-article",
    ]);
  });

  it("forgets a deleted entry and takes a new order", () => {
    const current = versions({ orders: { "news-article": "a2" } });
    delete current.entries.a1;
    const next = advanceContentVersions(versions(), current, [
      "entry:a1",
      "order:news-article",
      "path:a1",
    ]);
    expect(next.entries.a1).toBeUndefined();
    expect(compareContentVersions(next, current).tags).toEqual([]);
  });

  it("moves an address alone, leaving the entry's version to its own change", () => {
    const current = versions();
    current.entries.a2 = { template: "news-article", updatedAt: 201, path: "/news/renamed" };
    const next = advanceContentVersions(versions(), current, ["path:a2"]);
    expect(next.entries.a2).toEqual({
      template: "news-article",
      updatedAt: 200,
      path: "/news/renamed",
    });
    expect(compareContentVersions(next, current).tags).toEqual([
      "entry:a2",
      "template:news-article",
    ]);
  });

  it("takes everything after a change of everything", () => {
    const current = versions({ schema: { "template:t1": 5 } });
    expect(advanceContentVersions(versions(), current, ["*"])).toBe(current);
  });
});

describe("parseContentVersions", () => {
  it("accepts what this code writes and refuses anything else", () => {
    expect(parseContentVersions(JSON.parse(JSON.stringify(versions())))).toEqual(versions());
    expect(parseContentVersions({ format: 99, entries: {} })).toBeUndefined();
    expect(parseContentVersions(null)).toBeUndefined();
    expect(parseContentVersions({ format: 1, entries: {}, media: {} })).toBeUndefined();
  });
});
