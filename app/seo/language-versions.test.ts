import { describe, expect, it } from "vitest";
import { languageAlternates, X_DEFAULT } from "./language-versions";

const PAIR = [
  { hreflang: "en", path: "/trust/platform-privacy-policy" },
  { hreflang: "ja", path: "/jp/platform-privacy-policy" },
  { hreflang: X_DEFAULT, path: "/trust/platform-privacy-policy" },
];

describe("languageAlternates", () => {
  it("gives both versions of the platform privacy policy the same links, English by default", () => {
    expect(languageAlternates("/jp/platform-privacy-policy")).toEqual(PAIR);
    expect(languageAlternates("/trust/platform-privacy-policy")).toEqual(PAIR);
  });

  it("gives a page in one language none", () => {
    expect(languageAlternates("/trust/privacy-policy")).toEqual([]);
    expect(languageAlternates("/")).toEqual([]);
  });
});
