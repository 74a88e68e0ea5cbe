import { describe, expect, it } from "vitest";
import { BRAND, SOCIAL_LINKS } from "~/config/site";
import {
  type JsonLdJson,
  missingProperties,
  SCHEMA_ORG_PROPERTIES,
  schemaOrgProblems,
} from "../../tests/support/schema-org";
import {
  breadcrumbListJsonLd,
  eventJsonLd,
  type JsonLd,
  newsArticleJsonLd,
  OFFLINE_ATTENDANCE,
  ONLINE_ATTENDANCE,
  organizationJsonLd,
  webSiteJsonLd,
} from "./json-ld.server";

const ORIGIN = "https://id5.io";
const ARTICLE_URL = "https://id5.io/news/launch";

/** What a search engine reads back from the script's text. */
const roundTrip = (data: JsonLd): JsonLdJson => JSON.parse(JSON.stringify(data));

/** Valid against the schema.org table, with every property the site promises. */
function expectValid(data: JsonLd): void {
  const json = roundTrip(data);
  expect(schemaOrgProblems(json)).toEqual([]);
  expect(missingProperties(json)).toEqual([]);
}

const article = (extra: Partial<Parameters<typeof newsArticleJsonLd>[1]> = {}) =>
  newsArticleJsonLd(ORIGIN, {
    url: ARTICLE_URL,
    headline: "Launch",
    description: "We launched",
    datePublished: "2026-03-12T09:00:00Z",
    dateModified: "2026-03-14T08:00:00Z",
    images: ["https://id5.io/og/news/launch.png", "https://id5.io/media/c/cover.jpg"],
    byline: "Sofia Lindqvist",
    section: "Product",
    ...extra,
  });

describe("the schema.org table the tests check against", () => {
  it("refuses an unknown property, an unknown type and an untyped object", () => {
    expect(schemaOrgProblems({ "@type": "Event", name: "x", startTime: "9" })).toEqual([
      '$: Event has no property "startTime"',
    ]);
    expect(schemaOrgProblems({ "@type": "Happening" })).toHaveLength(1);
    expect(schemaOrgProblems({ "@type": "Event", location: { name: "x" } })).toHaveLength(1);
    expect(schemaOrgProblems({ "@type": "Event", organizer: { "@id": "x" } })).toEqual([]);
    expect(missingProperties({ "@type": "Event", name: "x" })).toEqual([
      '$: Event lacks "startDate"',
      '$: Event lacks "url"',
    ]);
  });
});

describe("organizationJsonLd and webSiteJsonLd (home page)", () => {
  it("describe the organisation: name, home, logo, social profiles", () => {
    const org = organizationJsonLd(`${ORIGIN}/`);
    expectValid(org);
    expect(org).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Organization",
      "@id": "https://id5.io/#organization",
      name: BRAND,
      url: "https://id5.io/",
      logo: { "@type": "ImageObject", url: "https://id5.io/favicon.svg" },
      sameAs: SOCIAL_LINKS.map((l) => l.href),
    });
  });

  it("describe the site, published by the organisation", () => {
    const site = webSiteJsonLd(ORIGIN);
    expectValid(site);
    expect(site).toMatchObject({
      "@type": "WebSite",
      url: "https://id5.io/",
      name: BRAND,
      publisher: { "@id": "https://id5.io/#organization" },
    });
  });
});

describe("newsArticleJsonLd", () => {
  it("gives headline, dates, images, author, publisher and the page it is the subject of", () => {
    const data = article();
    expectValid(data);
    expect(data).toEqual({
      "@context": "https://schema.org",
      "@type": "NewsArticle",
      mainEntityOfPage: { "@type": "WebPage", "@id": ARTICLE_URL },
      url: ARTICLE_URL,
      headline: "Launch",
      description: "We launched",
      image: ["https://id5.io/og/news/launch.png", "https://id5.io/media/c/cover.jpg"],
      datePublished: "2026-03-12T09:00:00Z",
      dateModified: "2026-03-14T08:00:00Z",
      author: [{ "@type": "Person", name: "Sofia Lindqvist" }],
      publisher: {
        "@type": "Organization",
        "@id": "https://id5.io/#organization",
        name: BRAND,
        url: "https://id5.io/",
        logo: { "@type": "ImageObject", url: "https://id5.io/favicon.svg" },
      },
      articleSection: "Product",
      inLanguage: "en",
    });
  });

  it("credits the organisation for its own desk's byline, or when there is none", () => {
    expect(article({ byline: "ID5 Newsroom" }).author).toEqual([
      { "@type": "Organization", name: "ID5 Newsroom", url: "https://id5.io/" },
    ]);
    const unsigned = article({ byline: undefined });
    expectValid(unsigned);
    expect(unsigned.author).toMatchObject([{ "@type": "Organization", name: BRAND }]);
  });

  it("never dates a change before the publication", () => {
    expect(article({ dateModified: "2026-01-01T00:00:00Z" }).dateModified).toBe(
      "2026-03-12T09:00:00Z",
    );
    expect(article({ dateModified: undefined }).dateModified).toBe("2026-03-12T09:00:00Z");
  });

  it("keeps content as data: a title that looks like markup stays text", () => {
    const data = article({ headline: `</script><script>alert("x")</script>` });
    expect(roundTrip(data)).toMatchObject({ headline: `</script><script>alert("x")</script>` });
  });
});

describe("eventJsonLd", () => {
  const event = (extra: Partial<Parameters<typeof eventJsonLd>[1]> = {}) =>
    eventJsonLd(ORIGIN, {
      url: "https://id5.io/events/summit",
      name: "Summit",
      description: "Two days on identity",
      startDate: "2026-03-18T09:00:00Z",
      endDate: "2026-03-19T17:30:00Z",
      location: "Old Billingsgate, London, United Kingdom",
      registrationUrl: "https://tickets.example/summit",
      image: "https://id5.io/media/e/cover.jpg",
      ...extra,
    });

  it("gives name, start, end, the place and in-person attendance, the organiser", () => {
    const data = event();
    expectValid(data);
    expect(data).toMatchObject({
      "@type": "Event",
      name: "Summit",
      url: "https://id5.io/events/summit",
      startDate: "2026-03-18T09:00:00Z",
      endDate: "2026-03-19T17:30:00Z",
      eventAttendanceMode: OFFLINE_ATTENDANCE,
      location: {
        "@type": "Place",
        name: "Old Billingsgate",
        address: "Old Billingsgate, London, United Kingdom",
      },
      image: ["https://id5.io/media/e/cover.jpg"],
      organizer: { "@type": "Organization", name: BRAND },
    });
  });

  it("places an online event at its registration page", () => {
    const data = event({ location: "Online" });
    expectValid(data);
    expect(data).toMatchObject({
      eventAttendanceMode: ONLINE_ATTENDANCE,
      location: { "@type": "VirtualLocation", url: "https://tickets.example/summit" },
    });
  });

  it("leaves out what is not known, and an end before the start", () => {
    const data = event({
      location: undefined,
      endDate: "2026-03-17T00:00:00Z",
      description: undefined,
      image: undefined,
    });
    expectValid(data);
    for (const key of ["location", "eventAttendanceMode", "endDate", "description", "image"]) {
      expect(data).not.toHaveProperty(key);
    }
  });
});

describe("breadcrumbListJsonLd", () => {
  it("numbers the crumbs from 1, each with its name and URL", () => {
    const data = breadcrumbListJsonLd([
      { name: "Home", url: "https://id5.io/" },
      { name: "News", url: "https://id5.io/news" },
      { name: "Launch", url: ARTICLE_URL },
    ]);
    expectValid(data);
    expect(data.itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: "Home", item: "https://id5.io/" },
      { "@type": "ListItem", position: 2, name: "News", item: "https://id5.io/news" },
      { "@type": "ListItem", position: 3, name: "Launch", item: ARTICLE_URL },
    ]);
  });
});

describe("the types the site emits", () => {
  it("are all in the schema.org table", () => {
    for (const type of [
      "Organization",
      "WebSite",
      "WebPage",
      "NewsArticle",
      "Person",
      "ImageObject",
      "Event",
      "Place",
      "VirtualLocation",
      "BreadcrumbList",
      "ListItem",
    ]) {
      expect(SCHEMA_ORG_PROPERTIES[type], type).toBeDefined();
    }
  });
});
