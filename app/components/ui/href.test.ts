import { describe, expect, it } from "vitest";
import { isExternalHref, isInternalHref, linkRel } from "./href";

describe("isInternalHref", () => {
  it.each(["/", "/about", "/about#why-id5", "/news/page/2?x=1"])("%s is internal", (href) => {
    expect(isInternalHref(href)).toBe(true);
  });
  it.each(["//evil.example/x", "#values", "https://id5.io/about", "mailto:a@b.c", "about"])(
    "%s is not internal",
    (href) => {
      expect(isInternalHref(href)).toBe(false);
    },
  );
});

describe("isExternalHref", () => {
  it.each(["https://id5.io", "http://example.com/x", "HTTPS://ID5.IO"])(
    "%s is external",
    (href) => {
      expect(isExternalHref(href)).toBe(true);
    },
  );
  it.each(["/contact", "#top", "mailto:hello@id5.io", "tel:+44", "httpfoo", "//cdn.example"])(
    "%s is not external",
    (href) => {
      expect(isExternalHref(href)).toBe(false);
    },
  );
});

describe("linkRel", () => {
  it("forces noopener noreferrer on new-tab links, keeping other tokens", () => {
    expect(linkRel("_blank", undefined)).toBe("noopener noreferrer");
    expect(linkRel("_blank", "nofollow")).toBe("nofollow noopener noreferrer");
    expect(linkRel("_blank", "noreferrer")).toBe("noreferrer noopener");
  });
  it("keeps rel as given on same-tab links", () => {
    expect(linkRel(undefined, "nofollow")).toBe("nofollow");
    expect(linkRel(undefined, undefined)).toBeUndefined();
    expect(linkRel(undefined, "")).toBeUndefined();
  });
});
