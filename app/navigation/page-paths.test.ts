import { describe, expect, it } from "vitest";
import {
  dataRequestOfPage,
  isDataRequest,
  pagePathOfDataRequest,
  withoutTrailingSlashes,
} from "./page-paths";

describe("page paths", () => {
  it.each([
    ["/", "/"],
    ["//", "/"],
    ["/a/", "/a"],
    ["/a//", "/a"],
    ["/a", "/a"],
    ["/a/b/", "/a/b"],
  ])("%s without trailing slashes is %s", (path, expected) => {
    expect(withoutTrailingSlashes(path)).toBe(expected);
  });

  it.each([
    ["/about.data", "/about"],
    ["/_.data", "/"],
    ["/about/_.data", "/about/"],
    ["/news/feed.xml", null],
    ["/about", null],
  ])("the page of %s is %s", (request, page) => {
    expect(pagePathOfDataRequest(request)).toBe(page);
    expect(isDataRequest(request)).toBe(page !== null);
  });

  it("names a page's data request the way it reads it back", () => {
    for (const page of ["/", "/about", "/news/2024/09/17/x"]) {
      expect(pagePathOfDataRequest(dataRequestOfPage(page))).toBe(page);
    }
  });
});
