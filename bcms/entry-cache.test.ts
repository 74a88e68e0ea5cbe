import type { EntryParsed } from "@thebcms/types";
import { describe, expect, it } from "vitest";
import {
  containsObject,
  EntryCache,
  parsedEntryReferencesEntry,
  parsedEntryReferencesMedia,
  parsedEntryReferencesTemplate,
} from "./entry-cache";

function parsed(id: string, meta: Record<string, unknown>, content: unknown[] = []): EntryParsed {
  return {
    _id: id,
    templateId: "t-page",
    templateName: "page",
    statuses: [],
    meta: { en: meta },
    content: { en: content },
  } as unknown as EntryParsed;
}

describe("what a parsed entry embeds", () => {
  const entry = parsed(
    "p1",
    {
      related: [
        {
          _id: "e1",
          templateId: "t-news",
          meta: { en: { cover: { _id: "m2", mimetype: "image/png" } } },
        },
      ],
      pointer: { eid: "e9", tid: "t-event" },
      cover: { _id: "m1", mimetype: "image/jpeg" },
      plain: { _id: "x1" },
    },
    [{ type: "widget", attrs: { data: { link: { _id: "e2", templateId: "t-job" } } } }],
  );

  it("answers as a walk of its meta and content would", () => {
    const cases: [string, (e: EntryParsed, id: string) => boolean, string, boolean][] = [
      ["entry", parsedEntryReferencesEntry, "e1", true],
      ["entry", parsedEntryReferencesEntry, "e2", true],
      ["entry", parsedEntryReferencesEntry, "e9", true],
      ["entry", parsedEntryReferencesEntry, "p1", false],
      ["entry", parsedEntryReferencesEntry, "x1", false],
      ["entry", parsedEntryReferencesEntry, "m1", false],
      ["template", parsedEntryReferencesTemplate, "t-news", true],
      ["template", parsedEntryReferencesTemplate, "t-job", true],
      ["template", parsedEntryReferencesTemplate, "t-event", true],
      ["template", parsedEntryReferencesTemplate, "t-page", false],
      ["media", parsedEntryReferencesMedia, "m1", true],
      ["media", parsedEntryReferencesMedia, "m2", true],
      ["media", parsedEntryReferencesMedia, "x1", false],
    ];
    for (const [, references, id, expected] of cases) {
      expect(references(entry, id)).toBe(expected);
    }
    // The same answers as a fresh walk.
    expect(
      containsObject(
        [entry.meta, entry.content],
        (object) => object._id === "e2" && typeof object.templateId === "string",
      ),
    ).toBe(true);
  });

  it("drops the cached entries and lists that embed a changed entry, and keeps the rest", () => {
    const cache = new EntryCache();
    const other = parsed("p2", { title: "Plain" });
    cache.setParsedList("t-page", "all", [entry, other]);
    cache.setParsed(other);
    cache.changeEntry("t-news", "e1", "update");
    expect(cache.getParsedList("t-page", "all")).toBeUndefined();
    expect(cache.findParsed("t-page", "p2")).toBe(other);
    expect(cache.findParsed("t-page", "p1")).toBeUndefined();
  });
});
