import type { EntryParsed } from "@thebcms/types";
import { afterEach, describe, expect, it } from "vitest";
import { type CmsValueKind, observeRefusals } from "./cms-values/checked";
import {
  MemoryPublishedVersionStore,
  publicView,
  type ScheduleProblem,
  scheduledPublicView,
  versionKeyOf,
  viewTime,
} from "./last-public-versions.server";
import { installLogger } from "./log.server";
import { withViewAt } from "./preview-context.server";

const PUBLISHED = { lng: "en", id: "630c1ec745bf6da97c014608", label: "Published" };
const DRAFT = { lng: "en", id: "674d3b303cf1a6c963208902", label: "Draft" };

function entry(
  id: string,
  title: string,
  status: typeof PUBLISHED | null,
  updatedAt: number,
): EntryParsed {
  return {
    _id: id,
    updatedAt,
    templateName: "news-article",
    statuses: status ? [status] : [],
    meta: { en: { title, slug: id } },
    content: { en: [] },
  } as unknown as EntryParsed;
}

const titles = (entries: EntryParsed[]) =>
  entries.map((e) => (e.meta as Record<string, { title: string }>).en?.title);

function view(
  store: MemoryPublishedVersionStore,
  source: EntryParsed[],
  publicStatus = "Published",
) {
  return publicView("news-article", source, "en", { store, publicStatus, now: () => 5 });
}

describe("publicView", () => {
  it("shows public entries and entries without status, and hides drafts never public", async () => {
    const store = new MemoryPublishedVersionStore();
    const shown = await view(store, [
      entry("a", "Live", PUBLISHED, 1),
      entry("b", "Draft only", DRAFT, 1),
      entry("c", "No status", null, 1),
    ]);
    expect(titles(shown)).toEqual(["Live", "No status"]);
    expect(
      (await store.listPublishedVersionKeys("news-article")).map((k) => k.entryId).sort(),
    ).toEqual(["a", "c"]);
  });

  it("keeps the last public version of a live entry set to draft and edited, until it is published again", async () => {
    const store = new MemoryPublishedVersionStore();
    await view(store, [entry("a", "Original", PUBLISHED, 1)]);
    const reworked = await view(store, [entry("a", "Rework in progress", DRAFT, 2)]);
    expect(titles(reworked)).toEqual(["Original"]);
    // The kept version is the public one as it was read (its status included).
    expect(reworked[0]?.statuses).toEqual([PUBLISHED]);
    const republished = await view(store, [entry("a", "Reworked", PUBLISHED, 3)]);
    expect(titles(republished)).toEqual(["Reworked"]);
    expect(titles(await view(store, [entry("a", "Next rework", DRAFT, 4)]))).toEqual(["Reworked"]);
  });

  it("forgets the version of a deleted entry", async () => {
    const store = new MemoryPublishedVersionStore();
    await view(store, [entry("a", "Original", PUBLISHED, 1), entry("b", "Other", PUBLISHED, 1)]);
    await view(store, [entry("a", "Draft", DRAFT, 2), entry("b", "Other", PUBLISHED, 1)]);
    expect(titles(await view(store, [entry("b", "Other", PUBLISHED, 1)]))).toEqual(["Other"]);
    expect(await store.getPublishedVersions(["a"])).toEqual([]);
    // Back with the same id (restored), as a draft: nothing public is left of it.
    expect(titles(await view(store, [entry("a", "Draft", DRAFT, 5)]))).toEqual([]);
  });

  it("serves the version another instance recorded in the shared store", async () => {
    const shared = new MemoryPublishedVersionStore();
    await view(shared, [entry("a", "Seen by instance one", PUBLISHED, 1)]);
    // A second instance that only ever reads the entry as a draft.
    expect(titles(await view(shared, [entry("a", "Draft", DRAFT, 2)]))).toEqual([
      "Seen by instance one",
    ]);
  });

  it("records a version once, and again only when it changes", async () => {
    const store = new MemoryPublishedVersionStore();
    let writes = 0;
    const record = store.recordPublishedVersions.bind(store);
    store.recordPublishedVersions = async (versions) => {
      writes += versions.length;
      return record(versions);
    };
    await view(store, [entry("a", "One", PUBLISHED, 1)]);
    await view(store, [entry("a", "One", PUBLISHED, 1)]);
    expect(writes).toBe(1);
    await view(store, [entry("a", "Two", PUBLISHED, 2)]);
    expect(writes).toBe(2);
  });

  it("follows the configured public status, by id or label", async () => {
    const store = new MemoryPublishedVersionStore();
    const source = [entry("a", "Live", PUBLISHED, 1), entry("b", "Draft", DRAFT, 1)];
    expect(titles(await view(store, source, "draft"))).toEqual(["Draft"]);
    expect(titles(await view(new MemoryPublishedVersionStore(), source, PUBLISHED.id))).toEqual([
      "Live",
    ]);
  });

  it("keys a version by its update time, or by its content when the CMS gives none", () => {
    expect(versionKeyOf(entry("a", "x", PUBLISHED, 42))).toBe("42");
    const untimed = versionKeyOf(entry("a", "x", PUBLISHED, 0));
    expect(untimed).toMatch(/^sha256:/);
    expect(versionKeyOf(entry("a", "y", PUBLISHED, 0))).not.toBe(untimed);
  });

  it("records every address a public entry had, once per address, with the version there", async () => {
    const store = new MemoryPublishedVersionStore();
    let clock = 10;
    const addressOf = (e: EntryParsed) =>
      `/news/${(e.meta as Record<string, { slug: string }>).en?.slug}`;
    const seen = (source: EntryParsed[]) =>
      publicView("news-article", source, "en", {
        store,
        publicStatus: "Published",
        now: () => clock++,
        addressOf,
      });
    const renamed = (slug: string, updatedAt: number) => {
      const e = entry("a", "Renamed", PUBLISHED, updatedAt);
      (e.meta as Record<string, { slug: string }>).en = { slug } as never;
      return e;
    };
    await seen([renamed("first", 1)]);
    await seen([renamed("first", 1)]);
    await seen([renamed("second", 2)]);
    // An address the store has not seen for a version it has (a store made before addresses
    // were kept) is recorded too.
    const older = new MemoryPublishedVersionStore();
    await older.recordPublishedVersions([
      { entryId: "a", templateName: "news-article", versionKey: "2", entry: {}, recordedAt: 1 },
    ]);
    await publicView("news-article", [renamed("second", 2)], "en", {
      store: older,
      publicStatus: "Published",
      now: () => 50,
      addressOf,
    });
    // The view reads its clock once per call: the three views above saw 10, 11 and 12.
    expect(await store.listEntryAddresses()).toEqual([
      expect.objectContaining({ entryId: "a", path: "/news/first", lastPublicAt: 10 }),
      expect.objectContaining({ entryId: "a", path: "/news/second", lastPublicAt: 12 }),
    ]);
    expect(await older.listEntryAddresses()).toEqual([
      expect.objectContaining({ entryId: "a", path: "/news/second", lastPublicAt: 50 }),
    ]);
  });
});

describe("scheduledPublicView: the rule with time", () => {
  const HOUR = 3_600_000;
  const T = Date.UTC(2030, 2, 4, 1);
  const at = (ms: number) => ({ timestamp: ms, timezoneOffset: -480 });

  function timed(
    id: string,
    title: string,
    status: typeof PUBLISHED | null,
    updatedAt: number,
    times: { publish_at?: unknown; unpublish_at?: unknown },
  ): EntryParsed {
    const made = entry(id, title, status, updatedAt);
    const meta = made.meta as Record<string, Record<string, unknown>>;
    meta.en = { ...meta.en, ...times };
    return made;
  }

  function viewAt(
    store: MemoryPublishedVersionStore,
    source: EntryParsed[],
    now: number,
    problems: ScheduleProblem[] = [],
  ) {
    return scheduledPublicView("news-article", source, "en", {
      store,
      publicStatus: "Published",
      now: () => now,
      reportProblem: (problem) => problems.push(problem),
    });
  }

  it("hides a public entry until its publish_at, records nothing of it, and names the time", async () => {
    const store = new MemoryPublishedVersionStore();
    const source = [timed("s1", "Embargoed", PUBLISHED, 1, { publish_at: at(T) })];
    const before = await viewAt(store, source, T - 1);
    expect(titles(before.entries)).toEqual([]);
    expect(before.schedule).toEqual([
      { entryId: "s1", templateName: "news-article", kind: "publish", at: T, timezoneOffset: -480 },
    ]);
    expect(await store.getPublishedVersions(["s1"])).toEqual([]);
    // At the instant itself it is live, and recorded.
    const after = await viewAt(store, source, T);
    expect(titles(after.entries)).toEqual(["Embargoed"]);
    expect(after.schedule).toEqual([]);
    expect((await store.getPublishedVersions(["s1"])).map((v) => v.versionKey)).toEqual(["1"]);
  });

  it("applies a publish_at in the past at once", async () => {
    const store = new MemoryPublishedVersionStore();
    const source = [timed("s2", "Late", PUBLISHED, 1, { publish_at: at(T - HOUR) })];
    expect(titles((await viewAt(store, source, T)).entries)).toEqual(["Late"]);
  });

  it("keeps the published version of a live page reworked with a later publish_at until then", async () => {
    const store = new MemoryPublishedVersionStore();
    await viewAt(store, [timed("s3", "Original", PUBLISHED, 1, {})], T - 2 * HOUR);
    const rework = [timed("s3", "Rework", PUBLISHED, 2, { publish_at: at(T) })];
    const waiting = await viewAt(store, rework, T - HOUR);
    expect(titles(waiting.entries)).toEqual(["Original"]);
    expect(waiting.schedule.map((time) => time.at)).toEqual([T]);
    expect(titles((await viewAt(store, rework, T)).entries)).toEqual(["Rework"]);
  });

  it("removes an entry at its unpublish_at, its kept version too", async () => {
    const store = new MemoryPublishedVersionStore();
    const source = [timed("s4", "Webinar", PUBLISHED, 1, { unpublish_at: at(T) })];
    const live = await viewAt(store, source, T - 1);
    expect(titles(live.entries)).toEqual(["Webinar"]);
    expect(live.schedule.map((time) => time.kind)).toEqual(["unpublish"]);
    expect(titles((await viewAt(store, source, T)).entries)).toEqual([]);
    // Set back to draft afterwards: the kept version's own window is over too.
    const drafted = [timed("s4", "Webinar", DRAFT, 2, { unpublish_at: at(T) })];
    expect(titles((await viewAt(store, drafted, T + 1)).entries)).toEqual([]);
    expect(titles((await viewAt(store, drafted, T - 1)).entries)).toEqual(["Webinar"]);
  });

  it("leaves an entry as it was on bad times, and tells the problem once per version", async () => {
    const store = new MemoryPublishedVersionStore();
    const problems: ScheduleProblem[] = [];
    await viewAt(store, [timed("s5", "Original", PUBLISHED, 1, {})], T - HOUR, problems);
    const backwards = [
      timed("s5", "Bad edit", PUBLISHED, 2, { publish_at: at(T), unpublish_at: at(T - HOUR) }),
    ];
    expect(titles((await viewAt(store, backwards, T, problems)).entries)).toEqual(["Original"]);
    expect(titles((await viewAt(store, backwards, T + 1, problems)).entries)).toEqual(["Original"]);
    expect(problems.map((p) => [p.entryId, p.versionKey])).toEqual([["s5", "2"]]);
    expect(problems[0]?.problem).toMatch(/unpublish_at .* is not after publish_at/);
    // A DATE without a timestamp, on an entry never public: nothing shown, one problem.
    const blank = [timed("s6", "Blank", PUBLISHED, 1, { publish_at: "" })];
    expect(titles((await viewAt(store, blank, T, problems)).entries)).toEqual([]);
    const missing = [
      timed("s6", "Blank", PUBLISHED, 3, { publish_at: { timestamp: -1, timezoneOffset: 0 } }),
    ];
    expect(titles((await viewAt(store, missing, T, problems)).entries)).toEqual([]);
    expect(problems.map((p) => p.entryId)).toEqual(["s5", "s6", "s6"]);
    expect(problems[1]?.problem).toMatch(/publish_at has no usable timestamp/);
  });
});

describe("an entry with a value its check refuses (a slug, a link, a number)", () => {
  afterEach(() => observeRefusals(undefined));

  /** The entry `a` with its English meta changed, as a newer version. */
  function edited(updatedAt: number, meta: Record<string, unknown>, content: unknown[] = []) {
    const made = entry("a", "Edited", PUBLISHED, updatedAt);
    const metas = made.meta as Record<string, Record<string, unknown>>;
    metas.en = { ...metas.en, ...meta };
    (made.content as Record<string, unknown[]>).en = content;
    return made;
  }

  function seen(store: MemoryPublishedVersionStore, source: EntryParsed[], now = 5) {
    return scheduledPublicView("news-article", source, "en", {
      store,
      publicStatus: "Published",
      now: () => now,
      addressOf: (e) => `/news/${(e.meta as Record<string, { slug: string }>).en?.slug}`,
    });
  }

  it.each([
    ["http://evil.example/", "slug"],
    ["..", "slug"],
    ["a/b", "slug"],
    ["a\r\nb", "slug"],
  ])(
    "keeps the version visitors saw over a slug %j, and records no address of it",
    async (slug) => {
      const store = new MemoryPublishedVersionStore();
      await seen(store, [entry("a", "Original", PUBLISHED, 1)]);
      const view = await seen(store, [edited(2, { slug })]);
      expect(titles(view.entries)).toEqual(["Original"]);
      expect([...view.refused]).toEqual(["a"]);
      expect((await store.getPublishedVersions(["a"])).map((v) => v.versionKey)).toEqual(["1"]);
      expect((await store.listEntryAddresses()).map((a) => a.path)).toEqual(["/news/a"]);
    },
  );

  it("shows nothing of an entry never public whose link is refused, until it is put right", async () => {
    const store = new MemoryPublishedVersionStore();
    const hostile = edited(1, { slug: "launch", registration_url: "javascript:alert(1)" });
    hostile.templateName = "event";
    const view = await scheduledPublicView("event", [hostile], "en", {
      store,
      publicStatus: "Published",
      now: () => 5,
    });
    expect(view.entries).toEqual([]);
    expect(await store.getPublishedVersions(["a"])).toEqual([]);
    const fixed = edited(2, { slug: "launch", registration_url: "https://x.example/" });
    const after = await scheduledPublicView("event", [fixed], "en", {
      store,
      publicStatus: "Published",
      now: () => 5,
    });
    expect(titles(after.entries)).toEqual(["Edited"]);
    expect(after.refused.size).toBe(0);
  });

  it("refuses a number of a widget in the content the same way", async () => {
    const store = new MemoryPublishedVersionStore();
    await seen(store, [entry("a", "Original", PUBLISHED, 1)]);
    const stats = { type: "widget", widgetName: "stats", value: { items: [{ progress: 1e300 }] } };
    expect(titles((await seen(store, [edited(2, {}, [stats])])).entries)).toEqual(["Original"]);
  });

  it("logs one line naming the entry and the prop, and counts the kind, once per version", async () => {
    const lines: { message: string; fields: Record<string, unknown> | undefined }[] = [];
    const record = (message: string, fields?: Record<string, unknown>) =>
      lines.push({ message, fields });
    installLogger({ info: record, warn: record, error: record });
    const counted: CmsValueKind[] = [];
    observeRefusals((kind) => counted.push(kind));
    const store = new MemoryPublishedVersionStore();
    // An id of its own: problems are told once per entry version in the whole process.
    const hostile = { ...edited(7, { slug: "http://evil.example/" }), _id: "told" };
    await seen(store, [hostile]);
    await seen(store, [hostile], 6);
    expect(lines).toEqual([
      {
        message: "value refused: the entry stays as visitors saw it",
        fields: expect.objectContaining({ entry: "told", prop: "slug", kind: "slug" }),
      },
    ]);
    expect(counted).toEqual(["slug"]);
    await seen(store, [{ ...hostile, updatedAt: 8 }]);
    expect(counted).toEqual(["slug", "slug"]);
  });
});

describe("a timed view (withViewAt)", () => {
  it("shows what will be public at the instant, and records nothing of it", async () => {
    const T = Date.UTC(2030, 2, 4, 12);
    const store = new MemoryPublishedVersionStore();
    const due = entry("d1", "Due", PUBLISHED, 1);
    const meta = due.meta as Record<string, Record<string, unknown>>;
    meta.en = { ...meta.en, publish_at: { timestamp: T, timezoneOffset: 0 } };
    const source = [due];
    const options = { store, publicStatus: "Published" };
    const now = await scheduledPublicView("news-article", source, "en", options);
    expect(titles(now.entries)).toEqual([]);
    const then = await withViewAt(T, () =>
      scheduledPublicView("news-article", source, "en", options),
    );
    expect(titles(then.entries)).toEqual(["Due"]);
    // Not public yet: the store has no version of it, so no instance shows it.
    expect(await store.getPublishedVersions(["d1"])).toEqual([]);
    expect(await withViewAt(T, async () => viewTime())).toBe(T);
  });
});
