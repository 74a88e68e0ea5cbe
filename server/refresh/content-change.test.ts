// What a content change does (content-change.ts), step by step, over parts that write down what
// they are asked; and the name a change is purged under on every instance (changeIdentity).
import { afterEach, describe, expect, it } from "vitest";
import type { ClassifiedChange } from "../../app/content/content-changes.server";
import type { ContentVersions } from "../../app/content/content-versions";
import { SITEMAP_CACHE_TAG } from "../../app/seo/sitemap.server";
import { recordingLogger } from "../../tests/support/webhook-receiver";
import { type CachedRendering, RenderCache } from "../rendering/render-cache";
import type { Representation } from "../serving/representation";
import { type ContentChangeParts, ContentChanges, changeIdentity } from "./content-change";
import { ContentDependencies } from "./content-dependencies";

const versions = (updatedAt: number): ContentVersions => ({
  format: 1,
  entries: { e1: { template: "news-article", updatedAt } },
  media: {},
  schema: {},
  orders: {},
});

const edit = (
  updatedAt: number,
  tags = ["entry:e1", "template:news-article"],
): ClassifiedChange => ({
  event: { name: "entry", type: "update", id: "e1", templateId: "t1" },
  tags,
  addedPaths: [],
  removedPaths: [],
  versions: versions(updatedAt),
});

describe("changeIdentity", () => {
  it("names one save alike on every instance, and two saves apart", () => {
    expect(changeIdentity(edit(1000))).toBe(
      changeIdentity(edit(1000, ["template:news-article", "entry:e1"])),
    );
    expect(changeIdentity(edit(1000))).not.toBe(changeIdentity(edit(2000)));
    expect(changeIdentity(edit(1000))).not.toBe(changeIdentity(edit(1000, ["*"])));
    const deleted = { ...edit(1000), event: { ...edit(1000).event, type: "delete" as const } };
    deleted.versions = { ...versions(0), entries: {} };
    expect(changeIdentity(deleted)).not.toBe(changeIdentity(edit(1000)));
  });

  it("names nothing it cannot tell apart: an event without an item, or without versions", () => {
    expect(changeIdentity({ ...edit(1000), event: { ...edit(1000).event, id: null } })).toBe(
      undefined,
    );
    expect(changeIdentity({ ...edit(1000), versions: undefined })).toBeUndefined();
  });
});

/** A rendering in the render cache that read `tags` (none: it depends on everything). */
const rendering = (tags?: string): CachedRendering => ({
  representation: { byteSize: 10 } as Representation,
  headers: tags === undefined ? [] : [["Cache-Tag", tags]],
});

/** What each part of a content change was asked, in the order asked. */
type Step = [part: string, ...what: unknown[]];

/**
 * ContentChanges over parts that write down what they are asked: the real page dependencies
 * and render cache, and three prerendered pages (/ reads entry e1, /news reads the article
 * list, /about entry e2).
 */
function changesOver(options: { recorded?: ContentVersions; now?: ContentVersions } = {}) {
  const steps: Step[] = [];
  const step =
    (part: string) =>
    (...what: unknown[]) => {
      steps.push([part, ...what]);
    };
  const pages = ["/", "/news", "/about"];
  const dependencies = new ContentDependencies();
  dependencies.record("/", ["entry:e1", "template:news-article"]);
  dependencies.record("/news", ["template:news-article"]);
  dependencies.record("/about", ["entry:e2"]);
  const cache = new RenderCache();
  cache.set("html:/", rendering("entry:e1"), cache.generation);
  cache.set("html:/about", rendering("entry:e2"), cache.generation);
  cache.set("data:/news/old?x=1", rendering("entry:e8"), cache.generation);
  const logger = recordingLogger();
  const parts: ContentChangeParts = {
    prerendered: {
      pagePaths: () => pages,
      resourcePaths: () => [],
      find: (page: string) => (pages.includes(page) ? { relPath: page } : undefined),
    } as unknown as ContentChangeParts["prerendered"],
    dependencies,
    refresher: {
      enqueue: (queued: Iterable<string>, how: unknown) =>
        step("refresher.enqueue")([...queued], how),
      retire: (retired: Iterable<string>) => step("refresher.retire")([...retired]),
      settled: async () => {},
    } as unknown as ContentChangeParts["refresher"],
    ledger: {
      note: step("ledger.note"),
      get recorded() {
        return options.recorded;
      },
    } as unknown as ContentChangeParts["ledger"],
    cache,
    notFound: {
      refresh: (touches: (read: readonly string[]) => boolean) =>
        step("notFound.refresh")(touches(["entry:e1"]), touches(["entry:e2"])),
    } as unknown as ContentChangeParts["notFound"],
    addedAddresses: {
      add: step("addresses.add"),
      delete: step("addresses.delete"),
      // Articles' pages are listed; the code's own pages and a CMS page's address are not.
      isListed: (page: string) => page.startsWith("/news/"),
    },
    notifyPreviews: step("previews.notify"),
    forgetContent: step("content.forget"),
    purge: { add: step("purge.add") } as unknown as ContentChangeParts["purge"],
    sitemap: {
      mayList: (read: Iterable<string>) => [...read].includes("/news"),
      settled: async () => {},
    },
    redirects: {
      refresh: async () => step("redirects.refresh")(),
      retryNow: async () => step("redirects.retryNow")(),
    } as unknown as ContentChangeParts["redirects"],
    // Without versions of its own, the CMS holds what the pages were rendered from.
    readVersions: async () => (options.now ?? options.recorded ?? versions(0)) as ContentVersions,
    logger,
  };
  const changes = new ContentChanges(parts);
  const stale = () =>
    ["html:/", "html:/about", "data:/news/old?x=1"].filter((key) => !cache.get(key)?.fresh);
  const logged = (message: string) =>
    logger.lines.filter((line) => line.message === message).map((line) => line.fields);
  return { changes, steps, stale, logged, logger, cache };
}

let running: ContentChanges | undefined;
afterEach(() => {
  running?.stop();
  running = undefined;
});

describe("ContentChanges", () => {
  it("applies an entry's edit step by step: what was read, previews, 404s, ledger, pages, renderings, purge", () => {
    const { changes, steps, stale, logged } = changesOver();
    running = changes;
    const change = edit(1000);
    expect(changes.apply(change)).toBe(2);
    expect(steps).toEqual([
      ["content.forget"],
      ["previews.notify", "e1"],
      // The 404 pages that read entry e1 are prepared again, not those that read e2.
      ["notFound.refresh", true, false],
      ["ledger.note", change.tags, change.versions],
      // The page that read the entry by name first, then the list that shows it.
      ["refresher.enqueue", ["/", "/news"], { first: true }],
      // The list's page can move the sitemap: its tag is purged too, under the change's name.
      ["purge.add", [...change.tags, SITEMAP_CACHE_TAG], changeIdentity(change), undefined],
    ]);
    expect(stale()).toEqual(["html:/"]);
    expect(logged("content changed")).toEqual([
      { event: "entry", type: "update", id: "e1", tags: 2, refreshing: 2, staleRenderings: 1 },
    ]);
  });

  it("knows the addresses a change adds and removes, renders them again and merges redirects again", () => {
    const { changes, steps, stale, logged } = changesOver();
    running = changes;
    const moved: ClassifiedChange = {
      ...edit(1000, ["entry:e9", "path:e9"]),
      event: { name: "entry", type: "update", id: "e9", templateId: "t1" },
      addedPaths: ["/news/new"],
      removedPaths: ["/news/old"],
    };
    expect(changes.apply(moved)).toBe(2);
    expect(steps.map(([part]) => part)).toEqual([
      "content.forget",
      "previews.notify",
      "addresses.add",
      "addresses.delete",
      "redirects.refresh",
      "notFound.refresh",
      "ledger.note",
      "refresher.enqueue",
      "purge.add",
    ]);
    expect(steps).toContainEqual(["addresses.add", "/news/new"]);
    expect(steps).toContainEqual(["addresses.delete", "/news/old"]);
    expect(steps).toContainEqual([
      "refresher.enqueue",
      ["/news/new", "/news/old"],
      { first: true },
    ]);
    // The rendering of the old address's data goes stale with it, whatever it read.
    expect(stale()).toEqual(["data:/news/old?x=1"]);
    expect(logged("content changed")[0]).toMatchObject({
      added: ["/news/new"],
      removed: ["/news/old"],
    });
  });

  it("renders an entry's own listed page again by its address, though no page on record read it", () => {
    const { changes, steps, logged, cache } = changesOver();
    running = changes;
    // e7's page answered 404 (a bad value): its files and its record of reads are gone.
    const restored: ClassifiedChange = {
      ...edit(1000, ["entry:e7", "template:news-article"]),
      event: { name: "entry", type: "update", id: "e7", templateId: "t1" },
      versions: {
        ...versions(1000),
        entries: {
          e7: { template: "news-article", updatedAt: 1000, path: "/news/back" },
          e8: { template: "page", updatedAt: 1000, path: "/technology" },
        },
      },
    };
    cache.set("html:/news/back", rendering("template:event"), cache.generation);
    expect(changes.apply(restored)).toBe(3);
    // Its own page first, then the pages that read its template.
    expect(steps).toContainEqual([
      "refresher.enqueue",
      ["/news/back", "/", "/news"],
      { first: true },
    ]);
    // Its rendering goes stale with it, whatever it read.
    expect(cache.get("html:/news/back")?.fresh).toBe(false);
    expect(logged("content changed")[0]).toMatchObject({ refreshing: 3 });
    // Not a page of an entry the change does not name, nor an address no file answers.
    const other = { ...restored, tags: ["entry:e8", "template:page"] };
    changes.apply(other);
    expect(steps.at(-2)).toEqual(["refresher.enqueue", [], { first: true }]);
  });

  it("renders no address of an entry that is not a plain site path into a file", () => {
    const { changes, steps } = changesOver();
    running = changes;
    const odd = ["%2F%2Fx", "//evil.example/x", "/news/%2e%2e", "/news/a\\b", "/news/a\nb"];
    const moved: ClassifiedChange = {
      ...edit(1000, ["entry:e9", "path:e9"]),
      event: { name: "entry", type: "update", id: "e9", templateId: "t1" },
      addedPaths: odd,
      removedPaths: ["/news/old"],
      versions: {
        ...versions(1000),
        entries: { e9: { template: "news-article", updatedAt: 1000, path: "/news/%2e%2e" } },
      },
    };
    changes.apply(moved);
    expect(steps).toContainEqual(["refresher.enqueue", ["/news/old"], { first: true }]);
  });

  it("tells every preview of a change whose reach is unknown, and queues its pages without hurry", () => {
    const { changes, steps, stale } = changesOver();
    running = changes;
    expect(changes.apply(edit(1000, ["*"]))).toBe(3);
    expect(steps).toContainEqual(["previews.notify", null]);
    expect(steps).toContainEqual(["redirects.refresh"]);
    expect(steps).toContainEqual(["refresher.enqueue", ["/", "/news", "/about"], { first: false }]);
    expect(stale()).toEqual(["html:/", "html:/about", "data:/news/old?x=1"]);
  });

  it("purges a scheduled change under the name it is given, and logs it as the schedule's", () => {
    const { changes, steps, logged } = changesOver();
    running = changes;
    const change = edit(1000, ["entry:e2"]);
    changes.apply(change, "schedule", "publish_at:e2:1000");
    expect(steps.at(-1)).toEqual(["purge.add", ["entry:e2"], "publish_at:e2:1000", undefined]);
    expect(logged("content changed")[0]).toMatchObject({ event: "schedule", refreshing: 1 });
  });

  it("catches up once the CMS is watched: what changed while no one listened is retired, then applied", async () => {
    const { changes, steps, logged } = changesOver({
      recorded: versions(1000),
      now: versions(2000),
    });
    running = changes;
    let open = () => {};
    changes.watch((_onChange, onOpen) => {
      open = onOpen;
      return () => {};
    });
    // Nothing is read before the socket is open.
    expect(changes.startState).toBe("connecting");
    open();
    await changes.caughtUp();
    expect(changes.startState).toBe("done");
    expect(steps).toContainEqual(["redirects.retryNow"]);
    const retired = steps.findIndex(([part]) => part === "refresher.retire");
    const queued = steps.findIndex(([part]) => part === "refresher.enqueue");
    expect(steps[retired]).toEqual(["refresher.retire", ["/", "/news"]]);
    expect(queued).toBeGreaterThan(retired);
    // A catch-up is each instance's own finding: its purge has no shared name.
    expect(steps.find(([part]) => part === "purge.add")?.[2]).toBeUndefined();
    expect(logged("content changed")[0]).toMatchObject({ event: "catch-up", refreshing: 2 });
    expect(logged("content caught up")[0]).toMatchObject({ updated: 1, refreshed: 2 });
  });

  it("hands each event the watcher brings to apply", () => {
    const { changes, logged } = changesOver();
    running = changes;
    let heard: (change: ClassifiedChange) => void = () => {};
    changes.watch((onChange) => {
      heard = onChange;
      return () => {};
    });
    heard(edit(1000, ["entry:e2"]));
    expect(logged("content changed")).toEqual([
      expect.objectContaining({ event: "entry", id: "e1", refreshing: 1 }),
    ]);
  });
});
