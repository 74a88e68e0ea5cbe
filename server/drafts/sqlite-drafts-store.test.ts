// The drafts store on real SQLite files: what one connection writes, another (a second
// instance, the operator's command) reads, and a reopened file still holds.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { PublishedVersion } from "../../app/content/published-versions";
import { SqliteDraftsStore } from "./sqlite-drafts-store";

let dir: string;
const opened: SqliteDraftsStore[] = [];

function open(): SqliteDraftsStore {
  const store = SqliteDraftsStore.open(dir);
  opened.push(store);
  return store;
}

function version(
  entryId: string,
  versionKey: string,
  title: string,
  templateName = "news-article",
): PublishedVersion {
  return {
    entryId,
    templateName,
    versionKey,
    entry: { _id: entryId, meta: { en: { title } } },
    recordedAt: 1,
  };
}

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "id5-drafts-store-"));
});

afterEach(async () => {
  for (const store of opened.splice(0)) await store.close();
  await rm(dir, { recursive: true, force: true });
});

describe("SqliteDraftsStore", () => {
  it("records, replaces, lists by template and removes published versions", async () => {
    const store = open();
    await store.recordPublishedVersions([
      version("a1", "1", "First"),
      version("b2", "1", "Second"),
      version("e3", "1", "An event", "event"),
    ]);
    await store.recordPublishedVersions([version("a1", "2", "First, again")]);
    expect(await store.listPublishedVersionKeys("news-article")).toEqual([
      { entryId: "a1", versionKey: "2" },
      { entryId: "b2", versionKey: "1" },
    ]);
    const [first] = await store.getPublishedVersions(["a1", "missing"]);
    expect(first?.entry).toEqual({ _id: "a1", meta: { en: { title: "First, again" } } });
    await store.removePublishedVersions(["a1"]);
    expect(await store.getPublishedVersions(["a1", "b2"])).toHaveLength(1);
    expect(await store.listPublishedVersionKeys("event")).toEqual([
      { entryId: "e3", versionKey: "1" },
    ]);
  });

  it("shares what it holds with another connection and keeps it across a reopen", async () => {
    const one = open();
    const two = open();
    await one.recordPublishedVersions([version("a1", "7", "Kept")]);
    await one.revokePreviewLinks({ entryId: "a1" }, 1000);
    expect(await two.listPublishedVersionKeys("news-article")).toEqual([
      { entryId: "a1", versionKey: "7" },
    ]);
    expect(await two.previewLinksRevokedAt("a1")).toBe(1000);
    await one.close();
    await two.close();
    const reopened = open();
    expect((await reopened.getPublishedVersions(["a1"]))[0]?.versionKey).toBe("7");
    expect(await reopened.previewLinksRevokedAt("a1")).toBe(1000);
  });

  it("tells the newest revocation covering an entry: its own or that of every link", async () => {
    const store = open();
    expect(await store.previewLinksRevokedAt("a1")).toBe(0);
    await store.revokePreviewLinks({ entryId: "a1" }, 2000);
    expect(await store.previewLinksRevokedAt("a1")).toBe(2000);
    expect(await store.previewLinksRevokedAt("b2")).toBe(0);
    await store.revokePreviewLinks("all", 3000);
    expect(await store.previewLinksRevokedAt("a1")).toBe(3000);
    expect(await store.previewLinksRevokedAt("b2")).toBe(3000);
    // A revocation never moves back.
    await store.revokePreviewLinks("all", 1500);
    expect(await store.previewLinksRevokedAt("b2")).toBe(3000);
  });

  it("refuses a database made by newer code", async () => {
    const store = open();
    await store.close();
    const Database = (await import("libsql")).default;
    const db = new Database(path.join(dir, "drafts.db"));
    db.exec("PRAGMA user_version = 99");
    db.close();
    expect(() => SqliteDraftsStore.open(dir)).toThrow(/newer than this code knows/);
  });
});
