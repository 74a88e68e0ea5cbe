import { describe, expect, it } from "vitest";
import { decodeRequestPath, significantSearch } from "./request-path";

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

describe("significantSearch", () => {
  it("keeps the parameters the page declares and drops every other", () => {
    const url = new URL("https://x.test/a?utm_source=m&sent=contact&r=1&sent=b");
    expect(significantSearch(url, new Set(["sent"]))).toBe("?sent=contact&sent=b");
    expect(significantSearch(url, new Set())).toBe("");
    expect(significantSearch(new URL("https://x.test/a"), new Set(["sent"]))).toBe("");
  });

  it("keeps every parameter of a page whose routes are not known", () => {
    expect(significantSearch(new URL("https://x.test/a?r=1&utm_source=m"), null)).toBe(
      "?r=1&utm_source=m",
    );
    expect(significantSearch(new URL("https://x.test/a?"), null)).toBe("");
  });
});
