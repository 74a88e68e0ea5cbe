import { describe, expect, it } from "vitest";
import { ContentDependencies, pageOfRequestPath, parseCacheTag } from "./content-dependencies";

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

  it("maps request paths to their page and reads Cache-Tag headers", () => {
    expect(pageOfRequestPath("/about.data")).toBe("/about");
    expect(pageOfRequestPath("/_.data")).toBe("/");
    expect(pageOfRequestPath("/about/")).toBe("/about");
    expect(pageOfRequestPath("/news/feed.atom")).toBe("/news/feed.atom");
    expect(parseCacheTag("entry:a, template:b,")).toEqual(["entry:a", "template:b"]);
    expect(parseCacheTag(null)).toBeUndefined();
  });
});
