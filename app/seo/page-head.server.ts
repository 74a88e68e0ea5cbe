// A page's `head` loader data: its metadata built for the requested path against the
// canonical site origin, and its document language. Every page gets the news feed's link,
// a share image (its own, or the default card), its last change, its breadcrumb trail when
// it is two or more levels deep, and its language versions; the home page, news articles
// and events add their structured data. Routes pick the function for their kind of page.
import { getEnv } from "~/config/env.server";
import { BRAND } from "~/config/site";
import type { EventModel, NewsArticleModel, PageHead } from "~/content/models";
import { newestOf } from "~/content/read.server";
import { CONTENT_URL_PATTERNS, newsImagePath } from "~/content/urls";
import { breadcrumbTrail } from "./breadcrumbs.server";
import {
  absoluteUrl,
  buildMeta,
  canonicalPath,
  canonicalUrl,
  formatTitle,
  type PageMetaInput,
} from "./build-meta.server";
import { FEED_MEDIA_TYPE } from "./feed.server";
import {
  breadcrumbListJsonLd,
  eventJsonLd,
  type JsonLd,
  newsArticleJsonLd,
  organizationJsonLd,
  webSiteJsonLd,
} from "./json-ld.server";
import { languageAlternates } from "./language-versions";
import { newsCategoryLabel } from "./news-category";
import { NEWS_FEED_TITLE } from "./news-feed.server";
import { OG_IMAGE_HEIGHT, OG_IMAGE_WIDTH } from "./og-image.server";
import type { LoadedHead } from "./route-meta";

/** The default share card's alt text. */
export const DEFAULT_IMAGE_ALT = BRAND;

type ShareImage = Pick<PageHead, "image" | "imageWidth" | "imageHeight" | "imageAlt">;

const DEFAULT_IMAGE: ShareImage = {
  image: CONTENT_URL_PATTERNS.defaultImage,
  imageWidth: OG_IMAGE_WIDTH,
  imageHeight: OG_IMAGE_HEIGHT,
  imageAlt: DEFAULT_IMAGE_ALT,
};

/** What a kind of page adds to the common head. */
interface HeadExtras extends Partial<Pick<PageMetaInput, "type" | "publishedTime" | "section">> {
  image?: ShareImage;
  /** Structured data about the page itself (the breadcrumb trail is added here). */
  jsonLd?: (origin: string, canonical: string) => JsonLd[];
}

function shareImageOf(head: PageHead): ShareImage {
  if (!head.image) return DEFAULT_IMAGE;
  const { image, imageWidth, imageHeight, imageAlt } = head;
  return {
    image,
    ...(imageWidth && imageHeight ? { imageWidth, imageHeight } : {}),
    ...(imageAlt ? { imageAlt } : {}),
  };
}

function composeHead(url: URL, head: PageHead, extras: HeadExtras = {}): LoadedHead {
  const origin = getEnv().siteOrigin;
  const path = canonicalPath(url.pathname);
  const canonical = canonicalUrl(origin, path);
  const crumbs = breadcrumbTrail(origin, path, head.title?.trim() || formatTitle());
  const meta = buildMeta({
    ...(head.title ? { title: head.title } : {}),
    ...(head.description ? { description: head.description } : {}),
    ...(head.noIndex ? { noIndex: true } : {}),
    ...(extras.image ?? shareImageOf(head)),
    ...(extras.type ? { type: extras.type } : {}),
    ...(extras.publishedTime ? { publishedTime: extras.publishedTime } : {}),
    ...(extras.section ? { section: extras.section } : {}),
    ...(head.modifiedAt ? { modifiedTime: head.modifiedAt } : {}),
    path,
    siteOrigin: origin,
    alternates: languageAlternates(path).map((alternate) => ({
      hreflang: alternate.hreflang,
      href: alternate.path,
    })),
    feed: { title: NEWS_FEED_TITLE, href: CONTENT_URL_PATTERNS.newsFeed, type: FEED_MEDIA_TYPE },
    jsonLd: [
      ...(extras.jsonLd?.(origin, canonical) ?? []),
      ...(crumbs.length > 0 ? [breadcrumbListJsonLd(crumbs)] : []),
    ],
  });
  // The visible trail (components/pages/breadcrumbs.tsx) is the structured data's, as paths.
  const breadcrumbs = crumbs.map((crumb) => ({
    name: crumb.name,
    path: new URL(crumb.url).pathname,
  }));
  return {
    meta,
    ...(head.lang ? { lang: head.lang } : {}),
    ...(breadcrumbs.length > 0 ? { breadcrumbs } : {}),
  };
}

/** The head of a page that lists other entries: newest of its own and theirs. */
function withListed(head: PageHead, listed: readonly { modifiedAt?: string }[]): PageHead {
  const modifiedAt = newestOf([head.modifiedAt, ...listed.map((item) => item.modifiedAt)]);
  return modifiedAt ? { ...head, modifiedAt } : head;
}

/** Any page: the common head. */
export function pageHead(url: URL, head: PageHead): LoadedHead {
  return composeHead(url, head);
}

/**
 * A page that lists other entries (the news list, resources, jobs): it changed when its
 * own entry or any entry it shows did.
 */
export function listPageHead(
  url: URL,
  head: PageHead,
  listed: readonly { modifiedAt?: string }[],
): LoadedHead {
  return composeHead(url, withListed(head, listed));
}

/** The home page: a list page (the latest news) that also describes the organisation. */
export function homeHead(
  url: URL,
  head: PageHead,
  listed: readonly { modifiedAt?: string }[],
): LoadedHead {
  return composeHead(url, withListed(head, listed), {
    // /new/home shows the same page under its own URL; the site is described once, at /.
    ...(url.pathname === "/"
      ? { jsonLd: (origin) => [organizationJsonLd(origin), webSiteJsonLd(origin)] }
      : {}),
  });
}

/** A news article: its generated share card, article times, and NewsArticle data. */
export function newsArticleHead(url: URL, article: NewsArticleModel): LoadedHead {
  const cardPath = newsImagePath(article.slug);
  const section = newsCategoryLabel(article.category);
  return composeHead(url, article.head, {
    image: {
      image: cardPath,
      imageWidth: OG_IMAGE_WIDTH,
      imageHeight: OG_IMAGE_HEIGHT,
      imageAlt: article.title,
    },
    type: "article",
    publishedTime: article.publishedAt,
    section,
    jsonLd: (origin, canonical) => [
      newsArticleJsonLd(origin, {
        url: canonical,
        headline: article.title,
        ...(article.head.description ? { description: article.head.description } : {}),
        datePublished: article.publishedAt,
        ...(article.head.modifiedAt ? { dateModified: article.head.modifiedAt } : {}),
        images: [
          absoluteUrl(origin, cardPath),
          ...(article.head.image ? [article.head.image] : []),
        ],
        ...(article.author ? { byline: article.author } : {}),
        section,
      }),
    ],
  });
}

/** An event: Event data. */
export function eventHead(url: URL, event: EventModel): LoadedHead {
  return composeHead(url, event.head, {
    jsonLd: (origin, canonical) => [
      eventJsonLd(origin, {
        url: canonical,
        name: event.title,
        ...(event.head.description ? { description: event.head.description } : {}),
        startDate: event.startsAt,
        ...(event.endsAt ? { endDate: event.endsAt } : {}),
        ...(event.location ? { location: event.location } : {}),
        ...(event.registrationUrl ? { registrationUrl: event.registrationUrl } : {}),
        ...(event.head.image ? { image: event.head.image } : {}),
      }),
    ],
  });
}
