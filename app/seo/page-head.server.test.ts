import type { MetaDescriptor } from "react-router";
import { describe, expect, it } from "vitest";
import { getEnv } from "~/config/env.server";
import type { EventModel, NewsArticleModel } from "~/content/models";
import {
  type JsonLdJson,
  missingProperties,
  schemaOrgProblems,
} from "../../tests/support/schema-org";
import { NEWS_FEED_TITLE } from "./news-feed.server";
import {
  DEFAULT_IMAGE_ALT,
  eventHead,
  homeHead,
  listPageHead,
  newsArticleHead,
  pageHead,
} from "./page-head.server";

const ORIGIN = getEnv().siteOrigin.replace(/\/$/, "");
const at = (path: string) => new URL(path, "http://localhost:3000");

type Loose = Record<string, unknown>;
const tag = (meta: MetaDescriptor[], key: string, value: string) =>
  (meta as Loose[]).find((m) => m[key] === value);
const content = (meta: MetaDescriptor[], key: "name" | "property", value: string) =>
  tag(meta, key, value)?.content;
/** The structured data of a head, as a search engine parses it. */
const jsonLd = (meta: MetaDescriptor[]): JsonLdJson[] =>
  (meta as Loose[])
    .filter((m) => "script:ld+json" in m)
    .map((m) => JSON.parse(JSON.stringify(m["script:ld+json"])));
const types = (meta: MetaDescriptor[]) => jsonLd(meta).map((d) => (d as Loose)["@type"]);

function expectValidData(meta: MetaDescriptor[]): void {
  for (const data of jsonLd(meta)) {
    expect(schemaOrgProblems(data)).toEqual([]);
    expect(missingProperties(data)).toEqual([]);
  }
}

const ARTICLE: NewsArticleModel = {
  slug: "launch",
  href: "/news/launch",
  title: "Launch day",
  description: "We launched",
  date: "2026-03-12",
  dateLabel: "12 March 2026",
  category: "product",
  modifiedAt: "2026-03-14T08:00:00Z",
  publishedAt: "2026-03-12T09:00:00Z",
  author: "Jo Writer",
  head: {
    title: "Launch day",
    description: "We launched",
    image: `${ORIGIN}/media/c/cover.jpg`,
    imageWidth: 1024,
    imageHeight: 576,
    modifiedAt: "2026-03-14T08:00:00Z",
  },
  body: [],
};

const EVENT: EventModel = {
  slug: "summit",
  href: "/events/summit",
  title: "Summit",
  description: "Two days",
  date: "2026-03-18",
  dateLabel: "18 March 2026",
  location: "Old Billingsgate, London",
  startsAt: "2026-03-18T09:00:00Z",
  endsAt: "2026-03-19T17:00:00Z",
  upcoming: true,
  head: { title: "Summit", description: "Two days", modifiedAt: "2026-01-12T15:30:00Z" },
  body: [],
};

describe("every page's head", () => {
  const { meta } = pageHead(at("/about"), { title: "About", modifiedAt: "2026-01-12T15:30:00Z" });

  it("announces the news feed", () => {
    expect(tag(meta, "type", "application/atom+xml")).toEqual({
      tagName: "link",
      rel: "alternate",
      type: "application/atom+xml",
      title: NEWS_FEED_TITLE,
      href: `${ORIGIN}/news/feed.atom`,
    });
  });

  it("shares the default card when the page has no image of its own", () => {
    expect(content(meta, "property", "og:image")).toBe(`${ORIGIN}/og/default.png`);
    expect(content(meta, "name", "twitter:image")).toBe(`${ORIGIN}/og/default.png`);
    expect(content(meta, "property", "og:image:width")).toBe("1200");
    expect(content(meta, "property", "og:image:height")).toBe("630");
    expect(content(meta, "property", "og:image:alt")).toBe(DEFAULT_IMAGE_ALT);
  });

  it("keeps the page's own image, with its size when known", () => {
    const own = pageHead(at("/about"), {
      image: `${ORIGIN}/media/a/hero.jpg`,
      imageWidth: 1024,
      imageHeight: 576,
    }).meta;
    expect(content(own, "property", "og:image")).toBe(`${ORIGIN}/media/a/hero.jpg`);
    expect(content(own, "property", "og:image:width")).toBe("1024");
    const drawn = pageHead(at("/about"), { image: `${ORIGIN}/media/a/logo.svg` }).meta;
    expect(content(drawn, "property", "og:image:width")).toBeUndefined();
  });

  it("says when the page last changed", () => {
    expect(content(meta, "property", "og:updated_time")).toBe("2026-01-12T15:30:00Z");
  });

  it("has no breadcrumbs and no structured data one level deep", () => {
    expect(jsonLd(meta)).toEqual([]);
    expect(pageHead(at("/about"), { title: "About" }).breadcrumbs).toBeUndefined();
  });
});

describe("deep pages", () => {
  it("carry their breadcrumb trail", () => {
    const { meta } = pageHead(at("/resources/guide/"), { title: "A guide" });
    expectValidData(meta);
    expect(jsonLd(meta)).toEqual([
      {
        "@context": "https://schema.org",
        "@type": "BreadcrumbList",
        itemListElement: [
          { "@type": "ListItem", position: 1, name: "Home", item: `${ORIGIN}/` },
          { "@type": "ListItem", position: 2, name: "Resources", item: `${ORIGIN}/resources` },
          { "@type": "ListItem", position: 3, name: "A guide", item: `${ORIGIN}/resources/guide` },
        ],
      },
    ]);
  });

  it("give the page the same trail as site paths, for the visible breadcrumbs", () => {
    expect(pageHead(at("/resources/guide/"), { title: "A guide" }).breadcrumbs).toEqual([
      { name: "Home", path: "/" },
      { name: "Resources", path: "/resources" },
      { name: "A guide", path: "/resources/guide" },
    ]);
  });
});

describe("the platform privacy policy in English and Japanese", () => {
  for (const path of ["/trust/platform-privacy-policy", "/jp/platform-privacy-policy"]) {
    it(`links each language version from ${path}, English for everyone else`, () => {
      const { meta } = pageHead(at(path), { title: "Policy" });
      const links = (meta as Loose[])
        .filter((m) => m.rel === "alternate" && m.hrefLang)
        .map((m) => [m.hrefLang, m.href]);
      expect(links).toEqual([
        ["en", `${ORIGIN}/trust/platform-privacy-policy`],
        ["ja", `${ORIGIN}/jp/platform-privacy-policy`],
        ["x-default", `${ORIGIN}/trust/platform-privacy-policy`],
      ]);
    });
  }

  it("links no language versions from other pages", () => {
    const { meta } = pageHead(at("/trust/privacy-policy"), { title: "Policy" });
    expect((meta as Loose[]).some((m) => m.hrefLang)).toBe(false);
  });

  it("keeps the page's language", () => {
    expect(pageHead(at("/jp/platform-privacy-policy"), { lang: "ja" }).lang).toBe("ja");
  });
});

describe("list pages", () => {
  it("changed when their own entry or any entry they list did", () => {
    const { meta } = listPageHead(at("/news"), { modifiedAt: "2026-01-01T00:00:00Z" }, [
      { modifiedAt: "2026-02-01T00:00:00Z" },
      {},
      { modifiedAt: "2025-12-01T00:00:00Z" },
    ]);
    expect(content(meta, "property", "og:updated_time")).toBe("2026-02-01T00:00:00Z");
    const unknown = listPageHead(at("/jobs"), {}, [{}]).meta;
    expect(content(unknown, "property", "og:updated_time")).toBeUndefined();
  });
});

describe("the home page", () => {
  it("describes the organisation and the web site", () => {
    const { meta } = homeHead(at("/"), { title: "ID5" }, []);
    expectValidData(meta);
    expect(types(meta)).toEqual(["Organization", "WebSite"]);
  });

  it("does so at / only: /new/home is the same page elsewhere", () => {
    expect(types(homeHead(at("/new/home"), { title: "ID5" }, []).meta)).toEqual(["BreadcrumbList"]);
  });
});

describe("a news article", () => {
  const { meta } = newsArticleHead(at("/news/launch"), ARTICLE);

  it("shares its own generated card, 1200×630, described by its title", () => {
    expect(content(meta, "property", "og:image")).toBe(`${ORIGIN}/og/news/launch.png`);
    expect(content(meta, "name", "twitter:image")).toBe(`${ORIGIN}/og/news/launch.png`);
    expect(content(meta, "property", "og:image:width")).toBe("1200");
    expect(content(meta, "property", "og:image:height")).toBe("630");
    expect(content(meta, "property", "og:image:alt")).toBe("Launch day");
  });

  it("is an Open Graph article with its times and section", () => {
    expect(content(meta, "property", "og:type")).toBe("article");
    expect(content(meta, "property", "article:published_time")).toBe("2026-03-12T09:00:00Z");
    expect(content(meta, "property", "article:modified_time")).toBe("2026-03-14T08:00:00Z");
    expect(content(meta, "property", "article:section")).toBe("Product");
  });

  it("carries NewsArticle data (card and cover as images) and its breadcrumbs", () => {
    expectValidData(meta);
    expect(types(meta)).toEqual(["NewsArticle", "BreadcrumbList"]);
    expect(jsonLd(meta)[0]).toMatchObject({
      headline: "Launch day",
      url: `${ORIGIN}/news/launch`,
      mainEntityOfPage: { "@id": `${ORIGIN}/news/launch` },
      datePublished: "2026-03-12T09:00:00Z",
      dateModified: "2026-03-14T08:00:00Z",
      image: [`${ORIGIN}/og/news/launch.png`, `${ORIGIN}/media/c/cover.jpg`],
      author: [{ "@type": "Person", name: "Jo Writer" }],
      publisher: { "@type": "Organization" },
      articleSection: "Product",
    });
  });
});

describe("an event", () => {
  it("carries Event data and its breadcrumbs", () => {
    const { meta } = eventHead(at("/events/summit"), EVENT);
    expectValidData(meta);
    expect(types(meta)).toEqual(["Event", "BreadcrumbList"]);
    expect(jsonLd(meta)[0]).toMatchObject({
      name: "Summit",
      url: `${ORIGIN}/events/summit`,
      startDate: "2026-03-18T09:00:00Z",
      endDate: "2026-03-19T17:00:00Z",
      location: { "@type": "Place", name: "Old Billingsgate" },
    });
  });
});
