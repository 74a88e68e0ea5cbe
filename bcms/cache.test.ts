import type { EntryParsed } from "@thebcms/types";
import { describe, expect, it } from "vitest";
import { EntityCache } from "./cache";
import { EntryCache } from "./entry-cache";
import {
  applyContentEvent,
  type InvalidationTargets,
  parseContentEvent,
} from "./live-invalidation";
import { createTemplateResolver } from "./template-resolver";

function parsed(id: string, templateId: string, meta: Record<string, unknown> = {}): EntryParsed {
  return {
    _id: id,
    createdAt: 0,
    updatedAt: 0,
    instanceId: "i",
    templateId,
    templateName: templateId,
    userId: "u",
    statuses: [],
    meta: { en: { slug: `${id}-slug`, ...meta } },
    content: { en: [] },
  } as EntryParsed;
}

describe("EntityCache", () => {
  it("keeps a list and items; set replaces or appends; remove and invalidate", () => {
    const cache = new EntityCache<{ _id: string; v: number }>();
    expect(cache.getAll()).toBeNull();
    cache.setAll([{ _id: "a", v: 1 }]);
    cache.set({ _id: "a", v: 2 });
    cache.set({ _id: "b", v: 1 });
    expect(cache.getAll()).toEqual([
      { _id: "a", v: 2 },
      { _id: "b", v: 1 },
    ]);
    const generation = cache.generation;
    cache.remove("a");
    expect(cache.get("a")).toBeUndefined();
    expect(cache.generation).not.toBe(generation);
    cache.invalidateAll();
    expect(cache.getAll()).toBeNull();
    expect(cache.get("b")).toEqual({ _id: "b", v: 1 });
  });

  it("hands out copies of the list", () => {
    const cache = new EntityCache<{ _id: string }>();
    cache.setAll([{ _id: "a" }]);
    cache.getAll()?.push({ _id: "x" });
    expect(cache.getAll()).toHaveLength(1);
  });
});

describe("EntryCache", () => {
  function filled() {
    const cache = new EntryCache();
    cache.setParsedList("T1", "all", [parsed("e1", "T1"), parsed("e2", "T1")]);
    cache.setRawList("T1", "all", []);
    cache.setParsedList("T2", "all", [parsed("x1", "T2")]);
    cache.setParsedList("T2", "status:Published", [parsed("x1", "T2")]);
    cache.setParsedList("T3", "all", [
      parsed("y1", "T3", { related: parsed("e1", "T1") }),
      parsed("y2", "T3", { cover: { _id: "m1", mimetype: "image/png" } }),
    ]);
    return cache;
  }

  it("an entry change in T1 drops T1's data but not other templates' lists", () => {
    const cache = filled();
    cache.dropEntry("T1", "e2");
    expect(cache.getParsedList("T1", "all")).toBeUndefined();
    expect(cache.getRawList("T1", "all")).toBeUndefined();
    expect(cache.findParsed("T1", "e1")).toBeDefined();
    expect(cache.getParsedList("T2", "all")).toHaveLength(1);
    expect(cache.getParsedList("T2", "status:Published")).toHaveLength(1);
    expect(cache.getParsedList("T3", "all")).toHaveLength(2);
  });

  it("drops parsed entries of other templates that embed the changed entry", () => {
    const cache = filled();
    cache.dropEntry("T1", "e1");
    expect(cache.getParsedList("T3", "all")).toBeUndefined();
    expect(cache.findParsed("T3", "y1")).toBeUndefined();
    expect(cache.findParsed("T3", "y2")).toBeDefined();
    expect(cache.getParsedList("T2", "all")).toHaveLength(1);
  });

  it("finds parsed entries by id or slug", () => {
    const cache = filled();
    expect(cache.findParsed("T1", "e2")?._id).toBe("e2");
    expect(cache.findParsed("T1", "e2-slug")?._id).toBe("e2");
    expect(cache.findParsed("T2", "e2-slug")).toBeUndefined();
  });

  it("drops parsed entries that embed changed media", () => {
    const cache = filled();
    cache.dropParsedWhere((entry) => JSON.stringify(entry).includes('"m1"'));
    expect(cache.findParsed("T3", "y2")).toBeUndefined();
    expect(cache.findParsed("T3", "y1")).toBeDefined();
  });
});

describe("applyContentEvent", () => {
  function targets() {
    const calls: string[] = [];
    const record = (name: string) => ({
      applyChange: (change: unknown) => calls.push(`${name} ${JSON.stringify(change)}`),
    });
    const entryCache = new EntryCache();
    entryCache.setParsedList("T1", "all", [parsed("e1", "T1")]);
    entryCache.setParsedList("T2", "all", [
      parsed("x1", "T2", { img: { _id: "m9", mimetype: "a" } }),
    ]);
    const value: InvalidationTargets = {
      entries: record("entries"),
      entryCache,
      templates: record("templates"),
      templateResolver: { invalidate: () => calls.push("resolver invalidate") },
      groups: record("groups"),
      widgets: record("widgets"),
      languages: record("languages"),
      entryStatuses: record("entryStatuses"),
      media: record("media"),
      clearAll: () => calls.push("clearAll"),
    };
    return { value, calls, entryCache };
  }

  const apply = (t: ReturnType<typeof targets>, name: string, data: unknown) => {
    const event = parseContentEvent(name, data);
    if (event) applyContentEvent(t.value, event);
  };

  it("routes each kind to its cache", () => {
    const t = targets();
    apply(t, "entry", { type: "update", templateId: "T1", entryId: "e1" });
    apply(t, "group", { type: "delete", groupId: "g1" });
    apply(t, "widget", { type: "update", widgetId: "w1" });
    apply(t, "language", { type: "update", languageId: "l1" });
    apply(t, "entry_status", { type: "update", entryStatusId: "user-id-quirk" });
    apply(t, "template", { type: "update", templateId: "T1" });
    apply(t, "media", { type: "delete", mediaId: "many" });
    apply(t, "user", { type: "update" });
    expect(t.calls).toEqual([
      'entries {"type":"update","templateId":"T1","entryId":"e1"}',
      'groups {"type":"delete","id":"g1"}',
      'widgets {"type":"update","id":"w1"}',
      'languages {"type":"update","id":"l1"}',
      'entryStatuses {"type":"update","id":null}',
      "resolver invalidate",
      'templates {"type":"update","id":"T1"}',
      'media {"type":"delete","id":null}',
    ]);
  });

  it("treats garbage event data as an unknown update", () => {
    expect(parseContentEvent("media", "junk")).toEqual({
      name: "media",
      type: "update",
      id: null,
      templateId: null,
    });
    expect(parseContentEvent("socket_connection", {})).toBeNull();
  });

  it("a media event drops only parsed entries embedding that media", () => {
    const t = targets();
    apply(t, "media", { type: "update", mediaId: "m9" });
    expect(t.entryCache.getParsedList("T2", "all")).toBeUndefined();
    expect(t.entryCache.getParsedList("T1", "all")).toHaveLength(1);
  });

  it("group, widget and language events drop parsed entries (they shape parsed output)", () => {
    for (const [name, data] of [
      ["group", { type: "update", groupId: "g" }],
      ["widget", { type: "update", widgetId: "w" }],
      ["language", { type: "update", languageId: "l" }],
    ] as const) {
      const t = targets();
      apply(t, name, data);
      expect(t.entryCache.getParsedList("T1", "all")).toBeUndefined();
    }
  });
});

describe("template resolver", () => {
  const template = (id: string, name: string) =>
    ({ _id: id, name, props: [] }) as unknown as import("@thebcms/types").Template;

  it("reloads on a miss, on invalidate() and after the max age, sharing concurrent loads", async () => {
    let list = [template("t1", "page")];
    let loads = 0;
    let now = 0;
    const resolver = createTemplateResolver({
      loadTemplates: async () => {
        loads++;
        return list;
      },
      maxAgeMs: 1000,
      now: () => now,
    });
    await Promise.all([resolver.resolve("page"), resolver.resolve("t1")]);
    expect(loads).toBe(1);
    list = [template("t1", "landing")];
    expect((await resolver.resolve("page")).name).toBe("page"); // still fresh
    resolver.invalidate();
    await expect(resolver.resolve("page")).rejects.toThrow(
      'Template with Name or ID "page" is not found',
    );
    expect(loads).toBe(2);
    list = [template("t1", "landing"), template("t2", "job")];
    expect((await resolver.resolve("job"))._id).toBe("t2"); // miss -> reload
    expect(loads).toBe(3);
    now = 5000;
    list = [template("t1", "renamed")];
    await expect(resolver.resolve("landing")).rejects.toThrow(/is not found/);
    expect(loads).toBe(4);
  });
});
