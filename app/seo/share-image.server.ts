// The share images' answers: an article's card (its category, date and title) and the
// default card, drawn by og-image.server.ts and rendered by og-png.server.ts. Each depends
// on the content alone, so the prerendered file and a later rendering agree until the
// article changes.
import { getEnv } from "~/config/env.server";
import type { NewsCardModel } from "~/content/models";
import { newsCategoryLabel } from "./news-category";
import { DEFAULT_CARD_TITLE, type ShareCard, shareCardSvg } from "./og-image.server";
import { sharePngResponse } from "./og-png.server";

const footer = () => new URL(getEnv().siteOrigin).host;

/** What an article's card says. */
export function newsShareCard(article: NewsCardModel, site: string): ShareCard {
  const kicker = `${newsCategoryLabel(article.category)} · ${article.dateLabel}`;
  return { title: article.title, kicker, footer: site };
}

export function newsShareImageResponse(article: NewsCardModel): Promise<Response> {
  return sharePngResponse(shareCardSvg(newsShareCard(article, footer())));
}

export function defaultShareImageResponse(): Promise<Response> {
  return sharePngResponse(shareCardSvg({ title: DEFAULT_CARD_TITLE, footer: footer() }));
}
