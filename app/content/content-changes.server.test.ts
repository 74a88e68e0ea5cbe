import { describe, expect, it } from "vitest";
import type { ContentEvent } from "../../bcms";
import { ChangeClassifier } from "./content-changes.server";
import type { EntryAddress } from "./entries.server";

const entryEvent = (id: string, templateId = "t-news"): ContentEvent => ({
  name: "entry",
  type: "update",
  id,
  templateId,
});

function classifierOver(states: Map<string, EntryAddress>[], orders: string[] = []) {
  let read = 0;
  let ordersRead = 0;
  return new ChangeClassifier(
    async () => {
      const state = states[Math.min(read, states.length - 1)];
      read += 1;
      if (!state) throw new Error("no state");
      return state;
    },
    async () => new Map([["t-form", "form"]]),
    async () => {
      const order = orders[Math.min(ordersRead, orders.length - 1)];
      ordersRead += 1;
      return new Map(order === undefined ? [] : [["news-article", order]]);
    },
  );
}

const news = (path: string): EntryAddress => ({ path, templateName: "news-article" });

describe("ChangeClassifier", () => {
  it("tells an edit of an entry as that entry and its template's list", async () => {
    const state = new Map([["a1", news("/news/a")]]);
    const classifier = classifierOver([state, state]);
    await classifier.prime();
    expect(await classifier.classify(entryEvent("a1"))).toEqual({
      event: entryEvent("a1"),
      tags: ["entry:a1", "template:news-article"],
      addedPaths: [],
      removedPaths: [],
    });
  });

  it("tells a change of a list's order, and only when the order changed", async () => {
    const state = new Map([
      ["a1", news("/news/a")],
      ["a2", news("/news/b")],
    ]);
    const classifier = classifierOver([state], ["a1,a2", "a1,a2", "a2,a1"]);
    await classifier.prime();
    expect((await classifier.classify(entryEvent("a1"))).tags).toEqual([
      "entry:a1",
      "template:news-article",
    ]);
    expect((await classifier.classify(entryEvent("a2"))).tags).toEqual([
      "entry:a2",
      "order:news-article",
      "template:news-article",
    ]);
  });

  it("names the addresses a new, moved or deleted entry adds and removes", async () => {
    const before = new Map([["a1", news("/news/a")]]);
    const added = new Map([...before, ["a2", news("/news/b")]]);
    const moved = new Map([
      ["a1", news("/news/a")],
      ["a2", news("/news/c")],
    ]);
    const classifier = classifierOver([before, added, moved, before]);
    await classifier.prime();
    const creation = await classifier.classify(entryEvent("a2"));
    expect(creation.addedPaths).toEqual(["/news/b"]);
    expect(creation.tags).toEqual(["entry:a2", "path:a2", "template:news-article"]);
    const move = await classifier.classify(entryEvent("a2"));
    expect(move).toMatchObject({ addedPaths: ["/news/c"], removedPaths: ["/news/b"] });
    const deletion = await classifier.classify({ ...entryEvent("a2"), type: "delete" });
    expect(deletion).toMatchObject({ addedPaths: [], removedPaths: ["/news/c"] });
    expect(deletion.tags).toContain("path:a2");
  });

  it("finds the template of an entry without an address by its id", async () => {
    const classifier = classifierOver([new Map(), new Map()]);
    await classifier.prime();
    expect((await classifier.classify(entryEvent("f1", "t-form"))).tags).toEqual([
      "entry:f1",
      "template:form",
    ]);
  });

  it("tells media by id, and anything else (or an unknown template) as everything", async () => {
    const classifier = classifierOver([new Map()]);
    await classifier.prime();
    expect(
      (await classifier.classify({ name: "media", type: "update", id: "m1", templateId: null }))
        .tags,
    ).toEqual(["media", "media:m1"]);
    expect(
      (await classifier.classify({ name: "group", type: "update", id: "g1", templateId: null }))
        .tags,
    ).toEqual(["*"]);
    expect((await classifier.classify(entryEvent("x1", "t-unknown"))).tags).toEqual(["*"]);
  });

  it("tells everything when the addresses cannot be read, and compares again next time", async () => {
    const state = new Map([["a1", news("/news/a")]]);
    let fail = false;
    const classifier = new ChangeClassifier(
      async () => {
        if (fail) throw new Error("CMS down");
        return state;
      },
      async () => new Map(),
      async () => new Map(),
    );
    await classifier.prime();
    fail = true;
    expect((await classifier.classify(entryEvent("a1"))).tags).toEqual(["*"]);
    fail = false;
    expect((await classifier.classify(entryEvent("a1"))).tags).toEqual([
      "entry:a1",
      "template:news-article",
    ]);
  });
});
