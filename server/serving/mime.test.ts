import { describe, expect, it } from "vitest";
import { contentTypeOf, isCompressibleType } from "./mime";

describe("contentTypeOf", () => {
  it("types a prerendered Atom feed by its extension, compressible like other text", () => {
    expect(contentTypeOf("news/feed.atom")).toBe("application/atom+xml; charset=utf-8");
    expect(isCompressibleType(contentTypeOf("news/feed.atom"))).toBe(true);
  });

  it("types share images as PNG, which is not compressed again", () => {
    expect(contentTypeOf("og/news/launch.png")).toBe("image/png");
    expect(isCompressibleType(contentTypeOf("og/news/launch.png"))).toBe(false);
  });
});
