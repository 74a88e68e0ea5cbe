import { describe, expect, it } from "vitest";
import { parseCacheTag } from "../../app/content/content-tags.server";
import { ContentDependencies } from "./content-dependencies";

describe("ContentDependencies", () => {
  it("picks the pages that read a changed tag, every page for *, and pages it knows nothing of", () => {
    const dependencies = new ContentDependencies();
    dependencies.record("/news/a", ["entry:a", "template:consent-banner"]);
    dependencies.record("/news", ["template:news-article", "template:consent-banner"]);
    dependencies.record("/about", ["entry:about", "template:consent-banner"]);
    const pages = ["/news/a", "/news", "/about", "/unknown"];
    expect(dependencies.affected(pages, ["entry:a", "template:news-article"])).toEqual([
      "/news/a",
      "/news",
      "/unknown",
    ]);
    expect(dependencies.affected(pages, ["template:consent-banner"])).toEqual(pages);
    expect(dependencies.affected(pages, ["*"])).toEqual(pages);
    expect(dependencies.affected(pages, ["media:x"])).toEqual(["/unknown"]);
  });

  it("puts the pages that read a changed thing by name before those that read a list", () => {
    const dependencies = new ContentDependencies();
    dependencies.record("/news/page/1", ["template:news-article"]);
    dependencies.record("/news/page/2", ["template:news-article"]);
    dependencies.record("/og/news/b.png", ["entry:b"]);
    dependencies.record("/news/b", ["entry:b", "template:consent-banner"]);
    dependencies.record("/about", ["path:b", "template:consent-banner"]);
    const pages = [
      "/news/page/1",
      "/unknown",
      "/news/page/2",
      "/og/news/b.png",
      "/news/b",
      "/about",
    ];
    expect(dependencies.affected(pages, ["entry:b", "template:news-article"])).toEqual([
      "/og/news/b.png",
      "/news/b",
      "/news/page/1",
      "/unknown",
      "/news/page/2",
    ]);
    expect(dependencies.affected(pages, ["path:b", "template:news-article"])[0]).toBe("/about");
    expect(dependencies.affected(pages, ["template:consent-banner"])).toEqual([
      "/unknown",
      "/news/b",
      "/about",
    ]);
  });

  it("reads Cache-Tag headers", () => {
    expect(parseCacheTag("entry:a, template:b,")).toEqual(["entry:a", "template:b"]);
    expect(parseCacheTag(null)).toBeUndefined();
  });
});
