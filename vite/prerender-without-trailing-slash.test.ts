import { describe, expect, it } from "vitest";
import { withoutTrailingSlash } from "./prerender-without-trailing-slash";

describe("prerender requests without a trailing slash", () => {
  it("drops the slash React Router's prerender adds, keeping the query", () => {
    expect(withoutTrailingSlash("/new/home/")).toBe("/new/home");
    expect(withoutTrailingSlash("/about/?sent=contact")).toBe("/about?sent=contact");
    expect(withoutTrailingSlash("/news//")).toBe("/news");
  });

  it("leaves the home page, data requests and files as they are", () => {
    for (const url of [
      "/",
      "/?x=1",
      "/about",
      "/_.data",
      "/about.data?_routes=root",
      "/news/feed.atom",
    ]) {
      expect(withoutTrailingSlash(url)).toBe(url);
    }
  });
});
