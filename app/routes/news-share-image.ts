// GET /og/news/{slug}.png: an article's share image, drawn from its title (prerendered at
// build for every article, rendered again when the article changes).
import { notFound } from "~/content/content-errors.server";
import { loadNewsCard } from "~/content/templates/news-article.server";
import { newsImageSlug } from "~/content/urls";
import type { RouteHandle } from "~/root";
import { newsShareImageResponse } from "~/seo/share-image.server";
import type { Route } from "./+types/news-share-image";

/** Its slugs name entries: a slug the content does not list is a 404 (no render). */
export const handle: RouteHandle = { addresses: "listed" };

export async function loader({ params, url }: Route.LoaderArgs) {
  const slug = newsImageSlug(params.image);
  if (!slug) notFound(url.pathname);
  return newsShareImageResponse(await loadNewsCard(slug, url.pathname));
}
