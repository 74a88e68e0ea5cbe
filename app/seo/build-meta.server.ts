// The one page-head metadata builder, with the site defaults; every page loader
// returns its result (page-head.server.ts). Absolute URLs come from the canonical site
// origin passed in (SITE_ORIGIN), never from the request's host. Beyond title, description
// and social tags it writes what discovery needs (docs/decisions/0010-discovery.md): the
// share image's size, article times, the page's last change, language versions, the news
// feed, structured data.
import type { MetaDescriptor } from "react-router";
import { BRAND, DEFAULT_DESCRIPTION, DEFAULT_TITLE } from "~/config/site";
import type { JsonLd } from "./json-ld.server";
import { NO_INDEX_ROBOTS, TITLE_SEPARATOR } from "./route-meta";

export const TWITTER_CARD = "summary_large_image";

export interface PageMetaInput {
  /** Page title without the brand; defaults to DEFAULT_TITLE (the product name). */
  title?: string;
  description?: string;
  /** Absolute URL, or a path resolved against siteOrigin. */
  image?: string;
  /** The image's size in pixels and alt text, when known. */
  imageWidth?: number;
  imageHeight?: number;
  imageAlt?: string;
  noIndex?: boolean;
  /** The current path (query and hash are dropped for the canonical URL). */
  path: string;
  /** The canonical site origin, e.g. https://id5.io. */
  siteOrigin: string;
  /** Open Graph type: `article` adds the article's times and section. Default `website`. */
  type?: "website" | "article";
  /** ISO 8601 date-times: the article's publication, and the page's last change. */
  publishedTime?: string;
  modifiedTime?: string;
  /** The article's section (its category). */
  section?: string;
  /** The page in other languages: hreflang and a path or absolute URL. */
  alternates?: readonly { hreflang: string; href: string }[];
  /** A feed to announce: its title and a path or absolute URL. */
  feed?: { title: string; href: string; type: string };
  /** Structured data, one script each. */
  jsonLd?: readonly JsonLd[];
}

/** `{title} - {BRAND}`; just the brand when the title is the brand (no "ID5 - ID5"). */
export function formatTitle(title?: string): string {
  const clean = title?.trim() || DEFAULT_TITLE;
  if (clean === BRAND || clean === DEFAULT_TITLE) return BRAND;
  if (clean.endsWith(`${TITLE_SEPARATOR}${BRAND}`)) return clean;
  return `${clean}${TITLE_SEPARATOR}${BRAND}`;
}

function trimOrigin(siteOrigin: string): string {
  return siteOrigin.replace(/\/+$/, "");
}

/** The path without query, hash or trailing slash (except the root's). */
export function canonicalPath(path: string): string {
  let pathname = path.split(/[?#]/, 1)[0] ?? "";
  if (!pathname.startsWith("/")) pathname = `/${pathname}`;
  return pathname.replace(/\/+$/, "") || "/";
}

/** siteOrigin + path, without query, hash or trailing slash (except the root). */
export function canonicalUrl(siteOrigin: string, path: string): string {
  return `${trimOrigin(siteOrigin)}${canonicalPath(path)}`;
}

/** An absolute image URL: relative paths are resolved against the site origin. */
export function absoluteUrl(siteOrigin: string, url: string): string {
  return new URL(url, `${trimOrigin(siteOrigin)}/`).href;
}

export function buildMeta(input: PageMetaInput): MetaDescriptor[] {
  const title = formatTitle(input.title);
  const description = input.description?.trim() || DEFAULT_DESCRIPTION;
  const url = canonicalUrl(input.siteOrigin, input.path);
  const meta: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: title },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:url", content: url },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { name: "twitter:card", content: TWITTER_CARD },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
  ];
  if (input.image) {
    const image = absoluteUrl(input.siteOrigin, input.image);
    meta.push({ property: "og:image", content: image });
    if (input.imageWidth && input.imageHeight) {
      meta.push(
        { property: "og:image:width", content: String(input.imageWidth) },
        { property: "og:image:height", content: String(input.imageHeight) },
      );
    }
    if (input.imageAlt) meta.push({ property: "og:image:alt", content: input.imageAlt });
    meta.push({ name: "twitter:image", content: image });
    if (input.imageAlt) meta.push({ name: "twitter:image:alt", content: input.imageAlt });
  }
  if (input.type === "article") {
    if (input.publishedTime) {
      meta.push({ property: "article:published_time", content: input.publishedTime });
    }
    if (input.modifiedTime) {
      meta.push({ property: "article:modified_time", content: input.modifiedTime });
    }
    if (input.section) meta.push({ property: "article:section", content: input.section });
  }
  if (input.modifiedTime) meta.push({ property: "og:updated_time", content: input.modifiedTime });
  if (input.noIndex) meta.push({ name: "robots", content: NO_INDEX_ROBOTS });
  for (const alternate of input.alternates ?? []) {
    meta.push({
      tagName: "link",
      rel: "alternate",
      hrefLang: alternate.hreflang,
      href: absoluteUrl(input.siteOrigin, alternate.href),
    });
  }
  if (input.feed) {
    meta.push({
      tagName: "link",
      rel: "alternate",
      type: input.feed.type,
      title: input.feed.title,
      href: absoluteUrl(input.siteOrigin, input.feed.href),
    });
  }
  for (const data of input.jsonLd ?? []) meta.push({ "script:ld+json": data });
  return meta;
}
