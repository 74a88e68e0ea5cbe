// GET /news/feed.atom: the newest news articles as an Atom feed (prerendered at build).
import { loadNewsFeedItems } from "~/content/templates/news-article.server";
import { FEED_ENTRY_LIMIT } from "~/seo/feed.server";
import { newsFeedResponse } from "~/seo/news-feed.server";
import type { Route } from "./+types/news-feed";

export async function loader({ url }: Route.LoaderArgs) {
  return newsFeedResponse(await loadNewsFeedItems(FEED_ENTRY_LIMIT, url.pathname));
}
