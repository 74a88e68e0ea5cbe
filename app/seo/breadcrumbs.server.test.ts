import { describe, expect, it } from "vitest";
import { breadcrumbTrail, HOME_CRUMB_NAME, SECTION_CRUMB_NAMES } from "./breadcrumbs.server";

const ORIGIN = "https://id5.io";

describe("breadcrumbTrail", () => {
  it("gives no trail at the root or one level deep", () => {
    expect(breadcrumbTrail(ORIGIN, "/", "ID5")).toEqual([]);
    expect(breadcrumbTrail(ORIGIN, "/news", "News")).toEqual([]);
  });

  it("goes home, through the section, to the page", () => {
    expect(breadcrumbTrail(`${ORIGIN}/`, "/news/launch", "Launch")).toEqual([
      { name: HOME_CRUMB_NAME, url: "https://id5.io/" },
      { name: "News", url: "https://id5.io/news" },
      { name: "Launch", url: "https://id5.io/news/launch" },
    ]);
    expect(
      breadcrumbTrail(ORIGIN, "/trust/platform-privacy-policy", "Platform privacy policy"),
    ).toEqual([
      { name: HOME_CRUMB_NAME, url: "https://id5.io/" },
      { name: "Trust", url: "https://id5.io/trust" },
      { name: "Platform privacy policy", url: "https://id5.io/trust/platform-privacy-policy" },
    ]);
  });

  it("names only ancestors that are sections: /news/page is none, /legal and /jp neither", () => {
    expect(breadcrumbTrail(ORIGIN, "/news/page/2", "News – page 2").map((c) => c.name)).toEqual([
      HOME_CRUMB_NAME,
      "News",
      "News – page 2",
    ]);
    expect(
      breadcrumbTrail(ORIGIN, "/legal/agreements/dpa/opt-in", "DPA").map((c) => c.url),
    ).toEqual(["https://id5.io/", "https://id5.io/legal/agreements/dpa/opt-in"]);
    expect(breadcrumbTrail(ORIGIN, "/jp/platform-privacy-policy", "ポリシー")).toHaveLength(2);
  });

  it("names a page without a title by its last segment", () => {
    expect(breadcrumbTrail(ORIGIN, "/events/summit%202026", " ").at(-1)).toEqual({
      name: "summit 2026",
      url: "https://id5.io/events/summit%202026",
    });
  });

  it("knows the header's sections and the trust section", () => {
    expect(SECTION_CRUMB_NAMES.get("/resources")).toBe("Resources");
    expect(SECTION_CRUMB_NAMES.get("/trust")).toBe("Trust");
    expect(SECTION_CRUMB_NAMES.has("/legal")).toBe(false);
  });
});
