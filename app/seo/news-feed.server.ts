// The news feed's answer (/news/feed.atom): the newest articles as Atom, every URL on the
// canonical site origin.
import { getEnv } from "~/config/env.server";
import { BRAND, SITE_ICON_PATH } from "~/config/site";
import type { NewsFeedItemModel } from "~/content/models";
import { CONTENT_URL_PATTERNS } from "~/content/urls";
import { absoluteUrl } from "./build-meta.server";
import { atomFeed, FEED_CONTENT_TYPE } from "./feed.server";
import { newsCategoryLabel } from "./news-category";
/** How readers and every page's head name the feed. */
export const NEWS_FEED_TITLE = `${BRAND} news`;
/** The feed's own name in its id (feed.server.ts). */
const NEWS_FEED_NAME = "news";

export function newsFeedXml(origin: string, items: readonly NewsFeedItemModel[]): string {
  const url = (path: string) => absoluteUrl(origin, path);
  return atomFeed({
    name: NEWS_FEED_NAME,
    title: NEWS_FEED_TITLE,
    selfUrl: url(CONTENT_URL_PATTERNS.newsFeed),
    pageUrl: url(CONTENT_URL_PATTERNS.newsIndex),
    iconUrl: url(SITE_ICON_PATH),
    authorName: BRAND,
    authorUrl: url("/"),
    lang: "en",
    entries: items.map((item) => ({
      entryId: item.entryId,
      title: item.title,
      url: url(item.href),
      published: item.publishedAt,
      ...(item.modifiedAt ? { updated: item.modifiedAt } : {}),
      ...(item.description ? { summary: item.description } : {}),
      ...(item.author ? { author: item.author } : {}),
      category: newsCategoryLabel(item.category),
    })),
  });
}

export function newsFeedResponse(items: readonly NewsFeedItemModel[]): Response {
  return new Response(newsFeedXml(getEnv().siteOrigin, items), {
    headers: { "Content-Type": FEED_CONTENT_TYPE },
  });
}
