import { describe, expect, it } from "vitest";
import {
  CODE_PAGE_PATHS,
  CONTENT_URL_PATTERNS,
  contentPathFor,
  eventPath,
  newsArticlePath,
  newsImagePath,
  newsImageSlug,
  newsPagePath,
  numberedNewsPagePath,
  partnerSignUpPagePath,
  resourcePath,
  routePattern,
  universalIdPagePath,
} from "./urls";

describe("content URLs", () => {
  it("puts each template's slug under its own prefix", () => {
    expect(newsArticlePath("launch")).toBe("/news/launch");
    expect(eventPath("cannes")).toBe("/events/cannes");
    expect(resourcePath("guide")).toBe("/resources/guide");
    expect(universalIdPagePath("adobe")).toBe("/universal-id/adobe");
    expect(partnerSignUpPagePath("adobe")).toBe("/partner-sign-up/adobe");
  });

  it("links page 1 of the news list to /news and numbers the others", () => {
    expect(newsPagePath(1)).toBe("/news");
    expect(newsPagePath(3)).toBe("/news/page/3");
    expect(numberedNewsPagePath(1)).toBe("/news/page/1");
  });

  it("reads a partner sign-up path as its universal-id entry's path", () => {
    expect(contentPathFor("/partner-sign-up/thanks")).toBe("/universal-id/thanks");
    expect(contentPathFor("/universal-id/thanks")).toBe("/universal-id/thanks");
    expect(contentPathFor("/about")).toBe("/about");
    expect(contentPathFor("/x/partner-sign-up/y")).toBe("/x/partner-sign-up/y");
  });

  it("names an article's share image after its slug, and reads the slug back", () => {
    expect(newsImagePath("launch")).toBe("/og/news/launch.png");
    expect(newsImageSlug("launch.png")).toBe("launch");
    expect(newsImageSlug("launch.jpg")).toBeUndefined();
    expect(newsImageSlug("launch")).toBeUndefined();
    expect(newsImageSlug(".png")).toBeUndefined();
  });

  it("gives routes.ts its patterns without the leading slash", () => {
    expect(routePattern(CONTENT_URL_PATTERNS.newsArticle)).toBe("news/:slug");
    expect(routePattern(CONTENT_URL_PATTERNS.jobs)).toBe("jobs");
  });
});

describe("CODE_PAGE_PATHS", () => {
  it("names every route of the code with no CMS entry and no parameter, and no other", async () => {
    const { default: routes, LEGAL_PAGE_PATHS, SECTION_PAGE_PATHS } = await import("../routes");
    const cmsPages = new Set<string>([...SECTION_PAGE_PATHS, ...LEGAL_PAGE_PATHS]);
    const fixed = routes.flatMap((route) => {
      if (route.index) return ["/"];
      const path = `/${route.path ?? ""}`;
      if (path.includes(":") || path.includes("*") || cmsPages.has(path)) return [];
      return path === "/consent" ? [] : [path];
    });
    expect([...CODE_PAGE_PATHS].sort()).toEqual(fixed.sort());
  });
});
