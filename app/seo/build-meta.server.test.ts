import type { MetaDescriptor } from "react-router";
import { describe, expect, it } from "vitest";
import { BRAND, DEFAULT_DESCRIPTION, DEFAULT_TITLE } from "~/config/site";
import {
  absoluteUrl,
  buildMeta,
  canonicalPath,
  canonicalUrl,
  formatTitle,
} from "./build-meta.server";
import { NOT_FOUND_META, NOT_FOUND_TITLE, routeMeta } from "./route-meta";

const SITE_ORIGIN = "https://id5.io";

type Loose = Record<string, unknown>;
const find = (meta: MetaDescriptor[], key: string, value: string) =>
  (meta as Loose[]).find((m) => m[key] === value);
const content = (meta: MetaDescriptor[], key: "name" | "property", value: string) =>
  find(meta, key, value)?.content;
const titleOf = (meta: MetaDescriptor[]) => (meta as Loose[]).find((m) => "title" in m)?.title;

describe("formatTitle", () => {
  it("appends the brand: '{title} - {brand}'", () => {
    expect(formatTitle("Technology")).toBe(`Technology - ${BRAND}`);
  });
  it("uses the product name alone for the default title (no 'ID5 - ID5')", () => {
    expect(DEFAULT_TITLE).toBe("ID5");
    expect(formatTitle()).toBe("ID5");
    expect(formatTitle("")).toBe("ID5");
    expect(formatTitle("ID5")).toBe("ID5");
  });
  it("does not append the brand twice", () => {
    expect(formatTitle("About - ID5")).toBe("About - ID5");
  });
});

describe("buildMeta", () => {
  const meta = buildMeta({
    title: "Solutions",
    description: "What we do",
    image: "/media/abc/hero.jpg",
    path: "/solutions",
    siteOrigin: SITE_ORIGIN,
  });

  it("sets <title> to '{title} - {brand}'", () => {
    expect(titleOf(meta)).toBe("Solutions - ID5");
  });
  it("sets og:title, twitter:title and og:site_name by the same rule", () => {
    expect(content(meta, "property", "og:title")).toBe("Solutions - ID5");
    expect(content(meta, "name", "twitter:title")).toBe("Solutions - ID5");
    expect(content(meta, "property", "og:site_name")).toBe("Solutions - ID5");
  });
  it("sets description, og:description and twitter:description", () => {
    expect(content(meta, "name", "description")).toBe("What we do");
    expect(content(meta, "property", "og:description")).toBe("What we do");
    expect(content(meta, "name", "twitter:description")).toBe("What we do");
  });
  it("links the canonical URL: site origin plus path", () => {
    expect(find(meta, "rel", "canonical")).toEqual({
      tagName: "link",
      rel: "canonical",
      href: "https://id5.io/solutions",
    });
  });
  it("sets og:url to the canonical URL and og:type website", () => {
    expect(content(meta, "property", "og:url")).toBe("https://id5.io/solutions");
    expect(content(meta, "property", "og:type")).toBe("website");
  });
  it("makes og:image (and twitter:image) absolute", () => {
    expect(content(meta, "property", "og:image")).toBe("https://id5.io/media/abc/hero.jpg");
    expect(content(meta, "name", "twitter:image")).toBe("https://id5.io/media/abc/hero.jpg");
  });
  it("keeps an absolute image as is", () => {
    const m = buildMeta({ image: "https://cdn.example/x.png", path: "/", siteOrigin: SITE_ORIGIN });
    expect(content(m, "property", "og:image")).toBe("https://cdn.example/x.png");
  });
  it("uses twitter card summary_large_image", () => {
    expect(content(meta, "name", "twitter:card")).toBe("summary_large_image");
  });
  it("has no robots tag unless noIndex", () => {
    expect(find(meta, "name", "robots")).toBeUndefined();
    const hidden = buildMeta({ noIndex: true, path: "/x", siteOrigin: SITE_ORIGIN });
    expect(content(hidden, "name", "robots")).toBe("noindex, nofollow");
  });
  it("falls back to the site defaults", () => {
    const m = buildMeta({ path: "/", siteOrigin: `${SITE_ORIGIN}/` });
    expect(titleOf(m)).toBe("ID5");
    expect(content(m, "property", "og:title")).toBe("ID5");
    expect(content(m, "name", "description")).toBe(DEFAULT_DESCRIPTION);
    expect(content(m, "property", "og:url")).toBe("https://id5.io/");
    expect(content(m, "property", "og:image")).toBeUndefined();
  });
  it("emits each tag once", () => {
    const keys = (meta as Loose[]).map((m) =>
      String(m.title !== undefined ? "title" : (m.name ?? m.property ?? m.rel)),
    );
    expect(new Set(keys).size).toBe(keys.length);
  });
  it("adds nothing for discovery unless asked", () => {
    expect((meta as Loose[]).some((m) => m.rel === "alternate" || "script:ld+json" in m)).toBe(
      false,
    );
  });
});

describe("buildMeta: discovery", () => {
  const article = buildMeta({
    title: "Launch",
    path: "/news/launch",
    siteOrigin: SITE_ORIGIN,
    image: "/og/news/launch.png",
    imageWidth: 1200,
    imageHeight: 630,
    imageAlt: "Launch",
    type: "article",
    publishedTime: "2026-03-12T09:00:00Z",
    modifiedTime: "2026-03-13T10:00:00Z",
    section: "Product",
    alternates: [
      { hreflang: "en", href: "/trust/x" },
      { hreflang: "ja", href: "https://id5.io/jp/x" },
    ],
    feed: { title: "ID5 news", href: "/news/feed.atom", type: "application/atom+xml" },
    jsonLd: [{ "@context": "https://schema.org", "@type": "Thing", name: "</script>" }],
  });

  it("gives the share image's size and alt text to Open Graph and Twitter", () => {
    expect(content(article, "property", "og:image")).toBe("https://id5.io/og/news/launch.png");
    expect(content(article, "property", "og:image:width")).toBe("1200");
    expect(content(article, "property", "og:image:height")).toBe("630");
    expect(content(article, "property", "og:image:alt")).toBe("Launch");
    expect(content(article, "name", "twitter:image:alt")).toBe("Launch");
  });

  it("has no size for an image of unknown size", () => {
    const m = buildMeta({ image: "/x.svg", path: "/", siteOrigin: SITE_ORIGIN });
    expect(find(m, "property", "og:image:width")).toBeUndefined();
    expect(find(m, "property", "og:image:alt")).toBeUndefined();
  });

  it("types an article, with its times and section; any page gives its last change", () => {
    expect(content(article, "property", "og:type")).toBe("article");
    expect(content(article, "property", "article:published_time")).toBe("2026-03-12T09:00:00Z");
    expect(content(article, "property", "article:modified_time")).toBe("2026-03-13T10:00:00Z");
    expect(content(article, "property", "article:section")).toBe("Product");
    expect(content(article, "property", "og:updated_time")).toBe("2026-03-13T10:00:00Z");
    const page = buildMeta({
      path: "/a",
      siteOrigin: SITE_ORIGIN,
      modifiedTime: "2026-01-01T00:00:00Z",
    });
    expect(content(page, "property", "og:type")).toBe("website");
    expect(find(page, "property", "article:modified_time")).toBeUndefined();
    expect(content(page, "property", "og:updated_time")).toBe("2026-01-01T00:00:00Z");
  });

  it("links the language versions and the feed with absolute URLs", () => {
    const alternates = (article as Loose[]).filter((m) => m.rel === "alternate");
    expect(alternates).toEqual([
      { tagName: "link", rel: "alternate", hrefLang: "en", href: "https://id5.io/trust/x" },
      { tagName: "link", rel: "alternate", hrefLang: "ja", href: "https://id5.io/jp/x" },
      {
        tagName: "link",
        rel: "alternate",
        type: "application/atom+xml",
        title: "ID5 news",
        href: "https://id5.io/news/feed.atom",
      },
    ]);
  });

  it("hands each structured-data object to React Router as is (it escapes `<` itself)", () => {
    const data = (article as Loose[]).filter((m) => "script:ld+json" in m);
    expect(data).toEqual([
      {
        "script:ld+json": { "@context": "https://schema.org", "@type": "Thing", name: "</script>" },
      },
    ]);
  });
});

describe("URL helpers", () => {
  it("drops query, hash and trailing slash from the canonical URL", () => {
    expect(canonicalUrl(SITE_ORIGIN, "/news/page/2?x=1#top")).toBe("https://id5.io/news/page/2");
    expect(canonicalUrl(SITE_ORIGIN, "/about/")).toBe("https://id5.io/about");
    expect(canonicalUrl("https://id5.io/", "about")).toBe("https://id5.io/about");
  });
  it("gives the canonical path alone", () => {
    expect(canonicalPath("/news/page/2/?x=1")).toBe("/news/page/2");
    expect(canonicalPath("")).toBe("/");
  });
  it("resolves relative URLs against the site origin", () => {
    expect(absoluteUrl(SITE_ORIGIN, "img.png")).toBe("https://id5.io/img.png");
  });
});

describe("route meta", () => {
  it("titles the error page 'Page Not Found' and excludes it from indexing", () => {
    expect(NOT_FOUND_TITLE).toBe("Page Not Found");
    expect(titleOf(NOT_FOUND_META)).toBe("Page Not Found - ID5");
    expect(titleOf(NOT_FOUND_META)).toBe(formatTitle(NOT_FOUND_TITLE));
    expect(content(NOT_FOUND_META, "name", "robots")).toBe("noindex, nofollow");
    expect(find(NOT_FOUND_META, "rel", "canonical")).toBeUndefined();
  });
  it("returns the loader's metadata, or the error page's when there is no loader data", () => {
    const meta = buildMeta({ title: "About", path: "/about", siteOrigin: SITE_ORIGIN });
    expect(routeMeta({ loaderData: { head: { meta } } })).toBe(meta);
    expect(routeMeta({ loaderData: undefined })).toBe(NOT_FOUND_META);
    expect(routeMeta({})).toBe(NOT_FOUND_META);
  });
});
