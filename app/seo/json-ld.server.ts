// Structured data (schema.org, JSON-LD) for search engines: the organisation and the web
// site on the home page, a NewsArticle per article, an Event per event and a
// BreadcrumbList on every deep page. Pure builders: each takes the canonical site origin
// and a page model's fields, and returns plain objects. They reach the page as
// `script:ld+json` meta descriptors (build-meta.server.ts), which React Router writes as
// <script type="application/ld+json"> with `<`, `>` and `&` escaped (\u003c...), so no
// content can close the element. Data blocks are not scripts the browser runs: the CSP
// does not hash them (server/security/script-hashes.ts).
import { BRAND, DEFAULT_DESCRIPTION, SITE_ICON_PATH, SOCIAL_LINKS } from "~/config/site";

export type JsonLdValue = string | number | boolean | null | JsonLd | readonly JsonLdValue[];
export interface JsonLd {
  [key: string]: JsonLdValue;
}

export const SCHEMA_CONTEXT = "https://schema.org";
const SCHEMA = `${SCHEMA_CONTEXT}/`;
export const OFFLINE_ATTENDANCE = `${SCHEMA}OfflineEventAttendanceMode`;
export const ONLINE_ATTENDANCE = `${SCHEMA}OnlineEventAttendanceMode`;
/** A location that says the event happens online rather than at an address. */
const ONLINE_LOCATION = /^(online|virtual|webinar|livestream)\b/i;

const trimOrigin = (origin: string) => origin.replace(/\/+$/, "");

export const organizationId = (origin: string) => `${trimOrigin(origin)}/#organization`;
export const webSiteId = (origin: string) => `${trimOrigin(origin)}/#website`;

/** The organisation as a publisher or organiser: name, home page and logo, no context. */
function organizationRef(origin: string): JsonLd {
  const home = `${trimOrigin(origin)}/`;
  return {
    "@type": "Organization",
    "@id": organizationId(origin),
    name: BRAND,
    url: home,
    logo: { "@type": "ImageObject", url: new URL(SITE_ICON_PATH, home).href },
  };
}

/** The organisation behind the site (home page). */
export function organizationJsonLd(origin: string): JsonLd {
  return {
    "@context": SCHEMA_CONTEXT,
    ...organizationRef(origin),
    description: DEFAULT_DESCRIPTION,
    sameAs: SOCIAL_LINKS.map((link) => link.href),
  };
}

/** The web site itself (home page); no SearchAction, as the site has no search. */
export function webSiteJsonLd(origin: string): JsonLd {
  return {
    "@context": SCHEMA_CONTEXT,
    "@type": "WebSite",
    "@id": webSiteId(origin),
    name: BRAND,
    url: `${trimOrigin(origin)}/`,
    description: DEFAULT_DESCRIPTION,
    inLanguage: "en",
    publisher: { "@id": organizationId(origin) },
  };
}

export interface NewsArticleFacts {
  /** The article's canonical URL. */
  url: string;
  headline: string;
  description?: string;
  /** ISO 8601 date-times. A modification before publication counts as the publication. */
  datePublished: string;
  dateModified?: string;
  /** Absolute image URLs, the preferred first. */
  images: readonly string[];
  /** The byline as the CMS has it. */
  byline?: string;
  section?: string;
}

/**
 * The author: a named person as a Person; the organisation when the byline is missing or
 * is the organisation's own desk ("ID5 Newsroom": it starts with the brand).
 */
function authorOf(origin: string, byline: string | undefined): JsonLd {
  const name = byline?.trim();
  if (!name) return organizationRef(origin);
  if (name === BRAND || name.startsWith(`${BRAND} `)) {
    return { "@type": "Organization", name, url: `${trimOrigin(origin)}/` };
  }
  return { "@type": "Person", name };
}

export function newsArticleJsonLd(origin: string, article: NewsArticleFacts): JsonLd {
  const modified =
    article.dateModified && article.dateModified > article.datePublished
      ? article.dateModified
      : article.datePublished;
  return {
    "@context": SCHEMA_CONTEXT,
    "@type": "NewsArticle",
    mainEntityOfPage: { "@type": "WebPage", "@id": article.url },
    url: article.url,
    headline: article.headline,
    ...(article.description ? { description: article.description } : {}),
    ...(article.images.length > 0 ? { image: [...article.images] } : {}),
    datePublished: article.datePublished,
    dateModified: modified,
    author: [authorOf(origin, article.byline)],
    publisher: organizationRef(origin),
    ...(article.section ? { articleSection: article.section } : {}),
    inLanguage: "en",
  };
}

export interface EventFacts {
  /** The event page's canonical URL. */
  url: string;
  name: string;
  description?: string;
  /** ISO 8601 date-times. */
  startDate: string;
  endDate?: string;
  /** Where, as the CMS has it: an address, or "Online". */
  location?: string;
  /** Where to register: the place of an online event. */
  registrationUrl?: string;
  image?: string;
}

/** Where an event happens and how people attend, when the CMS says where. */
function venueOf(event: EventFacts): JsonLd {
  const where = event.location?.trim();
  if (!where) return {};
  if (ONLINE_LOCATION.test(where)) {
    return {
      eventAttendanceMode: ONLINE_ATTENDANCE,
      location: { "@type": "VirtualLocation", url: event.registrationUrl ?? event.url },
    };
  }
  // "Old Billingsgate, London, United Kingdom": the venue's name, then its address.
  const name = where.split(",")[0]?.trim() || where;
  return {
    eventAttendanceMode: OFFLINE_ATTENDANCE,
    location: { "@type": "Place", name, address: where },
  };
}

export function eventJsonLd(origin: string, event: EventFacts): JsonLd {
  return {
    "@context": SCHEMA_CONTEXT,
    "@type": "Event",
    name: event.name,
    url: event.url,
    ...(event.description ? { description: event.description } : {}),
    startDate: event.startDate,
    ...(event.endDate && event.endDate >= event.startDate ? { endDate: event.endDate } : {}),
    ...venueOf(event),
    ...(event.image ? { image: [event.image] } : {}),
    organizer: organizationRef(origin),
  };
}

export interface Crumb {
  name: string;
  /** Absolute URL. */
  url: string;
}

export function breadcrumbListJsonLd(crumbs: readonly Crumb[]): JsonLd {
  return {
    "@context": SCHEMA_CONTEXT,
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: crumb.name,
      item: crumb.url,
    })),
  };
}
