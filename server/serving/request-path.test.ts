import { describe, expect, it } from "vitest";
import { decodeRequestPath, pagePathOfDataRequest, significantSearch } from "./request-path";

describe("decodeRequestPath", () => {
  it("decodes ordinary paths", () => {
    expect(decodeRequestPath("/news/caf%C3%A9")).toBe("/news/café");
    expect(decodeRequestPath("/")).toBe("/");
  });

  it.each([
    "/..%2fpackage.json",
    "/assets/..%2F..%2Fsecret",
    "/%2e%2e/secret",
    "/a/%2e/b",
    "/..%5csecret",
    "/%00",
    "/%E0%A4%A",
  ])("refuses %s", (raw) => {
    expect(decodeRequestPath(raw)).toBeNull();
  });

  it("decodes once only: double-encoded dots stay literal text", () => {
    expect(decodeRequestPath("/%252e%252e%252fsecret")).toBe("/%2e%2e%2fsecret");
  });
});

describe("pagePathOfDataRequest", () => {
  it("maps React Router's data URLs to their pages", () => {
    expect(pagePathOfDataRequest("/_.data")).toBe("/");
    expect(pagePathOfDataRequest("/about.data")).toBe("/about");
    expect(pagePathOfDataRequest("/about/_.data")).toBe("/about/");
    expect(pagePathOfDataRequest("/about")).toBeNull();
  });
});

describe("significantSearch", () => {
  it("drops tracking tags and keeps the rest", () => {
    const url = new URL("https://x.test/a?utm_source=m&gclid=1&page=2&fbclid=z");
    expect(significantSearch(url)).toBe("?page=2");
    expect(significantSearch(new URL("https://x.test/a?utm_medium=x"))).toBe("");
  });
});
