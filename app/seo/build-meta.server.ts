// The one page-head metadata builder of SPEC §3, with the site defaults; every page loader
// returns its result (page-head.server.ts). Absolute URLs come from the canonical site
// origin passed in (SITE_ORIGIN), never from the request's host.
import type { MetaDescriptor } from "react-router";
import { BRAND, DEFAULT_DESCRIPTION, DEFAULT_TITLE } from "~/config/site";
import { NO_INDEX_ROBOTS, TITLE_SEPARATOR } from "./route-meta";

export const TWITTER_CARD = "summary_large_image";

export interface PageMetaInput {
  /** Page title without the brand; defaults to DEFAULT_TITLE (the product name). */
  title?: string;
  description?: string;
  /** Absolute URL, or a path resolved against siteOrigin. */
  image?: string;
  noIndex?: boolean;
  /** The current path (query and hash are dropped for the canonical URL). */
  path: string;
  /** The canonical site origin, e.g. https://id5.io. */
  siteOrigin: string;
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

/** siteOrigin + path, without query, hash or trailing slash (except the root). */
export function canonicalUrl(siteOrigin: string, path: string): string {
  let pathname = path.split(/[?#]/, 1)[0] ?? "";
  if (!pathname.startsWith("/")) pathname = `/${pathname}`;
  pathname = pathname.replace(/\/+$/, "") || "/";
  return `${trimOrigin(siteOrigin)}${pathname}`;
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
    { property: "og:type", content: "website" },
    { property: "og:url", content: url },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { name: "twitter:card", content: TWITTER_CARD },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
  ];
  if (input.image) {
    const image = absoluteUrl(input.siteOrigin, input.image);
    meta.push({ property: "og:image", content: image }, { name: "twitter:image", content: image });
  }
  if (input.noIndex) meta.push({ name: "robots", content: NO_INDEX_ROBOTS });
  return meta;
}
