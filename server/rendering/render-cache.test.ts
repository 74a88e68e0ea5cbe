import { describe, expect, it } from "vitest";
import { Representation } from "../serving/representation";
import { RenderCache } from "./render-cache";

const rendering = (text: string) => ({
  representation: new Representation(Buffer.from(text), "text/html; charset=utf-8"),
  headers: [] as [string, string][],
});

describe("RenderCache", () => {
  it("serves fresh until every entry is marked stale by a content event", () => {
    const cache = new RenderCache();
    cache.set("page:/a", rendering("a"), cache.generation);
    cache.set("page:/b", rendering("b"), cache.generation);
    expect(cache.get("page:/a")?.fresh).toBe(true);
    expect(cache.markAllStale()).toBe(2);
    expect(cache.get("page:/a")?.fresh).toBe(false);
    expect(cache.get("page:/b")?.fresh).toBe(false);
    cache.set("page:/a", rendering("a2"), cache.generation);
    expect(cache.get("page:/a")?.fresh).toBe(true);
  });

  it("stores a rendering begun before an event as stale", () => {
    const cache = new RenderCache();
    const begun = cache.generation;
    cache.markAllStale();
    cache.set("page:/a", rendering("old"), begun);
    expect(cache.get("page:/a")?.fresh).toBe(false);
  });

  it("evicts the least recently used entry beyond the entry bound", () => {
    const cache = new RenderCache({ maxEntries: 2 });
    cache.set("a", rendering("a"), 0);
    cache.set("b", rendering("b"), 0);
    cache.get("a");
    cache.set("c", rendering("c"), 0);
    expect(cache.get("a")).toBeDefined();
    expect(cache.get("b")).toBeUndefined();
    expect(cache.size).toBe(2);
  });

  it("keeps within its byte budget and skips renderings larger than it", () => {
    const cache = new RenderCache({ maxBytes: 3000 });
    cache.set("a", rendering("x".repeat(1500)), 0);
    cache.set("b", rendering("y".repeat(1500)), 0);
    expect(cache.size).toBe(1);
    expect(cache.bytes).toBeLessThanOrEqual(3000);
    cache.set("huge", rendering("z".repeat(10_000)), 0);
    expect(cache.get("huge")).toBeUndefined();
  });
});
