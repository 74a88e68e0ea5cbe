// `news-article` entries → news cards (newest first, nine to a page), the paged news list,
// the home page's latest news, the article page, the news feed's items and the share
// image's card. An article needs a date and a title.
import { toContentBlocks } from "../blocks.server";
import { cardDate, toCard } from "../cards.server";
import { notFound, withContent } from "../content-errors.server";
import {
  entrySlug,
  findPublishedEntryBySlug,
  type LocalEntry,
  loadLinkContext,
  orderedList,
  TEMPLATES,
} from "../entries.server";
import { toPageHead } from "../head.server";
import type { NewsArticleModel, NewsCardModel, NewsFeedItemModel, NewsListModel } from "../models";
import { isoDateTime, readDate, readString } from "../read.server";
import { newsArticlePath, newsImagePath, numberedNewsPagePath } from "../urls";

export const NEWS_PAGE_SIZE = 9;
const DEFAULT_NEWS_CATEGORY = "company";

export function toNewsCard(entry: LocalEntry<"news-article">): NewsCardModel | undefined {
  const date = readDate(entry.meta.date);
  if (!date) return undefined;
  return toCard(entry, newsArticlePath, {
    ...cardDate(date),
    category: readString(entry.meta.category) ?? DEFAULT_NEWS_CATEGORY,
  });
}

interface CardedArticle {
  entry: LocalEntry<"news-article">;
  card: NewsCardModel;
  /** The article's date as an ISO 8601 date-time (the card shows its day). */
  publishedAt: string;
}

function toCardedArticle(entry: LocalEntry<"news-article">): CardedArticle | undefined {
  const card = toNewsCard(entry);
  const date = readDate(entry.meta.date);
  return card && date ? { entry, card, publishedAt: isoDateTime(date) } : undefined;
}

/** An article that makes a card (it has a title and a date), before its card is made. */
interface DatedArticle {
  entry: LocalEntry<"news-article">;
  publishedAt: string;
}

/** Articles that make a card, newest first (articles of one instant keep the list's order). */
function sortArticles(entries: readonly LocalEntry<"news-article">[]): DatedArticle[] {
  return entries
    .flatMap((entry) => {
      const date = readDate(entry.meta.date);
      return date && readString(entry.meta.title)
        ? [{ entry, publishedAt: isoDateTime(date) }]
        : [];
    })
    .sort((a, b) => (a.publishedAt < b.publishedAt ? 1 : a.publishedAt > b.publishedAt ? -1 : 0));
}

/**
 * Every article that makes a card, newest first: sorted once per read of the list. Cards
 * are made only for the articles a page shows (a card reads its entry and cover), so a page
 * depends on the order and on the articles it shows, not on every article.
 */
const loadDatedArticles = orderedList(TEMPLATES.newsArticle, sortArticles);

function toCardedArticles(articles: readonly DatedArticle[]): CardedArticle[] {
  return articles
    .map(({ entry }) => toCardedArticle(entry))
    .filter((e): e is CardedArticle => e !== undefined);
}

/** One article by its slug: the page then depends on that entry alone, not the list. */
async function findCardedArticle(slug: string, path: string): Promise<CardedArticle> {
  const entry = await findPublishedEntryBySlug(TEMPLATES.newsArticle, slug);
  const found = entry && toCardedArticle(entry);
  if (!found) notFound(path);
  return found;
}

function newsPageCount(articleCount: number): number {
  return Math.max(1, Math.ceil(articleCount / NEWS_PAGE_SIZE));
}

export function loadNewsList(page: number, path: string): Promise<NewsListModel> {
  return withContent(path, async () => {
    const articles = await loadDatedArticles();
    const pageCount = newsPageCount(articles.length);
    if (!Number.isInteger(page) || page < 1 || page > pageCount) notFound(path);
    const shown = articles.slice((page - 1) * NEWS_PAGE_SIZE, page * NEWS_PAGE_SIZE);
    return {
      items: toCardedArticles(shown).map((e) => e.card),
      page,
      pageCount,
    };
  });
}

export function loadLatestNews(count: number): Promise<NewsCardModel[]> {
  return withContent("/", async () =>
    toCardedArticles((await loadDatedArticles()).slice(0, count)).map((e) => e.card),
  );
}

export function loadNewsArticle(slug: string, path: string): Promise<NewsArticleModel> {
  return withContent(path, async () => {
    const found = await findCardedArticle(slug, path);
    const ctx = await loadLinkContext(`news-article ${slug}`);
    const author = readString(found.entry.meta.author);
    return {
      ...found.card,
      head: toPageHead(found.entry, {
        description: found.card.description,
        image: found.entry.meta.cover,
      }),
      publishedAt: found.publishedAt,
      ...(author ? { author } : {}),
      body: toContentBlocks(found.entry.content, ctx),
    };
  });
}

/** An article's card alone (what its share image shows); 404 when there is no such article. */
export function loadNewsCard(slug: string, path: string): Promise<NewsCardModel> {
  return withContent(path, async () => (await findCardedArticle(slug, path)).card);
}

/** The newest `count` articles, for the news feed. */
export function loadNewsFeedItems(count: number, path: string): Promise<NewsFeedItemModel[]> {
  return withContent(path, async () =>
    toCardedArticles((await loadDatedArticles()).slice(0, count)).map(
      ({ entry, card, publishedAt }) => {
        const author = readString(entry.meta.author);
        return { ...card, entryId: entry.id, publishedAt, ...(author ? { author } : {}) };
      },
    ),
  );
}

/** For prerendering: every article's page and every numbered page of the list. */
export async function listNewsPaths(): Promise<string[]> {
  const articles = await loadDatedArticles();
  return [
    ...articles.map((a) => newsArticlePath(entrySlug(a.entry))),
    ...Array.from({ length: newsPageCount(articles.length) }, (_, i) =>
      numberedNewsPagePath(i + 1),
    ),
  ];
}

/** For prerendering: every article's share image. */
export async function listNewsImagePaths(): Promise<string[]> {
  return (await loadDatedArticles()).map((a) => newsImagePath(entrySlug(a.entry)));
}
