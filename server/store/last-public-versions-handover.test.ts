// A build's hand-over: what the store holds reaches prerendering through the file, and what
// prerendering recorded or forgot comes back to the store.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { EntryParsed } from "@thebcms/types";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  FilePublishedVersionStore,
  publicView,
} from "../../app/content/last-public-versions.server";
import { openStore } from "../store/open-store";
import type { PublishedVersionStore, SiteStore } from "../store/store";
import { exportPublishedVersions, importPublishedVersions } from "./last-public-versions-handover";

const PUBLISHED = { lng: "en", id: "p", label: "Published" };
const DRAFT = { lng: "en", id: "d", label: "Draft" };

function entry(
  id: string,
  title: string,
  status: typeof PUBLISHED,
  updatedAt: number,
): EntryParsed {
  return {
    _id: id,
    updatedAt,
    templateName: "news-article",
    statuses: [status],
    meta: { en: { title } },
    content: { en: [] },
  } as unknown as EntryParsed;
}

let dir: string;
let site: SiteStore;
let store: PublishedVersionStore;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "id5-handover-"));
  site = await openStore({ dataDir: dir });
  store = site.publishedVersions;
});

afterEach(async () => {
  await site.close();
  await rm(dir, { recursive: true, force: true });
});

describe("the build's hand-over of published versions", () => {
  it("prerenders with the store's kept versions and gives back what it recorded and forgot", async () => {
    const options = { publicStatus: "Published", now: () => 1 };
    // The running site saw two articles public; one has since gone to draft, one is deleted.
    await publicView(
      "news-article",
      [entry("a", "Public A", PUBLISHED, 1), entry("b", "Public B", PUBLISHED, 1)],
      "en",
      {
        ...options,
        store,
      },
    );
    const file = path.join(dir, "handover.json");
    expect(await exportPublishedVersions(store, file, ["news-article"])).toBe(2);

    // Two processes of the build, one after the other, each with the file.
    const paths = new FilePublishedVersionStore(file);
    const source = [entry("a", "Draft A", DRAFT, 2), entry("c", "New C", PUBLISHED, 1)];
    const seen = await publicView("news-article", source, "en", { ...options, store: paths });
    expect(seen.map((e) => (e.meta as { en: { title: string } }).en.title)).toEqual([
      "Public A",
      "New C",
    ]);
    const prerender = new FilePublishedVersionStore(file);
    expect(
      (await publicView("news-article", source, "en", { ...options, store: prerender })).length,
    ).toBe(2);

    expect(await importPublishedVersions(store, file)).toEqual({ recorded: 2, removed: 1 });
    expect((await store.listPublishedVersionKeys("news-article")).map((k) => k.entryId)).toEqual([
      "a",
      "c",
    ]);
    const [kept] = await store.getPublishedVersions(["a"]);
    expect(kept?.entry).toMatchObject({ meta: { en: { title: "Public A" } } });
  });
});
