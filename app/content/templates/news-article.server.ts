// `news-article` entries → news cards (newest first, nine to a page), the paged news list,
// the home page's latest news and the article page. An article needs a date and a title.
import { toContentBlocks } from "../blocks.server";
import { cardDate, toCard } from "../cards.server";
import { notFound, withContent } from "../content-errors.server";
import {
  findPublishedEntryBySlug,
  getPublishedEntries,
  type LocalEntry,
  loadLinkContext,
  TEMPLATES,
} from "../entries.server";
import { toPageHead } from "../head.server";
import type { NewsArticleModel, NewsCardModel, NewsListModel } from "../models";
import { readDate, readString } from "../read.server";
import { newsArticlePath, numberedNewsPagePath } from "../urls";

export const NEWS_PAGE_SIZE = 9;
const DEFAULT_NEWS_CATEGORY = "company";

export function toNewsCard(entry: LocalEntry): NewsCardModel | undefined {
  const date = readDate(entry.meta.date);
  if (!date) return undefined;
  return toCard(entry, newsArticlePath, {
    ...cardDate(date),
    category: readString(entry.meta.category) ?? DEFAULT_NEWS_CATEGORY,
  });
}

interface CardedArticle {
  entry: LocalEntry;
  card: NewsCardModel;
}

/** Every article that makes a card, newest first. */
async function loadCardedArticles(): Promise<CardedArticle[]> {
  const entries = await getPublishedEntries(TEMPLATES.newsArticle);
  return entries
    .map((entry) => ({ entry, card: toNewsCard(entry) }))
    .filter((e): e is CardedArticle => e.card !== undefined)
    .sort((a, b) => (a.card.date < b.card.date ? 1 : a.card.date > b.card.date ? -1 : 0));
}

function newsPageCount(articleCount: number): number {
  return Math.max(1, Math.ceil(articleCount / NEWS_PAGE_SIZE));
}

export function loadNewsList(page: number, path: string): Promise<NewsListModel> {
  return withContent(path, async () => {
    const cards = (await loadCardedArticles()).map((e) => e.card);
    const pageCount = newsPageCount(cards.length);
    if (!Number.isInteger(page) || page < 1 || page > pageCount) notFound(path);
    return {
      items: cards.slice((page - 1) * NEWS_PAGE_SIZE, page * NEWS_PAGE_SIZE),
      page,
      pageCount,
    };
  });
}

export function loadLatestNews(count: number): Promise<NewsCardModel[]> {
  return withContent("/", async () =>
    (await loadCardedArticles()).slice(0, count).map((e) => e.card),
  );
}

export function loadNewsArticle(slug: string, path: string): Promise<NewsArticleModel> {
  return withContent(path, async () => {
    const entry = await findPublishedEntryBySlug(TEMPLATES.newsArticle, slug);
    const card = entry && toNewsCard(entry);
    if (!entry || !card) notFound(path);
    const found = { entry, card };
    const ctx = await loadLinkContext(`news-article ${slug}`);
    const author = readString(found.entry.meta.author);
    return {
      ...found.card,
      head: toPageHead(found.entry, {
        description: found.card.description,
        image: found.entry.meta.cover,
      }),
      ...(author ? { author } : {}),
      body: toContentBlocks(found.entry.content, ctx),
    };
  });
}

/** For prerendering: every article's page and every numbered page of the list. */
export async function listNewsPaths(): Promise<string[]> {
  const articles = await loadCardedArticles();
  return [
    ...articles.map((a) => a.card.href),
    ...Array.from({ length: newsPageCount(articles.length) }, (_, i) =>
      numberedNewsPagePath(i + 1),
    ),
  ];
}
